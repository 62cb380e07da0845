"""``manage.py tasks_requeue``: queue again whatever is due with no task waiting, then exit."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from cribbage_site.worker import tasks_requeue


class Command(BaseCommand):
    help = (
        "Queue again bot turns, abandonment checks, seek expiries and match-finished hooks that "
        "are due and have no task waiting. Safe to run any number of times."
    )

    def handle(self, **options) -> None:
        self.stdout.write(f"Re-queued: {tasks_requeue()}")
