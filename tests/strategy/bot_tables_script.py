"""scripts/make_bot_tables.py loaded as a module, for the tests that replay its tables."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make_bot_tables.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_bot_tables", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
