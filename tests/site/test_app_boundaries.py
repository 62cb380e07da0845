"""What the import contract (pyproject.toml's ``[tool.importlinter]``, run by
tests/site/test_import_contract.py) cannot say: modules that must be pure inside an app, and
pages that never import another app's pages.

Read as syntax trees, so imports inside functions and branches tests never run count too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.engine.test_engine_is_pure import PROJECT_DIR

STANDARD_LIBRARY = set(sys.stdlib_module_names)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PROJECT_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module ``source`` imports, in any form, as absolute dotted names.

    Relative imports are resolved against ``module``; ``from a import b`` counts as both ``a``
    and ``a.b`` (``b`` may be a submodule); ``import_module("x")`` and ``__import__("x")``
    count when their argument is a literal.
    """
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and _is_import_call(node.func):
            literal = node.args[0] if node.args else None
            if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
                found.add(literal.value)
    return found


def _is_import_call(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def imports_under(folder: str) -> dict[str, set[str]]:
    """Module name -> what it imports, for every Python file under ``folder``."""
    result = {}
    for path in sorted((PROJECT_DIR / folder).rglob("*.py")):
        name = module_name(path)
        result[name] = imported_modules(path.read_text(), name, path.name == "__init__.py")
    return result


def offenders(folder: str, allowed) -> dict[str, list[str]]:
    """Module -> the imports under ``folder`` that ``allowed`` refuses (only modules with any)."""
    found = {}
    for module, names in imports_under(folder).items():
        refused = sorted(name for name in names if not allowed(name))
        if refused:
            found[module] = refused
    return found


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def is_standard(name: str) -> bool:
    return name.split(".")[0] in STANDARD_LIBRARY


def test_the_reader_sees_every_form_of_import():
    sneaky = """
import os
from . import sibling
from ..lobby import selectors
from games.engine.cards import Card
def later():
    from lobby.models import Invitation
    import importlib
    importlib.import_module("lobby.services")
    __import__("channels")
"""
    found = imported_modules(sneaky, "games.services.matches")
    assert {
        "os",
        "games.services.sibling",
        "games.lobby.selectors",
        "games.engine.cards.Card",
        "lobby.models",
        "importlib",
        "lobby.services",
        "channels",
    } <= found
    assert imported_modules("from . import x", "games", is_package=True) == {"games", "games.x"}


def test_the_rating_maths_and_the_tally_are_pure():
    for module in ("glicko2", "tally"):
        source = (PROJECT_DIR / "ratings" / f"{module}.py").read_text()
        found = imported_modules(source, f"ratings.{module}")
        # Pure: the standard library, and the pure game packages (the one definition of
        # counting accuracy lives in games.strategy.review.claims).
        pure = ("games.strategy", "games.engine")
        assert all(is_standard(name) or any(within(name, p) for p in pure) for name in found), (
            module,
            found,
        )


def test_no_apps_view_imports_another_apps_views():
    """Helpers several apps' pages share live in a module of their own (accounts.guests)."""
    apps = ("accounts", "games", "lobby")
    found = {}
    for app in apps:
        for module, names in imports_under(app).items():
            if module.split(".")[-1] != "views":
                continue
            others = sorted(
                name
                for name in names
                if any(within(name, f"{other}.views") for other in apps if other != app)
            )
            if others:
                found[module] = others
    assert found == {}
