"""Waking the worker when a task falls due, instead of polling for it.

A worker that polls every ``TASK_WORKER_INTERVAL`` adds up to that interval to every task: a
computer's move waited its pause plus whatever was left of the worker's sleep (docs/
performance.md, "Enough workers"). Instead, an idle worker thread sleeps until the earliest of

- the ``run_after`` of the next task waiting in the database (read when it found none due),
- a task queued since with an earlier due time (this alarm rung), and
- ``TASK_WORKER_INTERVAL`` from now (a safety net for a wake-up that never came).

The alarm is rung when a transaction that queued a task commits: in the same process directly
(the server's own worker thread on the embedded default, or a worker whose task queued the
next, a bot answering a bot), and from other processes, for a task due before the workers'
next look, through PostgreSQL's ``NOTIFY``, which PostgreSQL delivers only when the transaction
commits, so a worker is never woken for a task that was rolled back. On SQLite shared by
several processes the interval is the fallback.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connections, transaction

logger = logging.getLogger(__name__)

NOTIFY_CHANNEL = "cribbage_task_queued"
"""PostgreSQL's channel for "a task was queued"; its payload is the due time (epoch seconds)."""


class TaskAlarm:
    """The earliest due time this process was told of, and the worker threads waiting on it.

    >>> alarm = TaskAlarm()
    >>> alarm.ring(time.time() - 1)  # already due: a waiting thread returns at once
    >>> alarm.wait(until=time.time() + 60)
    True
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._earliest: float | None = None

    def ring(self, due_at: float) -> None:
        """A task falls due at ``due_at`` (epoch seconds): wake a sleeper in time for it."""
        with self._condition:
            if self._earliest is None or due_at < self._earliest:
                self._earliest = due_at
            self._condition.notify_all()

    def wake_all(self) -> None:
        """Wake every sleeper now (the worker is stopping)."""
        self.ring(0.0)

    def wait(self, *, until: float, stopping: threading.Event | None = None) -> bool:
        """Sleep until ``until`` or the earliest due time rung, whichever is first.

        Returns True when woken for a rung due time, which it takes: of the threads waiting,
        one goes to claim the task, and the others sleep on (the one that claims rings again
        when it finds work, so a burst of due tasks spreads over the threads).
        """
        with self._condition:
            while True:
                now = time.time()
                if self._earliest is not None and self._earliest <= now:
                    self._earliest = None
                    return True
                if now >= until or (stopping is not None and stopping.is_set()):
                    return False
                deadline = until if self._earliest is None else min(until, self._earliest)
                self._condition.wait(deadline - now)


task_alarm = TaskAlarm()
"""This process's alarm: the worker threads of this process wait on it."""


def due_time(run_after: datetime | None) -> float:
    """A task's due time in epoch seconds (no ``run_after``, or django-tasks' far-future
    "no delay" marker: now)."""
    if run_after is None or run_after.year >= 9999:
        return time.time()
    return run_after.timestamp()


def task_queued(*, run_after: datetime | None, using: str = "default") -> None:
    """Ring the alarms for a task just queued: this process's once the transaction commits,
    and every worker process's through PostgreSQL's ``NOTIFY`` (sent on commit too).

    Only a task due before an idle worker's next look (``TASK_WORKER_INTERVAL``) is announced
    to other processes: a later one (a computer's turn after its 0.8 s pause) is seen at that
    look, which then sleeps until it is due. PostgreSQL serializes the commits of transactions
    that notify, so a notification an action does not need is a cost every match would share.
    """
    due = due_time(run_after)
    transaction.on_commit(lambda: task_alarm.ring(due), using=using, robust=True)
    connection = connections[using]
    if connection.vendor == "postgresql" and due - time.time() < settings.TASK_WORKER_INTERVAL:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [NOTIFY_CHANNEL, f"{due:.3f}"])


def on_task_enqueued(sender: Any, task_result: Any, **kwargs: Any) -> None:
    """django-tasks' ``task_enqueued`` receiver (connected in cribbage_site/apps.py): rings
    the alarms, and logs the task's id beside the ids of what queued it (the request, the
    action), so a request's lines lead to the worker's run (kernel/log_context.py)."""
    logger.info(
        "task queued: %s",
        task_result.task.module_path,
        extra={"queued_task_id": str(task_result.id)},
    )
    task_queued(run_after=task_result.task.run_after)


class NotifyListener:
    """A worker process's thread that rings its alarm for each ``NOTIFY`` of a queued task.

    It holds one connection of its own, outside Django's pool, in ``LISTEN``. When the database
    goes away it reconnects with a back-off; meanwhile the threads fall back to the interval.
    """

    def __init__(self, *, alarm: TaskAlarm, stopping: threading.Event, using: str = "default"):
        self.alarm = alarm
        self.stopping = stopping
        self.using = using

    def start(self) -> threading.Thread | None:
        """Listen in a daemon thread; None where the database cannot (SQLite)."""
        if connections[self.using].vendor != "postgresql":
            return None
        thread = threading.Thread(target=self.run, name="worker-listen", daemon=True)
        thread.start()
        return thread

    def run(self) -> None:
        import psycopg

        params = connections[self.using].get_connection_params()
        delay = 0.0
        while not self.stopping.is_set():
            try:
                with psycopg.connect(**params, autocommit=True) as listening:
                    listening.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.0
                    # Anything queued while it was not listening is found by the next look.
                    self.alarm.ring(time.time())
                    while not self.stopping.is_set():
                        for notice in listening.notifies(timeout=1.0):
                            self.alarm.ring(_payload_time(notice.payload))
            except psycopg.Error as error:
                delay = min(30.0, delay * 2 or 0.5)
                logger.warning(
                    "the task listener lost the database (%s); listening again in %.1f s",
                    type(error).__name__,
                    delay,
                )
                self.stopping.wait(delay)


def _payload_time(payload: str) -> float:
    try:
        return float(payload)
    except ValueError:
        return time.time()
