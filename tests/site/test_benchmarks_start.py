"""Every benchmark script starts (issue 24, item 9), and ws_load.py runs to its echo ratio.

Benchmarks are not run by the suite (they measure; they take minutes), so they rotted unseen:
``ws_load.py``'s echo run was closed with 4429 by socket limits added since, and one script
read ``--help`` as a number. Each script under benchmarks/ (a file that runs as ``__main__``)
must at least import and parse its arguments from a fresh checkout; ws_load.py also runs end to
end at a tiny size, since the ratio it prints is what it exists for.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.support.servers import PROJECT_DIR, LiveDatabase, child_environment
from tests.support.services import database_url

BENCHMARKS = PROJECT_DIR / "benchmarks"
SCRIPTS = sorted(
    path.name
    for path in BENCHMARKS.glob("*.py")
    if 'if __name__ == "__main__"' in path.read_text(encoding="utf-8")
)


def test_the_benchmarks_are_found():
    assert "ws_load.py" in SCRIPTS and "echo_consumer.py" not in SCRIPTS
    assert len(SCRIPTS) >= 15


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_benchmark_starts_and_explains_its_options(script):
    completed = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--help"],
        cwd=PROJECT_DIR,
        env=child_environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    assert completed.stdout.startswith(f"usage: {script}")


@pytest.mark.slow
def test_ws_load_runs_to_the_end_and_prints_the_echo_ratio(tmp_path):
    # Its live database copies this process's migrated template (most of its time otherwise).
    LiveDatabase(tmp_path, database_url()).make_template()
    completed = subprocess.run(
        [sys.executable, str(BENCHMARKS / "ws_load.py")]
        # ``--think 0``: only the flat-out run, whose rate the ratio needs (no paced warm-up).
        + ["--matches", "12", "--seconds", "1", "--think", "0"],
        cwd=PROJECT_DIR,
        env=child_environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    # 24 loopback sockets: more than one address's anonymous allowance, which closed it before.
    echo = re.search(r"^echo messages: (\d+) .* errors (\d+)$", completed.stdout, re.M)
    assert echo is not None, completed.stdout
    assert int(echo.group(1)) > 0 and echo.group(2) == "0"
    assert re.search(
        r"^flat out: match actions / echo messages = \d+\.\d+$", completed.stdout, re.M
    )
