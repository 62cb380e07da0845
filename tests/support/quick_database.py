"""The test database's turnover made quick: made from the run's migrated template, emptied
between tests in milliseconds, dropped at once at the end.

**At the start.** pytest-django makes each parallel worker's test database by running every
migration in the worker: about 4.5 s of CPU a worker on a 2-core machine, three times a run,
while xdist's controller migrates the run's template once in a child process for the live
databases (tests/support/database_templates.py). A worker now makes its test database from that
template instead: PostgreSQL's ``CREATE DATABASE ... TEMPLATE`` (Django's ``TEST["TEMPLATE"]``),
and for SQLite's in-memory database a copy of the template's file through SQLite's backup API
into the connection Django keeps open. Django's ``migrate`` then finds nothing to apply. A
process whose parent named no template (a plain ``pytest`` call) migrates as before, as does a
worker whose controller's migration failed.

**Between transactional tests.** Django's TransactionTestCase (pytest-django's ``transactional_db``, which every socket test
uses) ends each test with the ``flush`` command, measured on this suite's socket tests at 233 ms
a test on PostgreSQL (2026-11-26):

- one ``TRUNCATE`` of every table: on PostgreSQL a truncated table gets new files, about 90 ms
  for the site's 57 tables on a quiet machine and more under the suite's load;
- then ``post_migrate``, whose handlers recreate every content type and permission the flush
  has just removed (about 50 ms).

Here every table is emptied with ``DELETE`` instead (the tables hold a test's few rows, and the
foreign keys Django makes on PostgreSQL are ``DEFERRABLE INITIALLY DEFERRED``, checked when the
flush commits, so the order does not matter), and the content types and permissions are kept:
no test writes them, and ``post_migrate`` would make the same rows again, so it is not sent.
The database a test sees is the same as before: every other table empty.

**At the end.** Django drops a PostgreSQL test database with a plain ``DROP DATABASE`` after
closing its pool's idle connections; connections still checked out by the threads async tests
ran on (Channels' ``database_sync_to_async``) keep sessions open, so PostgreSQL waits 5 s for
them to go, then refuses: every worker lost 5 s at its end and left its test database behind
for the next run to drop. Here the drop is ``WITH (FORCE)`` (PostgreSQL 13 and later), which
ends those sessions first.

Test-only: nothing in the site flushes or drops a database.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

import pytest

KEPT_TABLES = frozenset({"django_content_type", "auth_permission"})
"""Rows the migrations' ``post_migrate`` makes and no test changes."""


def keeping(original: Callable[..., list[str]]) -> Callable[..., list[str]]:
    """``sql_flush`` that leaves :data:`KEPT_TABLES` alone and empties PostgreSQL's tables with
    ``DELETE`` (``TRUNCATE`` is kept where sequences must restart, which no test asks for)."""

    def sql_flush(
        ops: Any,
        style: Any,
        tables: Sequence[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        emptied = [table for table in tables if table not in KEPT_TABLES]
        if ops.connection.vendor == "postgresql" and not reset_sequences:
            return [f"DELETE FROM {ops.quote_name(table)};" for table in emptied]
        return original(
            ops, style, emptied, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )

    return sql_flush


def dropping_in_use(original: Callable[..., None]) -> Callable[..., None]:
    """``_destroy_test_db`` that ends the sessions still open on a PostgreSQL test database."""

    def destroy(creation: Any, test_database_name: str, verbosity: int) -> None:
        if creation.connection.vendor != "postgresql":
            original(creation, test_database_name, verbosity)
            return
        creation.connection.close_pool()
        name = creation.connection.ops.quote_name(test_database_name)
        with creation._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE {name} WITH (FORCE)")

    return destroy


def from_the_runs_template(original: Callable[..., str]) -> Callable[..., str]:
    """``_create_test_db`` that makes the test database a copy of the migrated template this
    process's parent named (xdist's controller names the run's to its workers), when there is
    one (see the module's docstring)."""

    def create(creation: Any, verbosity: int, autoclobber: bool, keepdb: bool = False) -> str:
        from tests.support import database_templates

        connection = creation.connection
        settings_dict = connection.settings_dict
        if connection.vendor == "postgresql":
            template = database_templates.parents_postgres_template()
            if template is not None and not keepdb:
                settings_dict["TEST"]["TEMPLATE"] = template
            return original(creation, verbosity, autoclobber, keepdb)
        name = original(creation, verbosity, autoclobber, keepdb)
        template_file = database_templates.parents_sqlite_template()
        if connection.vendor == "sqlite" and template_file is not None and not keepdb:
            # The in-memory database lives while a connection holds it, and Django never
            # closes its connection to one: fill that connection, and migrate finds it done.
            connection.close()
            settings_dict["NAME"] = name
            connection.ensure_connection()
            with contextlib.closing(sqlite3.connect(template_file)) as source:
                source.backup(connection.connection)
        return name

    return create


def post_migrate_after_flush(*args: Any, **kwargs: Any) -> None:
    """Nothing to recreate: the flush kept the content types and permissions."""


@pytest.fixture(scope="session", autouse=True)
def quick_database() -> None:
    """Install the quicker flush and drop for this test process (its database's classes)."""
    from django.core.management.commands import flush
    from django.db import connection

    operations = type(connection.ops)
    operations.sql_flush = keeping(operations.sql_flush)  # type: ignore[method-assign]
    flush.emit_post_migrate_signal = post_migrate_after_flush  # type: ignore[assignment]
    creation = type(connection.creation)
    creation._destroy_test_db = dropping_in_use(creation._destroy_test_db)  # type: ignore[method-assign]
    creation._create_test_db = from_the_runs_template(creation._create_test_db)  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def django_db_setup(quick_database: None, django_db_setup: None) -> None:
    """pytest-django's test databases, made once :func:`quick_database` has installed the
    quicker creation (a session fixture's order among autouse ones is not promised)."""
