"""``manage.py run_worker``: sweep, then run the durable tasks as they fall due, until stopped."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from cribbage_site.worker import tasks_requeue, worker_build


class Command(BaseCommand):
    help = (
        "Queue again whatever is due with no task waiting, then run the site's tasks (bot turns, "
        "abandonment, seek expiry, the match-finished hook) until stopped. Run one or more."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--interval",
            type=float,
            default=None,
            help="Seconds between looks for due tasks when idle (default TASK_WORKER_INTERVAL).",
        )
        parser.add_argument("--no-requeue", action="store_true", help="Skip the start-up sweep.")

    def handle(self, *, interval: float | None, no_requeue: bool, **options) -> None:
        if not no_requeue:
            self.stdout.write(f"Re-queued: {tasks_requeue()}")
        worker = worker_build(interval=interval)
        worker.configure_signals()
        self.stdout.write(f"Worker {worker.worker_id} running (Ctrl-C stops it).")
        self.stdout.flush()
        worker.run()
