"""Housekeeping: the site's periodic jobs, run as one durable task the workers keep scheduled.

It prunes finished task rows older than ``TASK_RESULTS_KEEP_DAYS`` (about 65 rows are written
per match against the computer, and nothing else removes them), removes workers' leases that
lapsed long ago, purges guests who never played (``GUESTS_PURGE_AFTER_DAYS``), and deletes old
notifications (``NOTIFICATIONS_KEEP_READ_DAYS`` once read, ``NOTIFICATIONS_KEEP_DAYS`` in any case). Each job is
a delete by age, so a run twice (two workers, a re-run after a crash) removes nothing more.

Scheduling is durable too: each run queues the next one ``HOUSEKEEPING_EVERY_SECONDS`` later,
and every worker, at its start, queues one if none is waiting (:func:`housekeeping_schedule`),
so a run lost with a crashed worker is replaced by the next worker to start, or by the lease
sweep that gives its task back.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

FINISHED = [TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED]
HOUSEKEEPING_TASK_PATH = "cribbage_site.tasks.housekeeping_run"


def task_results_prune(*, keep_days: float | None = None) -> int:
    """Delete finished task rows that finished more than ``keep_days`` ago; how many."""
    days = settings.TASK_RESULTS_KEEP_DAYS if keep_days is None else keep_days
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = DBTaskResult.objects.filter(status__in=FINISHED, finished_at__lt=cutoff).delete()
    return deleted


def housekeeping_jobs_run() -> dict[str, int]:
    """Run every periodic job once; what each removed."""
    from accounts.services import guests_purge
    from notifications.services import notifications_prune

    return {
        "task_results_pruned": task_results_prune(),
        "guests_purged": guests_purge(older_than_days=settings.GUESTS_PURGE_AFTER_DAYS),
        "notifications_pruned": notifications_prune(
            read_older_than_days=settings.NOTIFICATIONS_KEEP_READ_DAYS,
            any_older_than_days=settings.NOTIFICATIONS_KEEP_DAYS,
        ),
    }


def housekeeping_schedule(*, delay_seconds: float = 0.0) -> bool:
    """Queue housekeeping ``delay_seconds`` from now unless a run is already waiting.

    True when it queued one. Under a lock on the waiting rows, so two workers starting
    together queue it once on PostgreSQL (on SQLite writers take turns anyway).
    """
    from cribbage_site.tasks import housekeeping_run

    with transaction.atomic():
        waiting = DBTaskResult.objects.select_for_update().filter(
            task_path=HOUSEKEEPING_TASK_PATH, status=TaskResultStatus.READY
        )
        if waiting.exists():
            return False
        housekeeping_run.using(
            run_after=timezone.now() + timedelta(seconds=delay_seconds)
        ).enqueue()
        return True
