"""Questions to a live database, asked of one long-lived Django process instead of one each.

Tests that watch another process's timer poll the live database through Django's models. A
``manage.py shell -c`` per question starts Django afresh: about 1 s of CPU on a quiet machine
and several seconds under load, and such a test asks ten or more times. A ``LiveShell`` starts
``manage.py shell`` once with the live site's environment and runs each question's code there:
the code sets ``answer`` (JSON) as it did in a process of its own, in fresh globals and on a
fresh database connection, so it reads whatever other processes have committed.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.servers import PROJECT_DIR

REPLY = "LIVESHELL "

# Run by ``manage.py shell -c``: one question's code per line of stdin (JSON), one reply line.
LOOP = f"""
import json, sys, traceback
from django.db import connections
for line in sys.stdin:
    namespace = {{"__name__": "__live_shell__"}}
    try:
        connections.close_all()
        exec(json.loads(line), namespace)
        reply = {{"answer": namespace.get("answer")}}
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
                return reply["answer"]
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
