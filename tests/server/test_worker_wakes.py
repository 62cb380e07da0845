"""An idle worker wakes when a task falls due, not on its next poll (issue 24, item 8).

Each worker here polls every 300 s (``TASK_WORKER_INTERVAL``), longer than any wait in the
test: a task it runs sooner was announced to it, by this process's alarm or by PostgreSQL's
``NOTIFY`` from another process (cribbage_site/task_alarm.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from unittest import mock

import pytest
from django.db import OperationalError, transaction
from django_tasks import task
from django_tasks_db.models import DBTaskResult

from cribbage_site.task_alarm import TaskAlarm, due_time, task_alarm
from cribbage_site.tasks import housekeeping_run
from cribbage_site.worker import worker_build
from tests.support.servers import PROJECT_DIR, LiveDatabase, WorkerProcess, child_environment
from tests.support.waiting import wait_until

NEVER_POLLS = 300.0

# Set by a test to let ``held_task`` finish.
HELD = threading.Event()


@task()
def held_task() -> None:
    """Keeps its worker thread busy until the test lets it go (``HELD``)."""
    HELD.wait(60)


def unless_locked(query):
    """``query``'s answer, or False while the worker's thread holds the table: the suite's
    in-memory SQLite shares one cache between threads, which answers "table is locked" at once
    instead of waiting (a file database, as the site runs, waits)."""

    def condition():
        try:
            return query()
        except OperationalError:
            return False

    return condition


class WorkerInThisProcess:
    """A worker running in this process's threads, from the end of its start-up (its own due
    runs done) to its stop; it notes which thread made each look for a due task (``run_one``)."""

    def __init__(self, *, interval: float, threads: int) -> None:
        self.worker = worker_build(interval=interval, worker_id="wakes-test", threads=threads)
        self.lookers: list[str] = []  # who looked, in order
        look = self.worker.run_one

        def counted() -> bool:
            self.lookers.append(threading.current_thread().name)
            return look()

        self.worker.run_one = counted  # type: ignore[method-assign]
        self.started = threading.Event()
        self.runner = threading.Thread(
            target=self.worker.run, kwargs={"on_started": self.started.set}
        )

    def __enter__(self) -> WorkerInThisProcess:
        self.runner.start()
        wait_until(self.started.is_set, timeout=60, message="the worker started")
        # The start-up's own runs (housekeeping, the digest; due at once) are done, none still
        # running, before it sleeps.
        wait_until(
            unless_locked(
                lambda: (
                    not DBTaskResult.objects.ready().exists()
                    and not DBTaskResult.objects.filter(status="RUNNING").exists()
                )
            ),
            timeout=60,
            message="the start-up's due tasks ran",
        )
        return self

    def __exit__(self, *exc) -> None:
        HELD.set()
        self.worker.stop()
        self.runner.join(timeout=60)
        assert not self.runner.is_alive()

    def one_looks(self) -> bool:
        """Whether the last 40 looks were one thread's: the others sleep. (Forty looks at
        0.05 s outlast the 0.5 s a thread backs off when the suite's in-memory SQLite answers
        "table is locked".)"""
        return len(self.lookers) >= 40 and len(set(self.lookers[-40:])) == 1


def test_a_sleeping_thread_is_woken_by_a_ring_for_a_task_due_now():
    alarm = TaskAlarm()
    answers: list[bool] = []
    sleeper = threading.Thread(
        target=lambda: answers.append(alarm.wait(until=time.time() + NEVER_POLLS))
    )
    sleeper.start()
    alarm.ring(time.time())
    wait_until(lambda: answers, timeout=30, message="the sleeper woke")
    sleeper.join()
    assert answers == [True]


def test_a_ring_for_later_wakes_the_sleeper_then_and_not_before():
    alarm = TaskAlarm()
    due = time.time() + 0.3
    alarm.ring(due)
    assert alarm.wait(until=time.time() + NEVER_POLLS) is True
    assert time.time() >= due


def test_of_two_sleepers_one_takes_the_ring_and_the_other_sleeps_on():
    alarm = TaskAlarm()
    answers: list[bool] = []
    until = time.time() + 1.0  # the other's own deadline: it returns False then
    sleepers = [
        threading.Thread(target=lambda: answers.append(alarm.wait(until=until))) for _ in range(2)
    ]
    for sleeper in sleepers:
        sleeper.start()
    alarm.ring(time.time())
    for sleeper in sleepers:
        sleeper.join()
    assert sorted(answers) == [False, True]


def test_a_task_without_a_delay_is_due_now():
    before = time.time()
    assert before <= due_time(None) <= time.time()


@pytest.mark.django_db(transaction=True)
def test_a_worker_thread_runs_a_task_its_own_process_queued_without_waiting_for_its_poll(
    settings,
):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    with WorkerInThisProcess(interval=NEVER_POLLS, threads=1):
        queued = []

        def enqueue() -> bool:
            with transaction.atomic():
                result = housekeeping_run.enqueue()
            queued.append(result)  # once committed: a refused commit is tried again
            return True

        # The worker's last write may still hold the shared in-memory table for a moment.
        wait_until(unless_locked(enqueue), timeout=60, message="the task was queued")
        (task,) = queued
        wait_until(
            unless_locked(lambda: DBTaskResult.objects.get(pk=task.id).status == "SUCCESSFUL"),
            timeout=60,
            message="the task queued after the worker went to sleep ran",
        )


@pytest.mark.slow
def test_a_worker_process_wakes_for_a_task_another_process_queued(tmp_path):
    base_url = os.environ.get("DATABASE_URL", "")
    if not base_url.startswith(("postgres://", "postgresql://")):
        pytest.skip(
            "NOTIFY is PostgreSQL's: on SQLite, processes other than the worker's own are "
            "heard at its next poll (TASK_WORKER_INTERVAL)"
        )
    database = LiveDatabase(tmp_path, base_url)
    database.create()
    worker = WorkerProcess(
        {"DATABASE_URL": database.url}, log_path=tmp_path / "worker.log", interval=NEVER_POLLS
    )
    try:
        worker.start(timeout=60)
        queue = (
            "from django.db import transaction\n"
            "from cribbage_site.tasks import housekeeping_run\n"
            "with transaction.atomic():\n"
            "    print('QUEUED', housekeeping_run.enqueue().id)\n"
        )
        completed = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", queue],
            cwd=PROJECT_DIR,
            env=child_environment(DATABASE_URL=database.url),
            capture_output=True,
            text=True,
            check=True,
        )
        task_id = completed.stdout.split("QUEUED", 1)[1].split()[0]

        def status() -> str:
            import psycopg

            with psycopg.connect(database.url) as connection:
                row = connection.execute(
                    "SELECT status FROM django_tasks_database_dbtaskresult WHERE id = %s",
                    (task_id,),
                ).fetchone()
            return row[0] if row else ""

        wait_until(
            lambda: status() == "SUCCESSFUL",
            timeout=120,
            every=0.2,
            message="the worker ran the task another process queued",
        )
    finally:
        worker.stop()
        database.drop()


@pytest.mark.django_db(transaction=True)
def test_of_an_idle_workers_threads_only_one_looks_every_interval(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    with WorkerInThisProcess(interval=0.05, threads=4) as worker:
        wait_until(worker.one_looks, timeout=60, message="one thread looks, the others sleep")
        start = len(worker.lookers)
        wait_until(
            lambda: len(worker.lookers) >= start + 40,
            timeout=60,
            message="the worker looked 40 times more",
        )
        window = Counter(worker.lookers[start : start + 40])
    # Four threads each looking every interval would share the looks about evenly; here the
    # others slept through them (the alarm would have woken them for a task). A thread backing
    # off from the in-memory SQLite's "table is locked" may take over the look once.
    assert window.most_common(1)[0][1] >= 30, window


@pytest.mark.django_db(transaction=True)
def test_while_the_looking_thread_runs_a_task_a_sibling_keeps_the_look(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    HELD.clear()
    with WorkerInThisProcess(interval=0.05, threads=2) as worker:
        wait_until(worker.one_looks, timeout=60, message="one thread looks, the other sleeps")
        queued = []

        def enqueue(task_to_queue) -> bool:
            # As another process queues one on SQLite: no alarm is rung here, so only the
            # look every interval finds it. The held task thus goes to the looking thread.
            with mock.patch.object(task_alarm, "ring"), transaction.atomic():
                queued.append(task_to_queue.enqueue())
            return True

        wait_until(unless_locked(lambda: enqueue(held_task)), timeout=60, message="queued")
        held = queued[-1]
        wait_until(
            unless_locked(lambda: DBTaskResult.objects.get(pk=held.id).status == "RUNNING"),
            timeout=60,
            message="a thread runs the held task",
        )
        wait_until(
            unless_locked(lambda: enqueue(housekeeping_run)),
            timeout=60,
            message="queued",
        )
        silent = queued[-1]
        # Well inside the idle threads' 30 s safety net (SIBLING_NAP): found by a look.
        wait_until(
            unless_locked(lambda: DBTaskResult.objects.get(pk=silent.id).status == "SUCCESSFUL"),
            timeout=15,
            message="the other thread found the task no alarm announced",
        )
        # Still held (the table may be locked for a moment by a thread: ask again then).
        wait_until(
            unless_locked(lambda: DBTaskResult.objects.get(pk=held.id).status == "RUNNING"),
            timeout=15,
            message="the held task still runs",
        )
