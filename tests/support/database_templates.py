"""A migrated database made once per test process, which each live database then copies.

Migrating a live database from nothing (tests/support/servers.py, ``LiveDatabase``) starts
Django in a child process and runs every migration: about 3.5 s of CPU, paid by each module
with a database of its own and by each parallel worker. Copying a migrated SQLite file, or
creating a PostgreSQL database from a migrated template, costs milliseconds and gives the same
tables and rows. The first live database on each server (each SQLite run) pays for the
migration once; the templates are removed at the end of the test session
(``remove_templates``, tests/conftest.py) or else when the process exits.

A child process that makes live databases of its own (a benchmark a test runs end to end)
copies its parent's templates too: ``child_environment`` (tests/support/servers.py) names them
in ``TEST_SQLITE_TEMPLATE`` and ``TEST_POSTGRES_TEMPLATES``, and the child never removes them.

The parallel workers share one template too (``make_for_workers``): xdist's controller, which
runs no test, migrates the run's template in a thread while the workers start and collect, and
names it to them in the same variables, with ``TEST_TEMPLATES_READY``, a file it writes once
the migration is over. A worker waits for that file before its first copy; if the migration
failed, each makes its own as before. Three workers each migrating their own spent 3.5 to 6 s
of CPU apiece at the start of the run, when both cores are busy collecting.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse, urlunparse

SQLITE_VARIABLE = "TEST_SQLITE_TEMPLATE"
POSTGRES_VARIABLE = "TEST_POSTGRES_TEMPLATES"
READY_VARIABLE = "TEST_TEMPLATES_READY"
READY_WAIT_SECONDS = 180
"""How long a worker waits for the controller's migration (seconds of a loaded machine's
wall clock; it takes 3 to 10) before it makes a template of its own."""


# Made at most once per process (or named by the parent): the SQLite template's path, and each
# PostgreSQL server's template database by that server's admin URL (both looked for before use).
_named_sqlite = os.environ.get(SQLITE_VARIABLE)
_sqlite_template: Path | None = Path(_named_sqlite) if _named_sqlite else None
_postgres_templates: dict[str, str] = json.loads(os.environ.get(POSTGRES_VARIABLE) or "{}")
_removals: list[Callable[[], None]] = []
_parents_sqlite = _sqlite_template
_parents_postgres = dict(_postgres_templates)
"""The templates the parent named, which may still be migrating (``parents_are_ready``)."""


def for_children() -> dict[str, str]:
    """The variables that hand this process's templates to a child process."""
    variables = {}
    if _sqlite_template is not None:
        variables[SQLITE_VARIABLE] = str(_sqlite_template)
    if _postgres_templates:
        variables[POSTGRES_VARIABLE] = json.dumps(_postgres_templates)
    return variables


def migrate(database_url: str) -> None:
    """Run ``manage.py migrate`` on ``database_url`` in a child process, as the site would."""
    from tests.support.servers import PROJECT_DIR, child_environment

    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=PROJECT_DIR,
        env=child_environment(DATABASE_URL=database_url),
        check=True,
    )


def postgres_admin_url(database_url: str) -> str:
    """The server's own database beside ``database_url``'s (where databases are made and
    dropped), or "" when ``database_url`` is not PostgreSQL's."""
    if not database_url.startswith(("postgres://", "postgresql://", "pgsql://")):
        return ""
    return urlunparse(urlparse(database_url)._replace(path="/postgres"))


def _new_template_directory() -> Path:
    directory = Path(tempfile.mkdtemp(prefix="cribbage-template-"))
    _removals.append(lambda: shutil.rmtree(directory, ignore_errors=True))
    return directory


def _new_postgres_template(admin_url: str) -> tuple[str, str]:
    """An empty template database on ``admin_url``'s server, dropped with the others: its name
    and its URL (to migrate)."""
    import psycopg

    name = f"cribbage_template_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    _removals.append(lambda: _drop(admin_url, name))
    return name, urlunparse(urlparse(admin_url)._replace(path=f"/{name}"))


