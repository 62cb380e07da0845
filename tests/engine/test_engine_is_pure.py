"""games/engine stays pure Python: no Django, no Channels, nothing of the web shell.

The engine runs in the bot, in analysis scripts and in tests without a configured Django, so a
stray import there would couple the rules to the framework. Two checks: every module's source,
read as a syntax tree (catches imports in functions and branches that never run in tests), and
a fresh interpreter importing every engine module (catches what the tree cannot see, such as
an import through a package ``__init__``).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[2]
ENGINE_DIR = PROJECT_DIR / "games" / "engine"
FORBIDDEN = {"django", "channels", "channels_redis", "daphne", "asgiref"}


def forbidden_imports(source: str, filename: str = "<source>") -> list[str]:
    """Top-level package names from FORBIDDEN that ``source`` imports, in any form."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call) and _names_import_function(node.func):
            names = [arg.value for arg in node.args[:1] if isinstance(arg, ast.Constant)]
            names = [name for name in names if isinstance(name, str)]
        found.extend(name for name in names if name.split(".")[0] in FORBIDDEN)
    return found


def _names_import_function(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def engine_modules() -> list[Path]:
    return sorted(ENGINE_DIR.rglob("*.py"))


def test_the_checker_catches_every_form_of_import():
    sneaky = """
import os
import django.db
from channels.layers import get_channel_layer
def later():
    from daphne import server
    import importlib
    importlib.import_module("channels_redis.core")
    __import__("django")
"""
    assert sorted(forbidden_imports(sneaky)) == [
        "channels.layers",
        "channels_redis.core",
        "daphne",
        "django",
        "django.db",
    ]
    assert forbidden_imports("import json\nfrom games.engine.cards import Card\n") == []


def test_no_engine_module_imports_the_web_framework():
    modules = engine_modules()
    assert ENGINE_DIR / "scoring.py" in modules

    offenders = {
        str(path.relative_to(PROJECT_DIR)): forbidden_imports(path.read_text(), str(path))
        for path in modules
    }

    assert {path: names for path, names in offenders.items() if names} == {}


IMPORT_EVERY_ENGINE_MODULE = """
import importlib, json, pkgutil, sys
import games.engine
for module in pkgutil.walk_packages(games.engine.__path__, "games.engine."):
    importlib.import_module(module.name)
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_importing_the_engine_loads_no_web_framework():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(PROJECT_DIR)

    completed = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERY_ENGINE_MODULE],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert completed.returncode == 0, completed.stderr
    loaded = set(json.loads(completed.stdout.strip().splitlines()[-1]))
    assert "games" in loaded
    assert loaded & FORBIDDEN == set()
