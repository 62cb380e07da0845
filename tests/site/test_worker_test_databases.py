"""A parallel worker's test database is a copy of the run's migrated template
(tests/support/quick_database.py, ``from_the_runs_template``): its ``migrate`` applies nothing,
where a plain ``pytest`` call with no template named migrates as before.

Each check runs pytest on a one-test suite written here, with the suite's own plugins, on this
run's database kind, and reads back what ``migrate`` planned and what the database holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.support import database_templates
from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.services import database_url, uses_postgres

CONFTEST = """
import json, os
import pytest
from django.db.models.signals import pre_migrate

from tests.conftest import pytest_configure  # the controller migrates the run's template

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


def run_suite(tmp_path: Path, workers: int) -> dict:
    """Run the one-test suite (on ``workers`` xdist workers; 0: one plain process)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\nDJANGO_SETTINGS_MODULE = tests.settings\n")
    (tmp_path / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (tmp_path / "test_report.py").write_text(textwrap.dedent(TEST))
    report = tmp_path / "report.json"
    overrides = {"PYTHONPATH": f"{PROJECT_DIR}{os.pathsep}{tmp_path}", "REPORT": str(report)}
    if uses_postgres():
        # A database name of its own: the worker's test database is "test_<name>_gw0", and
        # this run's own first worker has "test_postgres_gw0".
        own = f"worker_databases_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
        overrides["DATABASE_URL"] = database_url().rsplit("/", 1)[0] + f"/{own}"
    env = child_environment(**overrides)
    for inherited in (
        "PYTEST_XDIST_WORKER",
        "PYTEST_XDIST_WORKER_COUNT",
        database_templates.SQLITE_VARIABLE,
        database_templates.POSTGRES_VARIABLE,
        database_templates.READY_VARIABLE,
    ):
        env.pop(inherited, None)  # this process's templates are not the child's to use
    parallel = ["-n", str(workers)] if workers else ["-p", "no:xdist"]
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *parallel, "-p", "no:cacheprovider", "-q"]
        + [str(tmp_path), "-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    return json.loads(report.read_text())


def test_a_workers_test_database_is_the_runs_template_and_migrate_applies_nothing(tmp_path):
    report = run_suite(tmp_path, workers=1)
    assert report["plans"] == [0]
    assert report["applied"] == report["on_disk"] > 50


def test_without_a_template_the_test_database_is_migrated_as_before(tmp_path):
    report = run_suite(tmp_path, workers=0)
    assert report["plans"] and report["plans"][0] == report["on_disk"] > 50
    assert report["applied"] == report["on_disk"]
