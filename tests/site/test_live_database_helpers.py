"""The helpers that spare the suite a Django start-up: a child copies its parent's migrated
template instead of migrating again, and the session's shell on a live database answers many
questions in one process (tests/support/database_templates.py and live_shell.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from urllib.parse import urlparse, urlunparse

import pytest
from django.db.migrations.loader import MigrationLoader

from tests.support import database_templates
from tests.support.live_shell import LiveShellError, on_live_database
from tests.support.servers import (
    PROJECT_DIR,
    LiveDatabase,
    child_environment,
    on_the_runs_postgres,
)
from tests.support.services import database_url, require_postgres

pytestmark = pytest.mark.slow

# Run as a child: makes a live database and says which template it copied and whether it had to
# migrate one itself (``migrate`` is replaced to count).
CHILD = textwrap.dedent(
    """
    import json, sys, tempfile
    from pathlib import Path
    from tests.support import database_templates
    from tests.support.servers import LiveDatabase

    migrated = []
    database_templates.migrate = migrated.append
    database = LiveDatabase(Path(tempfile.mkdtemp()), sys.argv[1])
    database.make_template()
    print(json.dumps({"migrated": len(migrated)}))
    """
)


def test_a_child_copies_its_parents_template_instead_of_migrating(tmp_path):
    LiveDatabase(tmp_path, database_url()).make_template()
    handed = database_templates.for_children()
    assert handed, "the parent names its template"
    run = subprocess.run(
        [sys.executable, "-c", CHILD, database_url()],
        cwd=PROJECT_DIR,
        env=child_environment(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout.strip().splitlines()[-1])["migrated"] == 0, run.stdout
    # Without the parent's names the child would have migrated.
    bare = {key: value for key, value in child_environment().items() if not key.startswith("TEST_")}
    run = subprocess.run(
        [sys.executable, "-c", CHILD, database_url()],
        cwd=PROJECT_DIR,
        env=bare,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout.strip().splitlines()[-1])["migrated"] == 1, run.stdout


# Run as a child: xdist's controller, which names its template and starts migrating it, then
# starts a worker at once, as xdist does, while the migration runs.
CONTROLLER = textwrap.dedent(
    """
    import os, subprocess, sys
    from tests.support import database_templates
    database_templates.make_for_workers(sys.argv[1])
    worker = subprocess.run(
        [sys.executable, "-c", sys.argv[2], sys.argv[1]],
        env=dict(os.environ), capture_output=True, text=True, check=True,
    )
    print(worker.stdout)
    database_templates.remove_templates()
    """
)

# Run as the worker: makes a live database and says whether it migrated one itself, and how
# many migrations the copy holds.
WORKER = textwrap.dedent(
    """
    import json, sqlite3, sys, tempfile
    from pathlib import Path
    from tests.support import database_templates
    from tests.support.servers import LiveDatabase

    migrated = []
    database_templates.migrate = migrated.append
    database = LiveDatabase(Path(tempfile.mkdtemp()), sys.argv[1])
    database.create()
    question = "SELECT count(*) FROM django_migrations"
    if database.name:
        import psycopg
        with psycopg.connect(database.url) as connection:
            (applied,) = connection.execute(question).fetchone()
    else:
        with sqlite3.connect(database.path) as connection:
            (applied,) = connection.execute(question).fetchone()
    database.drop()
    print(json.dumps({"migrated": len(migrated), "applied": applied}))
    """
)


def test_a_worker_waits_for_the_controllers_template_and_copies_it_whole():
    run = subprocess.run(
        [sys.executable, "-c", CONTROLLER, database_url(), WORKER],
        cwd=PROJECT_DIR,
        env=child_environment(),
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    assert answer["migrated"] == 0, run.stdout  # the controller's migration, not its own
    every = len(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    assert answer["applied"] == every, run.stdout  # every migration, not a half-made copy


def test_a_worker_waits_for_the_controllers_word_and_takes_failed_as_make_your_own(
    tmp_path, monkeypatch
):
    marker = tmp_path / "ready"
    monkeypatch.setenv(database_templates.READY_VARIABLE, str(marker))
    threading.Timer(0.3, lambda: marker.write_text("ok")).start()
    assert database_templates.parents_are_ready()  # waited for it
    marker.write_text("failed")
    assert not database_templates.parents_are_ready()
    monkeypatch.delenv(database_templates.READY_VARIABLE)
    assert database_templates.parents_are_ready()  # no parent migrating: nothing to wait for


def test_the_session_shell_answers_many_questions_in_one_process_until_its_database_goes(
    tmp_path,
):
    database = LiveDatabase(tmp_path, database_url())
    database.create()
    shell = on_live_database(database.url)
    assert on_live_database(database.url) is shell
    printed = shell.run(
        "from django.contrib.auth import get_user_model\n"
        "get_user_model().objects.create(username='helper_one')\n"
        "print('made', get_user_model().objects.count())"
    )
    assert printed == "made 1\n"
    assert shell.process is not None
    pid = shell.process.pid
    # A second question sees the first one's commit, in the same process.
    assert shell.ask(
        "from django.contrib.auth import get_user_model\n"
        "answer = list(get_user_model().objects.values_list('username', flat=True))"
    ) == ["helper_one"]
    assert shell.process.pid == pid
    with pytest.raises(LiveShellError, match="ZeroDivisionError"):
        shell.run("1 / 0")
    assert shell.ask("answer = 2") == 2  # the shell goes on after a question that raised
    database.drop()
    assert shell.process is None
    assert on_live_database(database.url) is not shell


def test_databases_on_the_runs_postgres_commit_without_waiting_and_private_clusters_do_not(
    tmp_path, db
):
    """A live database on the run's own server commits without waiting for the disk, as the
    test process does; a private cluster's (the crash tests') keeps the durable default."""
    import psycopg
    from django.db import connection

    url = require_postgres()
    database = LiveDatabase(tmp_path, url)
    database.create()
    try:
        with psycopg.connect(database.url) as live:
            assert live.execute("SHOW synchronous_commit").fetchone() == ("off",)
    finally:
        database.drop()
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)
    parsed = urlparse(url)
    elsewhere = parsed._replace(netloc=f"{parsed.hostname}:{(parsed.port or 5432) + 1}")
    assert on_the_runs_postgres(urlunparse(parsed._replace(path="/other")))
    assert not on_the_runs_postgres(urlunparse(elsewhere))
