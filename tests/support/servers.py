"""Real Daphne processes for end-to-end tests.

Each server is a separate OS process serving the real ASGI application, so tests exercise what
production runs: HTTP, websockets, the channel layer and the database across processes. The
database is a fresh one per :class:`LiveDatabase` (a SQLite file, or a new PostgreSQL database
when DATABASE_URL points at PostgreSQL), migrated before the first server starts, because
pytest-django's in-memory test database is invisible to another process.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from tests.support import database_templates

PROJECT_DIR = Path(__file__).resolve().parents[2]


# Set in the test process for Playwright (see tests/conftest.py) and by pytest-django (the
# test settings); a child runs the site's own settings unless it asks for others.
TEST_ONLY_VARIABLES = {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
# What live servers run: the site's settings with a fast password hasher (tests/settings.py).
TEST_SETTINGS_MODULE = "tests.settings"


def child_environment(**overrides: str) -> dict[str, str]:
    """The test process's environment for a child process, less test-only switches.

    DEBUG is on unless the caller says otherwise: the site's default is off (production),
    and the helpers that start Django (``manage.py migrate``, live servers, benchmarks outside
    pytest) are development processes. The migrated templates this process made go with it
    (tests/support/database_templates.py), so a child's live databases copy them.
    """
    env = {key: value for key, value in os.environ.items() if key not in TEST_ONLY_VARIABLES}
    env.setdefault("DEBUG", "true")
    env.update(database_templates.for_children())
    env.update(overrides)
    return env


# prctl(2) option: the signal the kernel sends a process when its parent dies.
PR_SET_PDEATHSIG = 1
# Looked up once here, in the parent: the child between fork and exec may only make the call
# (loading a library there could deadlock on a lock another thread held at the fork).
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


def die_with_parent(parent_pid: int):
    """A ``preexec_fn`` that makes the child get SIGKILL when the test process dies.

    A test run that crashes, or is killed (a CI timeout, Ctrl-C twice, SIGKILL), never reaches
    ``stop()``, and its Daphne servers lived on holding ports and database connections. The
    kernel's parent-death signal ends them however the parent ends. Linux only; elsewhere a
    no-op. (It fires when the thread that started the child exits: start servers from the
    main thread or a thread that outlives them, as the fixtures do.)
    """

    def preexec() -> None:
        if _prctl is None:
            return
        if _prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            os._exit(127)
        if os.getppid() != parent_pid:  # the parent died before the call: nobody will stop us
            os._exit(1)

    return preexec


def daphne_limits() -> list[str]:
    """Daphne's message-size flags, from the setting production's command line matches."""
    from kernel.limits import WEBSOCKET_MAX_MESSAGE_BYTES

    size = str(WEBSOCKET_MAX_MESSAGE_BYTES)
    return ["--websocket-max-message-size", size, "--websocket-max-frame-size", size]


# How long a child process may take to start before the test fails. Only a failure waits this
# long: a start returns as soon as the child answers. Starting Django takes about 2 s of CPU,
# which on a loaded shared machine (two parallel workers, other suites) stretches past 30 s.
START_TIMEOUT = 120.0

SQLITE_WORKER_INTERVAL = 0.05
"""A worker process's look on SQLite, where a task another process queues rings no alarm."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def on_the_runs_postgres(url: str) -> bool:
    """Whether ``url`` is on the run's own PostgreSQL server (``DATABASE_URL``), not on a
    private cluster a test starts to stop and restart."""
    shared = urlparse(os.environ.get("DATABASE_URL", ""))  # SQLite's has no host: never equal
    given = urlparse(url)
    if given.hostname is None:
        return False
    return (given.hostname, given.port or 5432) == (shared.hostname, shared.port or 5432)


