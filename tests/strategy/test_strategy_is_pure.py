"""games/strategy stays pure Python like the engine, and the engine knows nothing of it.

Strategy runs in the bots' worker threads, in the review's task and in offline scripts without
a configured Django; the rules must stay readable without the search and tables beside them.
Both arrows are checked on the source (every form of import) and in a fresh interpreter.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

from tests.engine.test_engine_is_pure import (
    ENGINE_DIR,
    FORBIDDEN,
    PROJECT_DIR,
    engine_modules,
    forbidden_imports,
)

STRATEGY_DIR = PROJECT_DIR / "games" / "strategy"


def strategy_imports(source: str, filename: str = "<source>") -> list[str]:
    """Modules of games.strategy that ``source`` imports, absolute or relative."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("games.strategy"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.level == 0 and node.module.startswith("games.strategy"):
                found.append(node.module)
            elif node.level == 0 and node.module == "games":
                found.extend(f"games.{a.name}" for a in node.names if a.name == "strategy")
            elif node.level >= 2 and node.module.startswith("strategy"):
                found.append(node.module)
    return found


def test_the_strategy_checker_catches_every_form_of_import():
    sneaky = """
import games.strategy.analysis
from games.strategy import pegging_search
from games import strategy
from ..strategy.review import analyze_match
from games.engine.cards import Card
"""
    assert strategy_imports(sneaky) == [
        "games.strategy.analysis",
        "games.strategy",
        "games.strategy",
        "strategy.review",
    ]


def test_no_strategy_module_imports_the_web_framework():
    modules = sorted(STRATEGY_DIR.rglob("*.py"))
    assert STRATEGY_DIR / "pegging_search.py" in modules
    offenders = {str(p.relative_to(PROJECT_DIR)): forbidden_imports(p.read_text()) for p in modules}
    assert {path: names for path, names in offenders.items() if names} == {}


def test_no_engine_module_imports_strategy():
    modules = engine_modules()
    assert ENGINE_DIR / "flow.py" in modules
    offenders = {str(p.relative_to(PROJECT_DIR)): strategy_imports(p.read_text()) for p in modules}
    assert {path: names for path, names in offenders.items() if names} == {}


IMPORT_EVERY_MODULE = """
import importlib, json, pkgutil, sys
import games.{package}
for module in pkgutil.walk_packages(games.{package}.__path__, "games.{package}."):
    importlib.import_module(module.name)
print(json.dumps(sorted(sys.modules)))
"""


def loaded_after_importing(package: str) -> set[str]:
    """Every module name loaded by a fresh interpreter that imports all of ``games.<package>``."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(PROJECT_DIR)
    completed = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERY_MODULE.format(package=package)],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return set(json.loads(completed.stdout.strip().splitlines()[-1]))


def test_importing_strategy_loads_no_web_framework():
    loaded = loaded_after_importing("strategy")
    assert "games.strategy.review.match_review" in loaded
    assert {name.split(".")[0] for name in loaded} & FORBIDDEN == set()


def test_importing_the_engine_loads_nothing_of_strategy():
    loaded = loaded_after_importing("engine")
    assert "games.engine.flow" in loaded
    assert {name for name in loaded if name.startswith("games.strategy")} == set()
