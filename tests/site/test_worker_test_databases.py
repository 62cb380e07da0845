"""A test process whose parent named a migrated template (as xdist's controller names the
run's to its workers) makes its test database as a copy of it (tests/support/quick_database.py,
``from_the_runs_template``): its ``migrate`` applies nothing.

The check runs pytest in one plain process on a one-test suite written here, with the suite's
own plugins, on this run's database kind, naming this process's template to it as a parent
does (a copy costs a child about 2 s of CPU, where xdist's controller and a worker cost twice
that and a migration of its own twice again), and reads back what ``migrate`` planned and what
the database holds. A process with no template named migrates as Django does.
"""

from __future__ import annotations

import json
import os

from tests.support import database_templates
from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.services import database_url, uses_postgres
from tests.support.small_suites import run_small_suite

CONFTEST = """
import pytest
from django.db.models.signals import pre_migrate

pytest_plugins = ["tests.support.quick_database"]
PLANS = []


def remember_the_plan(sender, plan=None, **kwargs):
    if sender.label == "auth":  # pre_migrate is sent once per app: keep one
        PLANS.append(len(plan or ()))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    yield


def pytest_sessionstart(session):
    pre_migrate.connect(remember_the_plan)
"""

TEST = """
import json, os
import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

import conftest


@pytest.mark.django_db
def test_report():
    applied = MigrationRecorder(connection).applied_migrations()
    on_disk = MigrationLoader(connection, ignore_no_migrations=True).disk_migrations
    report = {"plans": conftest.PLANS, "applied": len(applied), "on_disk": len(on_disk)}
    with open(os.environ["REPORT"], "w") as out:
        json.dump(report, out)
"""


def template_named() -> dict[str, str]:
    """The variables that name this process's migrated template (made if need be) to a child."""
    if uses_postgres():
        admin_url = database_templates.postgres_admin_url(database_url())
        name = database_templates.postgres_template(admin_url)
        return {database_templates.POSTGRES_VARIABLE: json.dumps({admin_url: name})}
    return {database_templates.SQLITE_VARIABLE: str(database_templates.sqlite_template())}


def test_a_test_database_is_a_copy_of_the_template_its_parent_named(tmp_path):
    report = tmp_path / "report.json"
    overrides = {"PYTHONPATH": f"{PROJECT_DIR}{os.pathsep}{tmp_path}", "REPORT": str(report)}
    if uses_postgres():
        # A database name of its own: the test database is "test_<name>", and this run's
        # workers have "test_postgres_gwN".
        own = f"template_copy_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
        overrides["DATABASE_URL"] = database_url().rsplit("/", 1)[0] + f"/{own}"
    env = child_environment(**overrides)
    for inherited in (
        "PYTEST_XDIST_WORKER",
        "PYTEST_XDIST_WORKER_COUNT",
        database_templates.SQLITE_VARIABLE,
        database_templates.POSTGRES_VARIABLE,
        database_templates.READY_VARIABLE,
    ):
        env.pop(inherited, None)
    env.update(template_named())  # migrated already: no "ready" file to wait for
    files = {
        "pytest.ini": "[pytest]\nDJANGO_SETTINGS_MODULE = tests.settings\n",
        "conftest.py": CONFTEST,
        "test_report.py": TEST,
    }
    run_small_suite(tmp_path, files, ["-p", "no:xdist"], env)
    found = json.loads(report.read_text())
    assert found["plans"] == [0]
    assert found["applied"] == found["on_disk"] > 50
