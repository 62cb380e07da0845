"""Starting work on the ASGI server's event loop from one of its worker threads.

Services run in worker threads (``database_sync_to_async``). When one of them has something to
do on the event loop after its transaction commits (send a group message, start a bot's turn),
waiting for the loop to finish it (``async_to_sync``) would hold the worker thread, and with it
the match, until the busy loop gets round to it. Under load that wait was two thirds of every
action's time (docs/performance.md), so the work is handed to the loop and the thread moves on.

What it replaces: ``async_to_sync(channel_layer.group_send)(...)`` from the worker thread (the
supported path). Why: a worker spent two thirds of each action waiting for the busy loop; handing
the send over took one worker from 44 to 68 actions a second (docs/performance.md, "Framework
seams"). It reads asgiref's private ``SyncToAsync.threadlocal.main_event_loop`` (and ``_pid``),
set by ``SyncToAsync`` for the thread it runs a function in.

On an asgiref upgrade check that those two attributes are still set in a
``database_sync_to_async`` thread called from a running loop; ``tests/server/test_server_loop.py``
fails when they are not (and ``server_loop()`` would quietly return None, every send then made
inline: correct, but slower).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Coroutine
from typing import Any

from asgiref.sync import SyncToAsync

logger = logging.getLogger(__name__)
# Tasks started here: the event loop keeps only weak references to tasks.
_running: set[asyncio.Task] = set()


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop this worker thread was called from, or None (plain sync code)."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    pid = getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None)
    if loop is None or pid != os.getpid() or not loop.is_running():
        return None
    return loop


def start_on_server_loop(
    make_coroutine: Callable[[], Coroutine[Any, Any, Any]], *, what: str
) -> bool:
    """Start ``make_coroutine()`` as a task on the server's loop without waiting for it.

    Returns False, doing nothing, when there is no server loop: the caller then does the work
    inline. A failure of the task is logged with ``what``; it cannot reach the caller.
    """
    loop = server_loop()
    if loop is None:
        return False
    loop.call_soon_threadsafe(start_on_this_loop, make_coroutine, what)
    return True


def start_on_this_loop(make_coroutine: Callable[[], Coroutine[Any, Any, Any]], what: str) -> None:
    """Start ``make_coroutine()`` as a task of the running loop, kept until it ends; called on
    the loop itself (a consumer). A failure of the task is logged with ``what``."""
    task = asyncio.get_running_loop().create_task(make_coroutine())
    _running.add(task)
    task.add_done_callback(lambda done: _finished(done, what))


def _finished(task: asyncio.Task, what: str) -> None:
    _running.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("%s failed", what, exc_info=task.exception())
