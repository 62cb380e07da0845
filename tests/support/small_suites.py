"""Pytest run on a small suite a test writes, to check the suite's own plugins from outside.

tests/site/test_parallel_workers.py (the scheduler) and tests/site/test_worker_test_databases.py
(the test database's creation) each write a conftest and a test module or two into a temporary
directory and run pytest there, as a child process, with that directory's own ini and root.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def run_small_suite(
    directory: Path, files: dict[str, str], options: list[str], env: dict[str, str]
) -> None:
    """Write ``files`` (name: text, dedented; ``pytest.ini`` among them) into ``directory`` and
    run pytest there with ``options`` and ``env``; fail with its output unless every test passed.
    """
    for name, text in files.items():
        (directory / name).write_text(textwrap.dedent(text))
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *options, "-p", "no:cacheprovider", "-q", str(directory)]
        + ["-c", str(directory / "pytest.ini"), "--rootdir", str(directory)],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
