"""The worker's lease: each worker process says it is alive, in the database every process sees.

A task a worker claimed stays "running" if the worker is killed or crashes. Whether its worker
is still alive cannot be known from another process's memory, so each worker renews a row here
every ``TASK_WORKER_HEARTBEAT_SECONDS``; a running task whose worker has not renewed within
``TASK_WORKER_LEASE_SECONDS`` is run again (cribbage_site/worker_lease.py). /healthz reads the
same rows to tell whether any worker is running.
"""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """One worker process (or the server's worker thread) and when it last said it was alive."""

    worker_id = models.CharField(max_length=64, primary_key=True)
    started_at = models.DateTimeField()
    seen_at = models.DateTimeField(db_index=True)
    # How many tasks it runs at once (its threads), for the operator reading /healthz.
    threads = models.PositiveSmallIntegerField(default=1)

    def __str__(self) -> str:
        return f"{self.worker_id} (seen {self.seen_at:%H:%M:%S})"
