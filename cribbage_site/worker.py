"""The worker: runs the durable tasks (games/tasks.py, lobby/tasks.py, ...) when they fall due.

One loop, two homes. ``manage.py run_worker`` runs it as a process of its own (scripts/run-site,
the ``worker`` service of docker-compose.yml; start as many as you like, each claims a task with
a row lock so no two run the same one). Without Redis the channel layer lives in one process's
memory, and a worker elsewhere could not reach the server's sockets, so with
``TASK_WORKER_IN_SERVER`` the server runs the same loop in a thread of its own instead.

django-tasks-db's worker exits when the database goes away (an ``OperationalError`` escapes
while it records a result). This one outlives outages of the database and of Redis:

- a database error in the loop, or in a task, is not the task's failure: the worker backs off
  (0.5 s doubling to 30 s), reconnects, and runs the interrupted task again once the database
  answers (every task is safe to run twice);
- each worker holds a lease (cribbage_site/worker_lease.py), renewed by a heartbeat thread; a
  task left running by a worker that was killed runs again once that lease has lapsed;
- a process runs ``TASK_WORKER_THREADS`` tasks at once, one thread each;
- an idle thread does not poll: it sleeps until the next task is due or a commit that queued
  one wakes it (cribbage_site/task_alarm.py), ``TASK_WORKER_INTERVAL`` at most;
- of the idle threads only one looks every ``TASK_WORKER_INTERVAL`` (for the tasks no alarm
  announces); the others sleep until the alarm wakes them. A thread that claims a task wakes a
  sibling first, which looks for more and, finding none, keeps the look while it runs. Four
  threads each looking twice a second cost an idle PostgreSQL worker 24 transactions a second
  (docs/performance.md, "One idle look a worker").

At its start a worker sweeps (:func:`tasks_requeue`): whatever is due and has no task waiting
is queued again; and it makes sure housekeeping (cribbage_site/housekeeping.py) is scheduled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
from types import FrameType

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import close_old_connections, connection
from django.db.models import Min
from django.db.utils import InterfaceError, OperationalError
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks_db.compat import TaskContext, TaskResultStatus, task_finished, task_started
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult, get_date_max
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from cribbage_site.housekeeping import housekeeping_schedule
from cribbage_site.task_alarm import NotifyListener, task_alarm
from cribbage_site.worker_lease import (
    tasks_reclaim_stale,
    worker_heartbeat_beat,
    worker_heartbeat_end,
)
from games.services.timers import timers_requeue
from kernel.log_context import log_context
from kernel.metrics import TASK_RUN_TIME, WORKER_CHECKINS
from lobby.services.seeks import seeks_expiry_requeue
from notifications.schedule import digest_schedule
from tournaments.services.timers import tournaments_requeue

logger = logging.getLogger(__name__)

# What a database that is restarting, unreachable or out of connections raises. Not a task's
# fault: the task runs again once the database is back.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)

# The shortest sleep of an idle thread that saw a task due but could not claim it (a sibling
# was claiming it): long enough not to spin, short beside a bot's pause.
MINIMUM_NAP = 0.01

# How long an idle thread sleeps while a sibling keeps the look every TASK_WORKER_INTERVAL for
# them all: the alarm wakes it for any task due sooner, so this is only a safety net.
SIBLING_NAP = 30.0


def tasks_requeue() -> dict[str, int]:
    """Queue again everything due with no task waiting (safe to run any number of times)."""
    counts = timers_requeue()
    counts["seek_expiries"] = seeks_expiry_requeue()
    counts.update(tournaments_requeue())
    return counts


class Backoff:
    """Waits that double from ``first`` to at most ``most`` seconds, until :meth:`reset`."""

    def __init__(self, first: float = 0.5, most: float = 30.0) -> None:
        self.first = first
        self.most = most
        self.current = 0.0

    def next(self) -> float:
        self.current = min(self.most, self.current * 2 if self.current else self.first)
        return self.current

    def reset(self) -> None:
        self.current = 0.0


class SiteWorker(Worker):
    """django-tasks-db's worker that survives outages, holds a lease and runs threads."""

    def __init__(self, *, interval: float, worker_id: str, threads: int = 1) -> None:
        super().__init__(
            queue_names=["*"],
            interval=interval,
            batch=False,
            backend_name="default",
            startup_delay=False,
            max_tasks=None,
            worker_id=worker_id,
            excluded_queue_names=[],
        )
        self.threads = max(1, threads)
        self.started_at = timezone.now()
        self.stopping = threading.Event()
        # Held by the idle thread that looks every ``interval`` for the others (_sleep_until_due).
        self._looking = threading.Lock()
        # Tasks a database outage interrupted, queued again once the database answers.
        self._interrupted: set = set()
        self._interrupted_lock = threading.Lock()

    # Stopping -------------------------------------------------------------------------------

    def shutdown(self, signum: int, frame: FrameType | None) -> None:
        """First signal: finish the tasks under way, then stop. Second: stop at once."""
        if not self.running:
            logger.warning("Received %s again: stopping now", signal.strsignal(signum))
            os._exit(1)
        logger.warning("Received %s: finishing the tasks under way", signal.strsignal(signum))
        self.stop()

    def stop(self) -> None:
        self.running = False
        self.stopping.set()
        task_alarm.wake_all()

    # The loop -------------------------------------------------------------------------------

    def run(self, *, on_thread_start=None, on_started=None) -> None:
        """Start up (retrying while the database is away), then run until stopped.

        ``on_thread_start``: called first in every thread that runs tasks (the server's worker
        marks its threads so that what they send reaches the server's event loop).
        ``on_started``: called once the start-up sweep is done and tasks are about to run.
        """
        logger.info("Starting worker %s with %d thread(s)", self.worker_id, self.threads)
        self._start_up()
        if not self.running:
            return
        if on_started is not None:
            on_started()
        beat = threading.Thread(target=self._beat_loop, name="worker-heartbeat", daemon=True)
        beat.start()
        listener = NotifyListener(alarm=task_alarm, stopping=self.stopping).start()
        runners = [
            threading.Thread(
                target=self._run_loop, args=(on_thread_start,), name=f"worker-{index}", daemon=True
            )
            for index in range(1, self.threads)
        ]
        for runner in runners:
            runner.start()
        self._run_loop(on_thread_start)
        for runner in runners:
            runner.join()
        self.stopping.set()
        beat.join(timeout=settings.TASK_WORKER_HEARTBEAT_SECONDS + 5)
        if listener is not None:
            listener.join(timeout=5)  # it looks at ``stopping`` every second
        try:
            worker_heartbeat_end(worker_id=self.worker_id)
        except DATABASE_UNAVAILABLE:
            pass  # the lease lapses on its own
        finally:
            connection.close()

    def _start_up(self) -> None:
        backoff = Backoff()
        while self.running:
            try:
                worker_heartbeat_beat(
                    worker_id=self.worker_id, started_at=self.started_at, threads=self.threads
                )
                logger.info("Re-queued: %s", tasks_requeue())
                housekeeping_schedule()
                digest_schedule()
                return
            except DATABASE_UNAVAILABLE as error:
                self._wait_out_outage(error, backoff, "starting")

    def _run_loop(self, on_thread_start=None) -> None:
        if on_thread_start is not None:
            on_thread_start()
        backoff = Backoff()
        try:
            while self.running:
                try:
                    self._requeue_interrupted()
                    if not self.run_one():
                        # Inside the guard: its query meets an outage as often as the claim
                        # does (once it ended the process with PostgreSQL's restart).
                        self._sleep_until_due()
                except DATABASE_UNAVAILABLE as error:
                    self._wait_out_outage(error, backoff, "running tasks")
                    continue
                except Exception:  # a bug in the loop itself must not end the worker
                    logger.exception("worker %s: unexpected error in its loop", self.worker_id)
                    self.stopping.wait(backoff.next())
                    continue
                backoff.reset()
        finally:
            connection.close()

    def _sleep_until_due(self) -> None:
        """Sleep until the next task waiting falls due, one queued since is due sooner, or the
        interval has passed (cribbage_site/task_alarm.py), whichever is first."""
        waiting = (
            DBTaskResult.objects.filter(
                status=TaskResultStatus.READY, backend_name=self.backend_name
            )
            .exclude(run_after=get_date_max())
            .aggregate(next_due=Min("run_after"))["next_due"]
        )
        if waiting is not None:
            # The earliest is due now when a sibling holds it mid-claim: look again shortly.
            task_alarm.ring(max(waiting.timestamp(), time.time() + MINIMUM_NAP))
        if not self._looking.acquire(blocking=False):
            # A sibling keeps the look; the alarm wakes this one for whatever falls due.
            task_alarm.wait(until=time.time() + SIBLING_NAP, stopping=self.stopping)
            return
        try:
            task_alarm.wait(until=time.time() + self.interval, stopping=self.stopping)
        finally:
            self._looking.release()

    def _wait_out_outage(self, error: Exception, backoff: Backoff, doing: str) -> None:
        delay = backoff.next()
        logger.warning(
            "worker %s: the database is unavailable while %s (%s: %s); trying again in %.1f s",
            self.worker_id,
            doing,
            type(error).__name__,
            str(error).strip().splitlines()[0] if str(error).strip() else "",
            delay,
        )
        # Whatever connection this thread held is broken: let the next attempt open a new one.
        with contextlib.suppress(Exception):  # closing a dead connection may fail too
            connection.close()
        self.stopping.wait(delay)

    def run_one(self) -> bool:
        """Claim the next due task under a row lock and run it; False when none was due."""
        close_old_connections()
        tasks = DBTaskResult.objects.ready().filter(backend_name=self.backend_name)
        with exclusive_transaction(tasks.db):
            try:
                row = tasks.get_locked()
                if row is not None:
                    row.claim(self.worker_id)
            except OperationalError as error:
                if not is_locked_database_exception(error):
                    raise
                row = None  # SQLite's one writer is busy: look again shortly
        if row is None:
            return False
        # There may be more due, and this thread may have been the one keeping the look: wake
        # a sibling, which claims the next or, finding none, keeps the look while this runs.
        task_alarm.ring(time.time())
        self.run_task(row)
        return True

    def run_task(self, db_task_result: DBTaskResult) -> None:
        """Run one claimed task and record its result.

        As django-tasks-db's, except that a database outage (in the task or while recording)
        does not mark it failed: the task is kept for a second run once the database is back,
        and the error goes up to the loop, which backs off.
        """
        try:
            self._run_and_record(db_task_result)
        except DATABASE_UNAVAILABLE:
            with self._interrupted_lock:
                self._interrupted.add(db_task_result.pk)
            raise
        finally:
            self._run_tasks += 1

    def _run_and_record(self, row: DBTaskResult) -> None:
        task = row.task
        result = row.task_result
        # Every line the task writes carries its id, and the match and seat it is about.
        with log_context(
            task_id=str(row.pk),
            task=row.task_path,
            match_id=result.kwargs.get("match_id"),
            seat=result.kwargs.get("seat"),
        ):
            self._call_and_record(row, task, result)

    def _call_and_record(self, row: DBTaskResult, task, result) -> None:
        backend_type = task.get_backend()
        started, outcome = time.perf_counter(), "interrupted"
        try:
            task_started.send(sender=backend_type, task_result=result)
            if task.takes_context:
                value = task.call(TaskContext(task_result=result), *result.args, **result.kwargs)
            else:
                value = task.call(*result.args, **result.kwargs)
            row.set_successful(value)
            outcome = "successful"
        except DATABASE_UNAVAILABLE:
            raise
        except Exception as error:
            row.set_failed(error)
            outcome = "failed"
        finally:
            TASK_RUN_TIME.labels(task=row.task_path, outcome=outcome).observe(
                time.perf_counter() - started
            )
        task_finished.send(sender=backend_type, task_result=row.task_result)

    def _requeue_interrupted(self) -> None:
        with self._interrupted_lock:
            interrupted = list(self._interrupted)
        if not interrupted:
            return
        requeued = DBTaskResult.objects.filter(
            pk__in=interrupted, status=TaskResultStatus.RUNNING
        ).update(status=TaskResultStatus.READY)
        logger.warning("worker %s: queued %d interrupted task(s) again", self.worker_id, requeued)
        with self._interrupted_lock:
            self._interrupted.difference_update(interrupted)

    # The lease ------------------------------------------------------------------------------

    def _beat_loop(self) -> None:
        """Renew the lease, and give back tasks whose worker's lease lapsed, until stopped."""
        period = settings.TASK_WORKER_HEARTBEAT_SECONDS
        while not self.stopping.wait(period):
            try:
                worker_heartbeat_beat(
                    worker_id=self.worker_id, started_at=self.started_at, threads=self.threads
                )
                WORKER_CHECKINS.labels(outcome="ok").inc()
                tasks_reclaim_stale()
            except DATABASE_UNAVAILABLE as error:
                WORKER_CHECKINS.labels(outcome="failed").inc()
                logger.warning("worker %s: no heartbeat (%s)", self.worker_id, type(error).__name__)
            except Exception:  # the lease must keep being renewed whatever one beat met
                logger.exception("worker %s: heartbeat failed", self.worker_id)
            finally:
                with contextlib.suppress(Exception):  # a dead connection may fail to close
                    connection.close()


