"""The task queue at a glance: how many tasks wait, and how late the oldest due one is.

Read by ``/healthz`` (a queue whose oldest due task is late beyond ``HEALTHZ_QUEUE_LATE_SECONDS``
means the workers are not keeping up, or none runs) and by the metrics collector
(cribbage_site/metrics.py). Three counts and one aggregate over django-tasks-db's table, whose
status and run_after columns are indexed: cheap at scrape time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Case, Count, F, Min, Q, When
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max


@dataclass(frozen=True)
class TaskQueueFigures:
    """Tasks due and waiting, waiting for a later time, running; the oldest due one's age."""

    due: int
    scheduled: int
    running: int
    oldest_due_seconds: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "due": self.due,
            "scheduled": self.scheduled,
            "running": self.running,
            "oldest_due_seconds": round(self.oldest_due_seconds, 1),
        }


def task_queue_figures(*, now: datetime | None = None) -> TaskQueueFigures:
    """Count the queue and find its oldest due task (0 s when nothing is due), in one query."""
    now = now or timezone.now()
    never = get_date_max()  # django-tasks-db's "no run_after": due since it was enqueued
    due = Q(status=TaskResultStatus.READY) & (Q(run_after=never) | Q(run_after__lte=now))
    figures = DBTaskResult.objects.filter(
        status__in=[TaskResultStatus.READY, TaskResultStatus.RUNNING]
    ).aggregate(
        due=Count("pk", filter=due),
        scheduled=Count("pk", filter=Q(status=TaskResultStatus.READY) & ~due),
        running=Count("pk", filter=Q(status=TaskResultStatus.RUNNING)),
        oldest_due=Min(
            Case(When(run_after=never, then=F("enqueued_at")), default=F("run_after")),
            filter=due,
        ),
    )
    oldest = figures["oldest_due"]
    return TaskQueueFigures(
        due=figures["due"],
        scheduled=figures["scheduled"],
        running=figures["running"],
        oldest_due_seconds=max(0.0, (now - oldest).total_seconds()) if oldest else 0.0,
    )
