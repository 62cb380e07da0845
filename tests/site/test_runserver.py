"""``manage.py runserver``, the server of the README's first command (scripts/run-site), is
Daphne's because the daphne app is installed for that command alone (cribbage_site/settings.py,
``RUNSERVER``): every other process starts without Twisted, 0.17 s of CPU less each."""

from __future__ import annotations

import json
import subprocess
import sys

from websockets.sync.client import connect

from tests.conftest import live_server_env
from tests.support.servers import PROJECT_DIR, DaphneServer, child_environment


class RunserverProcess(DaphneServer):
    """The development server on a free port, without the reloader (its child would outlive a
    stop)."""

    def command(self) -> list[str]:
        return [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]


def test_runserver_serves_pages_and_websockets(live_database, tmp_path):
    server = RunserverProcess(
        live_server_env(live_database), log_path=tmp_path / "runserver.log"
    ).start()  # waits for /healthz to answer 200
    try:
        with connect(
            f"{server.ws_url}/ws/lobby/",
            additional_headers={"Origin": server.url},
            open_timeout=30,
        ) as socket:
            frame = json.loads(socket.recv(timeout=30))
        assert frame["type"] == "hello"
    finally:
        server.stop()
    assert "Daphne" in (tmp_path / "runserver.log").read_text()


def test_other_commands_start_without_twisted():
    loaded = (
        "import sys\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in ('daphne', 'twisted')))"
    )
    completed = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", loaded],
        cwd=PROJECT_DIR,
        env=child_environment(DEBUG="true"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert completed.stdout.strip().splitlines()[-1] == "[]"
