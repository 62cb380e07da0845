"""games/bots stays pure Python like the engine, so it runs in a worker thread, a script or a
benchmark without Django, and could move to another process unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.engine.test_engine_is_pure import FORBIDDEN, PROJECT_DIR, forbidden_imports

BOTS_DIR = PROJECT_DIR / "games" / "bots"


def test_no_bot_module_imports_the_web_framework():
    modules = sorted(BOTS_DIR.glob("*.py"))
    assert len(modules) >= 6
    for module in modules:
        assert forbidden_imports(module.read_text(), str(module)) == [], module.name


def test_importing_the_bots_loads_nothing_of_the_web_shell():
    code = (
        "import sys, games.bots, games.bots.simulate, games.strategy.analysis; "
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(FORBIDDEN)!r})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(PROJECT_DIR),
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[]"
