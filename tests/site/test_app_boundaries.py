"""The apps depend on each other one way only: engine and bots < games < lobby; accounts apart.

Read as syntax trees, so imports inside functions and branches tests never run count too.
The rules (docs/architecture.md, "Layers"):

- ``games/engine`` imports only the standard library and itself (it runs without Django);
- ``games/bots`` imports only the standard library, the engine, the strategy and itself;
- ``games`` never imports ``lobby`` (lobby sits above games and plugs in where games needs it);
- ``ratings`` sits above games and below the lobby: games and accounts never import it, it never
  imports the lobby, and its maths (``glicko2``) and tally are pure (standard library only);
- ``accounts`` knows people only: nothing from ``games`` beyond the pure engine, nothing from
  ``lobby``;
- the project's shared leaves (``cribbage_site/errors.py``, ``cribbage_site/match_options.py``)
  that every app may import stay below every app.
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


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def offenders(folder: str, allowed) -> dict[str, list[str]]:
    """For each module under ``folder``, the imports ``allowed(name)`` refuses."""
    found = {
        module: sorted(name for name in names if not allowed(name))
        for module, names in imports_under(folder).items()
    }
    return {module: names for module, names in found.items() if names}


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


def test_the_engine_imports_only_the_standard_library_and_itself():
    assert (
        offenders("games/engine", lambda name: is_standard(name) or within(name, "games.engine"))
        == {}
    )


def test_the_bots_import_only_the_standard_library_the_engine_strategy_and_themselves():
    def allowed(name: str) -> bool:
        return is_standard(name) or any(
            within(name, f"games.{package}") for package in ("engine", "strategy", "bots")
        )

    assert offenders("games/bots", allowed) == {}


def test_games_never_imports_the_lobby():
    assert offenders("games", lambda name: not within(name, "lobby")) == {}


def test_games_and_accounts_never_import_ratings_and_ratings_never_imports_the_lobby():
    assert offenders("games", lambda name: not within(name, "ratings")) == {}
    assert offenders("accounts", lambda name: not within(name, "ratings")) == {}
    assert offenders("ratings", lambda name: not within(name, "lobby")) == {}


def test_the_rating_maths_and_the_tally_are_pure():
    for module in ("glicko2", "tally"):
        source = (PROJECT_DIR / "ratings" / f"{module}.py").read_text()
        found = imported_modules(source, f"ratings.{module}")
        assert all(is_standard(name) for name in found), (module, found)


def test_accounts_imports_nothing_from_games_but_the_engine_and_nothing_from_the_lobby():
    def allowed(name: str) -> bool:
        if within(name, "lobby"):
            return False
        return not within(name, "games") or name == "games" or within(name, "games.engine")

    # ``from games.engine.options import X`` also records "games" and "games.engine": both fine.
    assert offenders("accounts", allowed) == {}


def test_the_shared_project_modules_sit_below_every_app():
    errors = imported_modules(
        (PROJECT_DIR / "cribbage_site/errors.py").read_text(), "cribbage_site.errors"
    )
    assert errors <= {"__future__", "__future__.annotations"}
    options = imported_modules(
        (PROJECT_DIR / "cribbage_site/match_options.py").read_text(), "cribbage_site.match_options"
    )
    apps = {name for name in options if not is_standard(name) and not within(name, "django")}
    assert all(name == "games" or within(name, "games.engine") for name in apps), apps


def test_a_violation_would_be_reported(tmp_path, monkeypatch):
    """The checks are not vacuous: a games module importing the lobby inside a function is named."""
    fake_root = tmp_path
    (fake_root / "games").mkdir()
    (fake_root / "games" / "__init__.py").write_text("")
    (fake_root / "games" / "views.py").write_text(
        "def page():\n    from lobby.models import Seek\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "PROJECT_DIR", fake_root)
    assert offenders("games", lambda name: not within(name, "lobby")) == {
        "games.views": ["lobby.models", "lobby.models.Seek"]
    }


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


def test_review_sits_above_games_and_nothing_below_imports_it():
    """The review app reads finished matches: games, accounts and ratings never import it, and it
    never imports the lobby (which may link to reviews, as apps above it)."""
    for below in ("games", "accounts", "ratings"):
        assert offenders(below, lambda name: not within(name, "review")) == {}, below
    assert offenders("review", lambda name: not within(name, "lobby")) == {}
