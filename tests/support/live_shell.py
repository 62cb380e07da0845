"""Questions to a live database, asked of one long-lived Django process instead of one each.

Tests that watch another process's timer poll the live database through Django's models. A
``manage.py shell -c`` per question starts Django afresh: about 1 s of CPU on a quiet machine
and several seconds under load, and such a test asks ten or more times. A ``LiveShell`` starts
``manage.py shell`` once with the live site's environment and runs each question's code there:
the code sets ``answer`` (JSON) as it did in a process of its own, in a fresh copy of the
shell's globals and on a fresh database connection, so it reads whatever other processes have
committed.

``on_live_database`` keeps one such shell per live database for the whole session (ended when
the database is dropped, or at exit): the browser tests' one-off set-ups (users, e-mail
addresses, clocks moved on, puzzles seeded) each started Django afresh before.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys

from tests.support.servers import PROJECT_DIR

REPLY = "LIVESHELL "

# Run by ``manage.py shell -c``: one question's code per line of stdin (JSON), one reply line.
# Each question's code sees what ``manage.py shell -c`` gives it (the shell's imports), and what
# it prints comes back with its answer.
LOOP = f"""
import contextlib, io, json, sys, traceback
from django.db import connections
shell_globals = dict(globals())
for line in sys.stdin:
    namespace = {{**shell_globals, "__name__": "__live_shell__"}}
    printed = io.StringIO()
    try:
        connections.close_all()
        with contextlib.redirect_stdout(printed):
            exec(json.loads(line), namespace)
        reply = {{"answer": namespace.get("answer"), "printed": printed.getvalue()}}
    except BaseException:
        reply = {{"error": traceback.format_exc()}}
    finally:
        connections.close_all()
    sys.stdout.write({REPLY!r} + json.dumps(reply) + "\\n")
    sys.stdout.flush()
"""


class LiveShellError(RuntimeError):
    """The question's code raised in the shell (the message holds its traceback)."""


class LiveShell:
    """One ``manage.py shell`` on ``env``'s database; :meth:`ask` runs code there."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.process: subprocess.Popen[str] | None = None

    def ask(self, code: str):
        """Run ``code`` (which sets ``answer``) in the shell; its answer, or LiveShellError."""
        return self._reply(code)["answer"]

    def run(self, code: str) -> str:
        """Run ``code`` in the shell; what it printed, or LiveShellError."""
        return self._reply(code)["printed"]

    def _reply(self, code: str) -> dict:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "shell", "-c", LOOP],
                cwd=PROJECT_DIR,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(code) + "\n")
        self.process.stdin.flush()
        for line in self.process.stdout:
            if line.startswith(REPLY):
                reply = json.loads(line[len(REPLY) :])
                if "error" in reply:
                    raise LiveShellError(f"{code}\n{reply['error']}")
                return reply
        raise LiveShellError(f"the shell ended (status {self.process.wait()}) before answering")

    def close(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()  # the loop ends at the end of its input
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None


# The session's shells, one per live database (``on_live_database``).
_by_database: dict[str, LiveShell] = {}


def on_live_database(database_url: str) -> LiveShell:
    """The session's shell on ``database_url`` (started at its first question), run with the
    test process's environment as ``manage.py shell`` was: the test settings."""
    if database_url not in _by_database:
        _by_database[database_url] = LiveShell({**os.environ, "DATABASE_URL": database_url})
    return _by_database[database_url]


@atexit.register
def close_live_database_shells(database_url: str | None = None) -> None:
    """End the shell on ``database_url`` (LiveDatabase.drop), or every one (at exit)."""
    for url in [database_url] if database_url else list(_by_database):
        shell = _by_database.pop(url, None)
        if shell is not None:
            shell.close()
