"""Durable tasks in tests run in the test process: stored like production, run like a worker.

``RunOnCommitBackend`` is the database backend, writing the same rows, which also runs a task
right after the commit that queued it when it is already due: what a worker polling without
pause would do, minus the polling. Tasks with a later ``run_after`` stay queued until a test
runs them with :func:`tasks_run_due`. End-to-end tests run the real worker instead
(tests/support/servers.py, ``WorkerProcess``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult, get_date_max
from django_tasks_db.utils import exclusive_transaction

from cribbage_site.worker import worker_build

BACKEND = "tests.support.tasks.RunOnCommitBackend"


class TaskFailed(AssertionError):
    """A task raised in a test: shown, not swallowed as a worker would record it."""


class RunOnCommitBackend(DatabaseBackend):
    def enqueue(self, task, args, kwargs):
        result = super().enqueue(task, args, kwargs)
        if task.run_after is None or task.run_after <= timezone.now():
            transaction.on_commit(lambda: tasks_run_due(ids=[result.id]))
        return result


def tasks_waiting(task_path: str | None = None) -> list[DBTaskResult]:
    """The tasks queued and not yet run, in order of when they fall due."""
    waiting = DBTaskResult.objects.filter(status="READY").order_by("run_after", "enqueued_at")
    if task_path is not None:
        waiting = waiting.filter(task_path=task_path)
    return list(waiting)


def tasks_run_due(*, now: datetime | None = None, ids: list | None = None) -> int:
    """Claim and run, as a worker does, every task waiting now and due by ``now`` (default: now).

    Tasks these queue are left for the next call (a check that queues itself again would
    otherwise run for ever against a clock moved ahead). ``ids``: only these tasks. Returns how
    many ran; raises :class:`TaskFailed` if one failed.
    """
    worker = worker_build(worker_id="test-process")
    # A task queued without ``run_after`` is stored with the backend's "no date" (year 9999).
    due_by_then = Q(run_after=get_date_max()) | Q(run_after__lte=now or timezone.now())
    if ids is None:
        ids = list(
            DBTaskResult.objects.filter(due_by_then, status="READY").values_list("pk", flat=True)
        )
    ran = 0
    while True:
        due = DBTaskResult.objects.filter(due_by_then, status="READY", pk__in=ids)
        due = due.order_by("run_after", "enqueued_at")
        with exclusive_transaction(due.db):
            task_result = due.select_for_update().first()
            if task_result is not None:
                task_result.claim(worker.worker_id)
        if task_result is None:
            return ran
        worker.run_task(task_result)
        ran += 1
        task_result.refresh_from_db()
        if task_result.status == "FAILED":
            raise TaskFailed(f"{task_result.task_path} failed:\n{task_result.traceback}")
