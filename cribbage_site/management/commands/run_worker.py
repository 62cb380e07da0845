"""``manage.py run_worker``: sweep, then run the durable tasks as they fall due, until stopped."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand

from cribbage_site.worker import worker_build
from kernel.metrics import REGISTRY


class Command(BaseCommand):
    help = (
        "Queue again whatever is due with no task waiting, then run the site's tasks (bot turns, "
        "abandonment, seek expiry, the match-finished hook, housekeeping) until stopped. Run "
        "one or more; each outlives database and Redis outages."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--interval",
            type=float,
            default=None,
            help=(
                "The longest an idle worker sleeps before looking for due tasks (it is woken "
                "when one falls due; default TASK_WORKER_INTERVAL)."
            ),
        )
        parser.add_argument(
            "--threads",
            type=int,
            default=None,
            help="Tasks run at once, one thread each (default TASK_WORKER_THREADS).",
        )

    def handle(self, *, interval: float | None, threads: int | None, **options) -> None:
        threads = settings.TASK_WORKER_THREADS if threads is None else threads
        if threads < 1:
            raise ValueError("--threads must be at least 1")
        worker = worker_build(interval=interval, threads=threads)
        worker.configure_signals()
        if settings.WORKER_METRICS_PORT:
            # Its own instruments only (task run times, check-ins): the site's figures are the
            # servers' /metrics. No token here: bind it to an internal address.
            from prometheus_client import start_http_server

            start_http_server(
                settings.WORKER_METRICS_PORT,
                addr=settings.WORKER_METRICS_ADDRESS,
                registry=REGISTRY,
            )

        def started() -> None:
            self.stdout.write(
                f"Worker {worker.worker_id}, {threads} thread(s), running (Ctrl-C stops it)."
            )
            self.stdout.flush()

        worker.run(on_started=started)
