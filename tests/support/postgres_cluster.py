"""A private PostgreSQL cluster that a test may stop and start, as an outage would.

The run's shared PostgreSQL serves other tests (and other people's runs on the same machine), so
a test that restarts the database must never touch it. This starts a cluster of its own with
``initdb`` and ``pg_ctl`` in a temporary directory on a free port, trusting local connections.
PostgreSQL refuses to run as root, so when the tests run as root the cluster runs as the
``postgres`` user (``runuser``), in a directory handed to that user.

``initdb`` and migrating a template database in each cluster cost several seconds of the
restarting tests' critical path (tests/support/parallel.py), three times a run. So a process
makes one pristine cluster (``initdb``, the run's migrations in a template, a clean stop) and
every cluster it creates is a copy of that data directory, its template ready to copy again.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.support.servers import free_port
from tests.support.services import in_ci


def postgres_bin_dir() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder with ``initdb`` in it, if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_of)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version_of(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


class PostgresCluster:
    """``initdb`` once, then ``start``/``stop``/``restart`` at will; ``remove`` deletes it all."""

    def __init__(self, port: int | None = None) -> None:
        bin_dir = postgres_bin_dir()
        if bin_dir is None:
            message = "PostgreSQL's initdb is not installed (apt-get install postgresql)"
            if in_ci():
                pytest.fail(message)
            pytest.skip(message)
        self.bin_dir = bin_dir
        self.port = port or free_port()
        self.run_as = "postgres" if os.geteuid() == 0 else None
        self.directory = Path(tempfile.mkdtemp(prefix="cribbage-pg-"))
        self.data = self.directory / "data"
        self.log = self.directory / "server.log"
        if self.run_as:
            account = pwd.getpwnam(self.run_as)
            os.chown(self.directory, account.pw_uid, account.pw_gid)

    @property
    def admin_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, program: str, *arguments: str) -> None:
        """PostgreSQL's ``program`` as the cluster's user."""
        self._run_as_owner([str(self.bin_dir / program), *arguments])

    def _run_as_owner(self, command: list[str]) -> None:
        if self.run_as:
            command = ["runuser", "-u", self.run_as, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def create(self) -> PostgresCluster:
        """A new cluster, started, holding the run's migrated template (a copy of the pristine
        cluster's data directory: see the module's docstring)."""
        from tests.support.database_templates import postgres_template_copied

        pristine_data, template = _pristine()
        self._run_as_owner(["cp", "-a", str(pristine_data), str(self.data)])
        self.start()
        postgres_template_copied(self.admin_url, template)
        return self

    def initdb(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "-N"
        )

    def start(self, timeout: float = 30.0) -> PostgresCluster:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        self._wait_ready(timeout)
        return self

    def stop(self, *, cleanly: bool = False) -> None:
        """Stop at once, cutting every connection (``-m immediate``: what a crash looks like),
        or ``cleanly`` (a checkpoint first, so a copy of the data starts without recovery)."""
        if self.data.exists():
            mode = "fast" if cleanly else "immediate"
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # not running
            self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def _wait_ready(self, timeout: float) -> None:
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.admin_url, connect_timeout=2) as connection:
                    connection.execute("SELECT 1")
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


_pristine_made: tuple[Path, str] | None = None


def _pristine() -> tuple[Path, str]:
    """This process's pristine cluster, made on first use: its stopped data directory and the
    name of the migrated template in it."""
    global _pristine_made
    if _pristine_made is None:
        from tests.support.database_templates import postgres_template

        cluster = PostgresCluster()
        cluster.initdb()
        cluster.start()
        try:
            template = postgres_template(cluster.admin_url)
        finally:
            cluster.stop(cleanly=True)
        atexit.register(shutil.rmtree, cluster.directory, ignore_errors=True)
        _pristine_made = (cluster.data, template)
    return _pristine_made
