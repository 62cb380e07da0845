"""The import layers hold: import-linter's contract (pyproject.toml, ``[tool.importlinter]``).

scripts/run-tests runs ``lint-imports`` before pytest; this test runs it too, so a broken arrow
fails the suite visibly wherever the suite runs. The second test proves the contract is not
vacuous: in a copy of the code with one arrow pointing up, the same command fails and names it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.engine.test_engine_is_pure import PROJECT_DIR

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run ``lint-imports`` on the project at ``root`` (its pyproject.toml and packages)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def contract_packages() -> list[str]:
    config = tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text())
    return config["tool"]["importlinter"]["root_packages"]


def test_every_app_and_package_is_under_the_contract():
    packages = set(contract_packages())
    on_disk = {
        path.parent.name
        for path in PROJECT_DIR.glob("*/__init__.py")
        if path.parent.name not in {"tests", "benchmarks", "scripts"}
    }
    assert on_disk <= packages, on_disk - packages


def test_the_import_contract_holds():
    completed = lint_imports(PROJECT_DIR)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "0 broken" in completed.stdout


def test_an_arrow_pointing_up_breaks_the_contract(tmp_path):
    copy = tmp_path
    shutil.copy(PROJECT_DIR / "pyproject.toml", copy / "pyproject.toml")
    for package in contract_packages():
        shutil.copytree(
            PROJECT_DIR / package,
            copy / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.json", "*.html", "*.txt"),
        )
    errors = copy / "kernel" / "errors.py"
    errors.write_text(errors.read_text() + "\n\ndef later():\n    from lobby import models\n")

    completed = lint_imports(copy)

    assert completed.returncode != 0
    assert "kernel is not allowed to import lobby" in completed.stdout
    assert "kernel.errors -> lobby.models" in completed.stdout