def make_for_workers(database_url: str) -> None:
    """In xdist's controller, before the workers start: name the run's template (of
    ``database_url``'s kind) in the environment they inherit and migrate it in a thread,
    writing ``READY_VARIABLE``'s file when it is done ("ok" or "failed")."""
    directory = _new_template_directory()
    admin_url = postgres_admin_url(database_url)
    if admin_url:
        name, target = _new_postgres_template(admin_url)
        os.environ[POSTGRES_VARIABLE] = json.dumps({admin_url: name})
    else:
        path = directory / "template.sqlite3"
        target = f"sqlite:///{path}"
        os.environ[SQLITE_VARIABLE] = str(path)
    ready = directory / "ready"
    os.environ[READY_VARIABLE] = str(ready)

    def migrate_and_say() -> None:
        outcome = "failed"
        try:
            migrate(target)
            outcome = "ok"
        finally:
            written = ready.with_suffix(".partial")
            written.write_text(outcome)
            written.replace(ready)  # whole, never half-written

    threading.Thread(target=migrate_and_say, name="template-migration", daemon=True).start()


def parents_are_ready() -> bool:
    """Wait until the templates the parent named are migrated: True when they are (or when
    the parent migrates none), False when its migration failed or outran the wait."""
    marker = os.environ.get(READY_VARIABLE)
    if not marker:
        return True
    deadline = time.monotonic() + READY_WAIT_SECONDS
    while time.monotonic() < deadline:
        with contextlib.suppress(FileNotFoundError):
            return Path(marker).read_text() == "ok"
        time.sleep(0.05)
    return False


def sqlite_template() -> Path:
    """The path of this process's migrated SQLite template (made, or named by the parent)."""
    global _sqlite_template
    if (
        _sqlite_template is not None
        and _sqlite_template == _parents_sqlite
        and not parents_are_ready()
    ):
        _sqlite_template = None
    if _sqlite_template is not None and not _sqlite_template.is_file():
        _sqlite_template = None  # the parent that named it has removed it
    if _sqlite_template is None:
        path = _new_template_directory() / "template.sqlite3"
        migrate(f"sqlite:///{path}")
        _sqlite_template = path
    return _sqlite_template


def parents_sqlite_template() -> Path | None:
    """The SQLite template the parent (xdist's controller) named and migrated, or None when it
    named none or its migration failed: the caller then migrates as it would without one."""
    if _parents_sqlite is None or not parents_are_ready() or not _parents_sqlite.is_file():
        return None
    return _parents_sqlite


def parents_postgres_template() -> str | None:
    """The PostgreSQL template the parent named and migrated on the run's server, as
    :func:`parents_sqlite_template` does for SQLite."""
    if len(_parents_postgres) != 1 or not parents_are_ready():
        return None
    return next(iter(_parents_postgres.values()))


def sqlite_copy_migrated(target: Path) -> None:
    """Make ``target`` a migrated SQLite database (a copy of this process's template)."""
    # SQLite's backup API copies a consistent database whatever its journal holds.
    with (
        contextlib.closing(sqlite3.connect(sqlite_template())) as source,
        contextlib.closing(sqlite3.connect(target)) as copy,
    ):
        source.backup(copy)


def postgres_template(admin_url: str) -> str:
    """The name of a migrated template database on ``admin_url``'s server (made once per
    server: a private cluster a test made and removed may come back on the same port without
    the template, so a remembered one is looked for before it is trusted)."""
    import psycopg

    known = _postgres_templates.get(admin_url)
    if known is not None and known == _parents_postgres.get(admin_url) and not parents_are_ready():
        del _postgres_templates[admin_url]
        known = None
    if known is not None:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            found = connection.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (known,)
            ).fetchone()
        if found is None:
            del _postgres_templates[admin_url]
    if admin_url not in _postgres_templates:
        name, url = _new_postgres_template(admin_url)
        migrate(url)
        _postgres_templates[admin_url] = name
    return _postgres_templates[admin_url]


def postgres_template_copied(admin_url: str, name: str) -> None:
    """``admin_url``'s server holds the migrated template ``name`` already (a private cluster
    copied from one that held it): :func:`postgres_template` answers it without migrating."""
    _postgres_templates[admin_url] = name


@atexit.register
def remove_templates() -> None:
    """Remove every template this process made; the next live database makes them again."""
    global _sqlite_template
    while _removals:
        _removals.pop()()
    _sqlite_template = None
    _postgres_templates.clear()


def _drop(admin_url: str, name: str) -> None:
    import psycopg

    # A private cluster a test made may be gone already, and its template with it.
    with (
        contextlib.suppress(psycopg.Error),
        psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as connection,
    ):
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
