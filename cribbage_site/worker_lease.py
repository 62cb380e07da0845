"""Workers' heartbeats, and running tasks given back when their worker's lease has lapsed.

A worker renews its row (:class:`~cribbage_site.models.WorkerHeartbeat`) every
``TASK_WORKER_HEARTBEAT_SECONDS``. A task stays "running" when the worker that claimed it is
killed or crashes; once that worker has not renewed for ``TASK_WORKER_LEASE_SECONDS``, any live
worker puts the task back in the queue (:func:`tasks_reclaim_stale`) and it runs again. Every
task is written to be safe to run twice (tests/server/test_tasks_run_twice.py).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cribbage_site.models import WorkerHeartbeat

logger = logging.getLogger(__name__)


def worker_heartbeat_beat(*, worker_id: str, started_at: datetime, threads: int = 1) -> None:
    """Say that ``worker_id`` is alive now (one row per worker, renewed in place)."""
    WorkerHeartbeat.objects.update_or_create(
        worker_id=worker_id,
        defaults={"seen_at": timezone.now(), "started_at": started_at, "threads": threads},
    )


def worker_heartbeat_end(*, worker_id: str) -> None:
    """A worker that stops cleanly gives its lease up at once."""
    WorkerHeartbeat.objects.filter(worker_id=worker_id).delete()


def workers_alive(*, now: datetime | None = None) -> list[WorkerHeartbeat]:
    """The workers whose lease has not lapsed, most recently seen first."""
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.TASK_WORKER_LEASE_SECONDS)
    return list(WorkerHeartbeat.objects.filter(seen_at__gte=cutoff).order_by("-seen_at"))


def worker_last_seen() -> datetime | None:
    """When any worker last said it was alive; None when none ever has (or all were removed)."""
    latest = WorkerHeartbeat.objects.order_by("-seen_at").first()
    return latest.seen_at if latest is not None else None


def tasks_reclaim_stale(*, now: datetime | None = None) -> int:
    """Queue again every running task whose worker's lease has lapsed; how many.

    A task is stale when the last worker that claimed it has no live lease and it was claimed
    longer than a lease ago (a worker beats before it claims, so a fresh claim is never taken
    for a dead one). The update is conditional on the row being unchanged since it was read, so
    two workers reclaiming at once put it back once. Leases that lapsed long ago are removed.
    """
    now = now or timezone.now()
    lease = timedelta(seconds=settings.TASK_WORKER_LEASE_SECONDS)
    alive = {heartbeat.worker_id for heartbeat in workers_alive(now=now)}
    reclaimed = 0
    running = DBTaskResult.objects.filter(
        status=TaskResultStatus.RUNNING, started_at__lt=now - lease
    ).only("id", "worker_ids", "started_at", "task_path")
    for row in running:
        if row.worker_ids and row.worker_ids[-1] in alive:
            continue
        reclaimed += DBTaskResult.objects.filter(
            pk=row.pk, status=TaskResultStatus.RUNNING, started_at=row.started_at
        ).update(status=TaskResultStatus.READY)
        logger.warning(
            "task %s (%s) was left running by %s: queued again",
            row.pk,
            row.task_path,
            row.worker_ids[-1] if row.worker_ids else "no worker",
        )
    WorkerHeartbeat.objects.filter(seen_at__lt=now - 10 * lease).delete()
    return reclaimed
