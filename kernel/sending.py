"""The one way any app sends to sockets after its transaction commits: handed off and retried.

A client must never see what a rollback later erases, so every group message a service causes is
queued with ``transaction.on_commit`` (Zulip's ``send_event_on_commit``). Three things went wrong
when each app did that on its own (issue 24, item 5): a plain ``async_to_sync(group_send)`` held
the request's thread until the busy event loop got round to it; a channel layer that refused the
message (Redis down) lost it for good; and its exception escaped ``on_commit`` after the commit,
turning a saved seek or chat line into an error page and skipping the hooks queued after it.

Here the hook is registered ``robust`` (a failure is logged, the other hooks still run), the send
is handed to the server's event loop when there is one (kernel/server_loop.py) and retried
there while the layer refuses it; plain sync code (the worker, a management command) sends inline
and retries for a shorter while. A consumer's own group messages (who is online, presence) go
the same way from the loop (:func:`group_send_from_loop`). Nothing here raises into the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from kernel import layer_health
from kernel.metrics import ACTION_LATENCY, BROADCAST_RETRIES, BROADCASTS_LOST, action_send_claim
from kernel.server_loop import start_on_server_loop, start_on_this_loop

logger = logging.getLogger(__name__)
# A message the channel layer refuses (Redis down) is tried again, a little later each time,
# for this long on the server's loop; a worker process (no loop to hand it to) waits less,
# since it holds its thread while it waits.
RETRY_FOR_SECONDS = 60.0
RETRY_FOR_SECONDS_BLOCKING = 5.0
# After a message got through only on a retry, spare copies follow this many seconds after it:
# servers resubscribe about a second after Redis returns (several on a loaded machine), and a
# message published before their subscription is back reaches nobody. Receivers drop what they
# already have (a match's frames by ``seq``; the lobby's and tournaments' messages are
# idempotent: a seek or a chat line replaces the one with its id, "changed" re-reads).
RESENDS_AFTER_RECOVERY_SECONDS = (2.0, 5.0, 10.0)
# A send can also wait out an outage without failing: the pub/sub layer's connections retry
# their reconnection themselves, so a publish made while Redis is down waits, then goes through
# the moment Redis is back, often before any server has subscribed again. Every send that ends
# this soon after a failure the layer retried away (kernel/layer_health.py) is followed by the
# spares too.
SPARES_AFTER_LAYER_FAILURE_SECONDS = 10.0


def group_send_on_commit(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` once the current transaction commits (at once outside one).

    The hook is robust: however the send fails, the request that committed carries on and the
    hooks queued after this one still run.
    """
    transaction.on_commit(lambda: group_send_reliably(group, message), robust=True)


def group_send_reliably(group: str, message: dict[str, Any]) -> None:
    """Send to ``group`` now: handed to the server's loop, or inline in plain sync code.

    Called for an action (its commit runs inside kernel.metrics.action_timing), the time from
    the action's start to the layer's acceptance of its first send is recorded for /metrics.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    action_started = action_send_claim()

    async def send(retry_for: float) -> None:
        delivered = await group_send_until_delivered(layer, group, message, retry_for=retry_for)
        if delivered and action_started is not None:
            ACTION_LATENCY.labels(stage="sent").observe(time.perf_counter() - action_started)

    if start_on_server_loop(lambda: send(RETRY_FOR_SECONDS), what=f"send to {group}"):
        return
    try:
        async_to_sync(send)(RETRY_FOR_SECONDS_BLOCKING)
    except Exception:  # noqa: BLE001 - whatever the layer does, the caller's commit stands
        logger.exception("send to %s failed", group)


def group_send_from_loop(group: str, message: dict[str, Any]) -> None:
    """From a consumer, on the event loop: send to ``group`` in a task of its own, retried while
    the layer refuses it, so a Redis outage never fails the handler (and with it the socket)."""
    layer = get_channel_layer()
    if layer is None:
        return
    start_on_this_loop(
        lambda: group_send_until_delivered(layer, group, message, retry_for=RETRY_FOR_SECONDS),
        f"send to {group}",
    )


async def group_send_until_delivered(
    layer,
    group: str,
    message: dict[str, Any],
    *,
    retry_for: float,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    layer_failed_lately: Callable[[], bool] = lambda: layer_health.failed_within(
        SPARES_AFTER_LAYER_FAILURE_SECONDS
    ),
) -> bool:
    """Send ``message`` to ``group``, retrying while the layer fails, for up to ``retry_for`` s.

    Without it, what was committed during a Redis outage reached nobody (a match's other
    players waited for their page's keep-alive sync, up to 25 s; a lobby never saw the seek).
    Returns whether it was delivered.
    """
    delay, waited, failed = 0.25, 0.0, False
    while True:
        try:
            await layer.group_send(group, message)
        except Exception as error:  # noqa: BLE001 - Redis' errors are many (connection, timeout)
            if waited >= retry_for:
                logger.error("send to %s lost: %s", group, error.__class__.__name__)
                BROADCASTS_LOST.inc()
                return False
            failed = True
            BROADCAST_RETRIES.inc()
            await sleep(delay)
            waited += delay
            delay = min(delay * 2, 2.0)
            continue
        break
    # A failure redis-py retried away lately: an outage all the same (see above).
    failed = failed or layer_failed_lately()
    if failed:
        since = 0.0
        for at in RESENDS_AFTER_RECOVERY_SECONDS:
            await sleep(at - since)
            since = at
            # The first copy got through; these are spares, so a failure does not matter.
            with contextlib.suppress(Exception):
                await layer.group_send(group, message)
    return True
