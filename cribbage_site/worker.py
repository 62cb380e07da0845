"""The worker: runs the durable tasks (games/tasks.py, lobby/tasks.py) when they fall due.

One loop, two homes. ``manage.py run_worker`` runs it as a process of its own (scripts/run-site,
the ``worker`` service of docker-compose.yml; start as many as you like, each claims a task with
a row lock so no two run the same one). Without Redis the channel layer lives in one process's
memory, and a worker elsewhere could not reach the server's sockets, so with
``TASK_WORKER_IN_SERVER`` the server runs the same loop in a thread of its own instead.

Before its loop a worker sweeps (:func:`tasks_requeue`): whatever is due and has no task
waiting is queued again. That picks up a task that a worker killed mid-run left "running".
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.utils.crypto import get_random_string
from django_tasks_db.management.commands.db_worker import Worker

from games.services.timers import timers_requeue
from lobby.services.seeks import seeks_expiry_requeue
from tournaments.services.timers import tournaments_requeue

logger = logging.getLogger(__name__)


def tasks_requeue() -> dict[str, int]:
    """Queue again everything due with no task waiting (safe to run any number of times)."""
    counts = timers_requeue()
    counts["seek_expiries"] = seeks_expiry_requeue()
    counts.update(tournaments_requeue())
    return counts


def worker_build(*, interval: float | None = None, worker_id: str = "") -> Worker:
    """A database worker for every queue of the default backend, polling every ``interval``."""
    return Worker(
        queue_names=["*"],
        interval=settings.TASK_WORKER_INTERVAL if interval is None else interval,
        batch=False,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id or f"{os.uname().nodename[:20]}-{os.getpid()}-{get_random_string(8)}",
        excluded_queue_names=[],
    )


def worker_start_in_server(loop: asyncio.AbstractEventLoop) -> threading.Thread:
    """Run the worker in a daemon thread of the server whose event loop is ``loop``.

    The thread is marked as one of the server's sync threads, so what its tasks send after a
    commit (kernel/sending.py) is handed to the server's loop, where the
    in-memory channel layer and the sockets live.
    """

    def run() -> None:
        SyncToAsync.threadlocal.main_event_loop = loop
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        try:
            logger.info("worker in the server: %s", tasks_requeue())
            worker_build(worker_id=f"server-{os.getpid()}").run()
        except Exception:  # the server goes on serving; the failure must be seen
            logger.exception("the server's worker thread stopped")

    thread = threading.Thread(target=run, name="task-worker", daemon=True)
    thread.start()
    return thread
