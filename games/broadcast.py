"""Sending a transaction's events to everyone watching a match, only once it has committed.

A client must never see an event that a rollback later erases, so the group send is queued
with ``transaction.on_commit``. Frames are rendered here once per kind of viewer (each seat of
the match, then spectators) and serialised once, so each connection only picks its list and
writes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.selectors import event_frame
from games.server_loop import start_on_server_loop

SPECTATOR_KEY = "spectator"
logger = logging.getLogger(__name__)
# A broadcast the channel layer refuses (Redis down) is tried again, a little later each time,
# for this long on the server's loop; a worker process (no loop to hand it to) waits less.
RETRY_FOR_SECONDS = 60.0
RETRY_FOR_SECONDS_BLOCKING = 5.0
# After a broadcast got through only on a retry, it is sent once more this much later: servers
# resubscribe about a second after Redis returns, and a message published before their
# subscription is back reaches nobody. Connections drop what they already have (by ``seq``).
RESEND_AFTER_RECOVERY_SECONDS = 2.0


def group_name(match_id: int) -> str:
    """The channel-layer group of one match's connections."""
    return f"match-{match_id}"


def viewer_key(seat: int | None) -> str:
    return SPECTATOR_KEY if seat is None else str(seat)


def frames_message(events, *, seats: tuple[int, ...]) -> dict[str, Any]:
    """The group message for some events: per viewer (every seat in ``seats``, and
    spectators), a list of ``[seq, json_text]``."""
    frames = {}
    for seat in [*seats, None]:
        frames[viewer_key(seat)] = [
            [event.seq, json.dumps(event_frame(event=event, seat=seat), separators=(",", ":"))]
            for event in events
        ]
    return {"type": "match.frames", "frames": frames}


def broadcast_progress(progress) -> None:
    """Queue the events ``progress`` wrote for sending after the transaction commits."""
    if not progress.events:
        return
    message = frames_message(progress.events, seats=progress.state.seats)
    match_id = progress.match.pk
    transaction.on_commit(lambda: send_to_group(match_id, message))


def send_to_group(match_id: int, message: dict[str, Any]) -> None:
    """Send to the match's group: handed to the server's loop, or at once in plain sync code."""
    layer = get_channel_layer()
    if layer is None:
        return
    group = group_name(match_id)
    if not start_on_server_loop(
        lambda: group_send_until_delivered(layer, group, message, retry_for=RETRY_FOR_SECONDS),
        what=f"broadcast to {group}",
    ):
        async_to_sync(group_send_until_delivered)(
            layer, group, message, retry_for=RETRY_FOR_SECONDS_BLOCKING
        )


async def group_send_until_delivered(
    layer,
    group: str,
    message: dict[str, Any],
    *,
    retry_for: float,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> bool:
    """Send ``message`` to ``group``, retrying while the layer fails, for up to ``retry_for`` s.

    Without it, the events of an action made during a Redis outage reached nobody but the
    player who acted (whose ack comes over their own socket), and the others waited for their
    page's keep-alive sync, up to 25 s. Returns whether it was delivered.
    """
    delay, waited, failed = 0.25, 0.0, False
    while True:
        try:
            await layer.group_send(group, message)
        except Exception as error:  # noqa: BLE001 - Redis' errors are many (connection, timeout)
            if waited >= retry_for:
                logger.error("broadcast to %s lost: %s", group, error.__class__.__name__)
                return False
            failed = True
            await sleep(delay)
            waited += delay
            delay = min(delay * 2, 2.0)
            continue
        break
    if failed:
        await sleep(RESEND_AFTER_RECOVERY_SECONDS)
        # The first copy got through; this one is a spare, so its failure does not matter.
        with contextlib.suppress(Exception):
            await layer.group_send(group, message)
    return True
