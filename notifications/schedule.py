"""Keeping the daily digest scheduled, durably: like cribbage_site/housekeeping.py."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

DIGESTS_TASK_PATH = "notifications.tasks.digests_send"


def digest_schedule(*, delay_seconds: float = 0.0) -> bool:
    """Queue the digests ``delay_seconds`` from now unless a run is already waiting; whether it
    queued one (under a lock on the waiting rows, so two workers starting together queue one)."""
    from notifications.tasks import digests_send

    with transaction.atomic():
        waiting = DBTaskResult.objects.select_for_update().filter(
            task_path=DIGESTS_TASK_PATH, status=TaskResultStatus.READY
        )
        if waiting.exists():
            return False
        digests_send.using(run_after=timezone.now() + timedelta(seconds=delay_seconds)).enqueue()
        return True
