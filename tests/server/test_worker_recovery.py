"""The worker outlives a PostgreSQL outage, and a task a killed worker left running runs again
(issue 24, item 3).

django-tasks-db's own loop let ``OperationalError: the connection is closed`` escape while it
recorded a result, and the process exited, leaving tasks "running" for good. These tests stop a
private PostgreSQL cluster (tests/support/postgres_cluster.py) under a real worker process, and
kill a worker with SIGKILL, then watch the task rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from tests.support.postgres_cluster import PostgresCluster
from tests.support.servers import LiveDatabase, WorkerProcess
from tests.support.waiting import wait_until

pytestmark = pytest.mark.restarts_services

HOUSEKEEPING = "cribbage_site.tasks.housekeeping_run"


def query(url: str, sql: str, parameters: tuple = ()) -> list[tuple]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        cursor = connection.execute(sql, parameters)
        return cursor.fetchall() if cursor.description else []


def statuses(url: str, task_path: str = HOUSEKEEPING) -> list[str]:
    rows = query(
        url,
        "SELECT status FROM django_tasks_database_dbtaskresult WHERE task_path = %s"
        " ORDER BY enqueued_at",
        (task_path,),
    )
    return [row[0] for row in rows]


def wait_for(condition, timeout: float = 60.0, what: str = "the condition"):
    """Poll ``condition`` (a query or a log read each time) until it holds."""
    return wait_until(condition, timeout=timeout, message=what, every=0.1)


def housekeeping_queue_now(url: str) -> None:
    """Queue a housekeeping run due now, as another process would (a plain row insert)."""
    query(
        url,
        "INSERT INTO django_tasks_database_dbtaskresult (id, status, enqueued_at, args_kwargs,"
        " priority, task_path, worker_ids, queue_name, backend_name, run_after,"
        " exception_class_path, traceback)"
        " VALUES (gen_random_uuid(), 'READY', now(), '{\"args\": [], \"kwargs\": {}}', 0, %s,"
        " '[]', 'default', 'default', now(), '', '')",
        (HOUSEKEEPING,),
    )


def cluster_answers(cluster: PostgresCluster) -> bool:
    import psycopg

    try:
        with psycopg.connect(cluster.admin_url, connect_timeout=2):
            return True
    except psycopg.OperationalError:
        return False


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    """One private cluster for the module's tests, each of which makes its database from the
    cluster's template (a copy of the process's pristine cluster: tests/support/
    postgres_cluster.py), rather than a cluster per test."""
    cluster = PostgresCluster().create()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
def cluster_database(cluster, tmp_path) -> Iterator[tuple[PostgresCluster, LiveDatabase]]:
    """A fresh migrated database of its own on the module's cluster, which is running again
    afterwards whatever the test left it in."""
    database = LiveDatabase(tmp_path, cluster.admin_url)
    database.create()
    try:
        yield cluster, database
    finally:
        if not cluster_answers(cluster):
            cluster.start()
        database.drop()


def worker_env(database: LiveDatabase, **extra: str) -> dict[str, str]:
    env = {
        "DATABASE_URL": database.url,
        "TASK_WORKER_HEARTBEAT_SECONDS": "0.5",
        "TASK_WORKER_LEASE_SECONDS": "2",
        "TASK_WORKER_THREADS": "2",
        # Only the runs a test queues: the next scheduled run is far away.
        "HOUSEKEEPING_EVERY_SECONDS": "3600",
        # In an outage each attempt waits this long for a pooled connection before it fails and
        # is logged (production: 10 s): the retries the outage test counts come that much sooner.
        "DATABASE_POOL_TIMEOUT": "2",
    }
    env.update(extra)
    return env


@pytest.mark.postgres
@pytest.mark.slow
def test_the_worker_outlives_a_postgres_outage_and_runs_tasks_after_it(cluster_database, tmp_path):
    cluster, database = cluster_database
    log = tmp_path / "worker.log"
    worker = WorkerProcess(worker_env(database), log_path=log).start()
    try:
        wait_for(lambda: statuses(database.url) == ["SUCCESSFUL", "READY"], what="housekeeping")
        cluster.stop()
        wait_for(lambda: b"the database is unavailable" in log.read_bytes(), what="the outage")
        # Failed attempts with a back-off between them, each logged: the process must still be
        # there. (One idle thread keeps the look, so the attempts are that thread's: each waits
        # out the pool's 2 s, then 0.5 s, 1 s, 2 s, 4 s... Two show the back-off; waiting for
        # four left the database down until the thread's 4 s wait, 9 s more of the test.)
        wait_for(
            lambda: log.read_bytes().count(b"the database is unavailable") >= 2, what="retries"
        )
        assert worker.process.poll() is None, log.read_text()
        cluster.start()

        housekeeping_queue_now(database.url)
        wait_for(
            lambda: statuses(database.url).count("SUCCESSFUL") == 2,
            what="the task queued after the outage to run",
        )
        assert worker.process.poll() is None
        assert "RUNNING" not in statuses(database.url)
    finally:
        worker.stop()


@pytest.mark.postgres
@pytest.mark.slow
def test_a_task_left_running_by_a_killed_worker_runs_again_once_its_lease_lapses(
    cluster_database, tmp_path
):
    cluster, database = cluster_database
    first = WorkerProcess(worker_env(database), log_path=tmp_path / "first.log").start()
    wait_for(lambda: statuses(database.url) == ["SUCCESSFUL", "READY"], what="housekeeping")
    (killed_id,) = query(database.url, "SELECT worker_id FROM cribbage_site_workerheartbeat")[0]
    first.kill()
    # What the killed worker left mid-run: a task it had claimed, still "running".
    housekeeping_queue_now(database.url)
    query(
        database.url,
        "UPDATE django_tasks_database_dbtaskresult SET status = 'RUNNING', started_at = now(),"
        " worker_ids = %s::jsonb WHERE status = 'READY' AND run_after <= now()",
        (f'["{killed_id}"]',),
    )
    assert statuses(database.url).count("RUNNING") == 1

    second = WorkerProcess(worker_env(database), log_path=tmp_path / "second.log").start()
    try:
        wait_for(
            lambda: statuses(database.url).count("SUCCESSFUL") == 2,
            what="the stale task to run again",
        )
        assert "RUNNING" not in statuses(database.url)
        assert "was left running by " + killed_id in (tmp_path / "second.log").read_text()
    finally:
        second.stop()


@pytest.mark.django_db
def test_only_tasks_of_workers_whose_lease_lapsed_are_queued_again(settings):
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult, get_date_max

    from cribbage_site.worker_lease import tasks_reclaim_stale, worker_heartbeat_beat

    settings.TASK_WORKER_LEASE_SECONDS = 30
    now = timezone.now()
    worker_heartbeat_beat(worker_id="alive", started_at=now)

    def running(worker: str, claimed_seconds_ago: float) -> DBTaskResult:
        return DBTaskResult.objects.create(
            status="RUNNING",
            started_at=now - timedelta(seconds=claimed_seconds_ago),
            worker_ids=[worker],
            args_kwargs={"args": [], "kwargs": {}},
            task_path=HOUSEKEEPING,
            backend_name="default",
            queue_name="default",
            run_after=get_date_max(),
        )

    dead_and_old = running("killed", 60)
    dead_but_just_claimed = running("killed", 5)
    alive_and_old = running("alive", 600)

    assert tasks_reclaim_stale(now=now) == 1
    assert tasks_reclaim_stale(now=now) == 0  # twice: given back once
    dead_and_old.refresh_from_db()
    dead_but_just_claimed.refresh_from_db()
    alive_and_old.refresh_from_db()
    assert dead_and_old.status == "READY"
    assert dead_but_just_claimed.status == "RUNNING"
    assert alive_and_old.status == "RUNNING"
