"""Daphne servers started by tests die with the test process, even when it is killed outright."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import live_server_env
from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.waiting import wait_until

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="parent-death signals are Linux's")


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_server_dies_when_the_test_process_that_started_it_is_killed(live_database):
    # A stand-in for a test run: it starts a server the usual way, then is killed with SIGKILL,
    # so no fixture teardown or atexit handler runs.
    test_run = textwrap.dedent(
        """
        import json, signal, sys
        from tests.support.servers import DaphneServer

        server = DaphneServer(json.loads(sys.argv[1])).start()
        print(server.process.pid, flush=True)
        signal.pause()  # until the test kills this process
        """
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", test_run, json.dumps(live_server_env(live_database))],
        cwd=PROJECT_DIR,
        env=child_environment(),
        stdout=subprocess.PIPE,
        text=True,
    )
    server_pid = 0
    try:
        server_pid = int(parent.stdout.readline())
        assert running(server_pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        wait_until(lambda: not running(server_pid), timeout=10, message="the server to go")
    finally:
        parent.kill()
        if server_pid and running(server_pid):
            os.kill(server_pid, signal.SIGKILL)