def worker_build(
    *, interval: float | None = None, worker_id: str = "", threads: int = 1
) -> SiteWorker:
    """A worker for every queue of the default backend; an idle thread sleeps until the next
    task is due or it is woken (cribbage_site/task_alarm.py), at most ``interval``."""
    return SiteWorker(
        interval=settings.TASK_WORKER_INTERVAL if interval is None else interval,
        worker_id=worker_id or f"{os.uname().nodename[:20]}-{os.getpid()}-{get_random_string(8)}",
        threads=threads,
    )


def worker_start_in_server(loop: asyncio.AbstractEventLoop) -> threading.Thread:
    """Run the worker in a daemon thread of the server whose event loop is ``loop``.

    Its threads are marked as the server's sync threads, so what their tasks send after a
    commit (kernel/sending.py) is handed to the server's loop, where the in-memory channel
    layer and the sockets live. ``TASK_WORKER_IN_SERVER_THREADS`` (2) threads: SQLite has one
    writer, but a turn also waits (for the write lock, for its send), and with one thread the
    turns queued behind those waits (docs/performance.md, "Enough workers").
    """

    def mark_thread() -> None:
        SyncToAsync.threadlocal.main_event_loop = loop
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()

    def run() -> None:
        try:
            worker_build(
                worker_id=f"server-{os.getpid()}", threads=settings.TASK_WORKER_IN_SERVER_THREADS
            ).run(on_thread_start=mark_thread)
        except Exception:  # the server goes on serving; the failure must be seen
            logger.exception("the server's worker thread stopped")

    thread = threading.Thread(target=run, name="task-worker", daemon=True)
    thread.start()
    return thread