class LiveDatabase:
    """A throwaway database that several server processes can share."""

    def __init__(self, directory: Path, base_url: str = "") -> None:
        self.base_url = base_url
        self.name = ""
        self._admin_url = database_templates.postgres_admin_url(base_url)
        if self._admin_url:
            self.name = f"cribbage_live_{uuid.uuid4().hex[:10]}"
            self.url = urlunparse(urlparse(base_url)._replace(path=f"/{self.name}"))
        else:
            self.path = directory / "live.sqlite3"
            self.url = f"sqlite:///{self.path}"

    def make_template(self) -> None:
        """Make this process's migrated template for this kind of database now, if it has
        none: ``create`` copies it, and so do the child processes started after it."""
        if self.name:
            database_templates.postgres_template(self._admin_url)
        else:
            database_templates.sqlite_template()

    def create(self) -> None:
        """Make the database, migrated: a copy of a template migrated once per process
        (tests/support/database_templates.py), since migrating costs seconds each time."""
        if not self.name:
            database_templates.sqlite_copy_migrated(self.path)
            return
        import psycopg

        template = database_templates.postgres_template(self._admin_url)
        with psycopg.connect(self._admin_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.name}" TEMPLATE "{template}"')
            self._commit_without_waiting_for_the_disk(connection)

    def create_empty(self) -> None:
        """Create the database without migrating it (PostgreSQL; a restore fills it)."""
        if self.name:
            import psycopg

            with psycopg.connect(self._admin_url, autocommit=True) as connection:
                connection.execute(f'CREATE DATABASE "{self.name}"')
                self._commit_without_waiting_for_the_disk(connection)

    def _commit_without_waiting_for_the_disk(self, connection) -> None:
        """On the run's shared PostgreSQL, every connection to this database commits without
        waiting for its WAL to reach the disk (``synchronous_commit = off``).

        A commit there waited 2 to 3 ms for the disk (0.3 ms without), and a live server
        commits on every action. Only a crash of that server could lose such a commit, and no
        test crashes it: the tests that crash PostgreSQL do it to a private cluster
        (tests/support/postgres_cluster.py), whose databases keep the default, so what they
        prove about commits surviving a crash still holds.
        """
        if on_the_runs_postgres(self.base_url):
            connection.execute(f'ALTER DATABASE "{self.name}" SET synchronous_commit = off')

    def drop(self) -> None:
        from tests.support.live_shell import close_live_database_shells

        close_live_database_shells(self.url)
        if not self.name:
            return
        import psycopg

        with psycopg.connect(self._admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class ChildProcess:
    """A process a test starts, stops, or kills as a crash would; its output goes to a log."""

    process: subprocess.Popen | None = None
    _log = None

    def kill(self) -> None:
        """Stop abruptly, as a crash would: no clean shutdown, work under way left half-done."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self._close_log()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._close_log()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None


class DaphneServer(ChildProcess):
    """One Daphne process on a free loopback port; can be stopped, killed and started again."""

    def __init__(self, env: dict[str, str], port: int | None = None, log_path: Path | None = None):
        self.port = port or free_port()
        self.env = child_environment(**env)
        self.env.setdefault("DJANGO_SETTINGS_MODULE", TEST_SETTINGS_MODULE)
        self.env.setdefault("DEBUG", "true")
        self.env.setdefault("BOT_DELAY_SECONDS", "0")
        self.env.setdefault("DJANGO_SETTINGS_MODULE", TEST_SETTINGS_MODULE)
        # Without a worker process of its own, the server runs the task worker in a thread
        # (cribbage_site/worker.py); a test that starts a WorkerProcess sets this to false.
        self.env.setdefault("TASK_WORKER_IN_SERVER", "true")
        # Its worker thread sleeps as the site's does (TASK_WORKER_INTERVAL, 0.5 s): the alarm
        # wakes it when this process queues a task (cribbage_site/task_alarm.py). Polling every
        # 0.05 s cost an idle server 14% of a core (1.41 s of CPU in 10 s, against 0.15 s), for
        # the whole session. A task another process queues in its SQLite file waits that long.
        self.env["PYTHONUNBUFFERED"] = "1"
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self._log = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """Daphne's command, as production runs it (the Dockerfile's)."""
        return [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(self.port),
            *daphne_limits(),
            "cribbage_site.asgi:application",
        ]

    def start(self, timeout: float = START_TIMEOUT) -> DaphneServer:
        if self.log_path is not None:
            self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            self.command(),
            cwd=PROJECT_DIR,
            env=self.env,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self._log else subprocess.DEVNULL,
            preexec_fn=die_with_parent(os.getpid()),
        )
        self.wait_healthy(timeout)
        return self

    def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last_error = "no answer"
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"Daphne exited with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError as error:
                last_error = f"HTTP {error.code}: {error.read()[:300]!r}"
            except OSError as error:
                last_error = str(error)
            time.sleep(0.1)
        raise RuntimeError(f"Daphne on port {self.port} not healthy: {last_error}")


class WorkerProcess(ChildProcess):
    """One task worker process (``manage.py run_worker``), as in production: it sweeps, then
    polls the database for due tasks. Can be stopped, killed and started again.

    It broadcasts through the channel layer, so its moves reach a server's sockets only when
    both share Redis (``env`` with REDIS_URL); without, it still plays them into the database.
    """

    def __init__(
        self, env: dict[str, str], log_path: Path | None = None, interval: float | None = None
    ):
        self.env = child_environment(**env)
        if interval is None and (self.env.get("DATABASE_URL") or "sqlite").startswith("sqlite"):
            # On PostgreSQL a task queued elsewhere wakes it (NOTIFY) and it sleeps as the
            # site's does; on SQLite nothing crosses processes, and its look is the wake-up.
            interval = SQLITE_WORKER_INTERVAL
        self.env.setdefault("DEBUG", "true")
        self.env.setdefault("BOT_DELAY_SECONDS", "0")
        self.env["PYTHONUNBUFFERED"] = "1"
        self.interval = interval
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self._log = None

    def start(self, timeout: float = START_TIMEOUT) -> WorkerProcess:
        """Start it, and return once it has swept and is polling (it says so in its log)."""
        if self.log_path is None:
            raise ValueError("a WorkerProcess needs a log_path: its start is read from the log")
        start_at = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "run_worker",
                *(["--interval", str(self.interval)] if self.interval is not None else []),
            ],
            cwd=PROJECT_DIR,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            preexec_fn=die_with_parent(os.getpid()),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the worker exited with code {self.process.returncode}")
            with open(self.log_path, "rb") as log:
                log.seek(start_at)
                if b"running (Ctrl-C stops it)" in log.read():
                    return self
            time.sleep(0.05)
        raise RuntimeError("the worker did not start")


class RedisServer:
    """A private ``redis-server`` on a free loopback port, which a test may kill and restart.

    The suite's shared Redis must not be restarted under other tests; this one belongs to the
    test that started it. It keeps nothing on disk, like the shared one.
    """

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.directory = directory
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        executable = shutil.which("redis-server")
        if executable is None:
            raise RuntimeError("redis-server is not installed")
        self.process = subprocess.Popen(
            [executable, "--bind", "127.0.0.1", "--port", str(self.port), "--save", ""]
            + ["--appendonly", "no", "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=die_with_parent(os.getpid()),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.5) as connection:
                    connection.sendall(b"PING\r\n")
                    if connection.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not answer")

    def kill(self) -> None:
        """Stop abruptly, losing everything Redis held (group memberships included)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
