"""Sending a transaction's events to everyone watching a match, only once it has committed.

A client must never see an event that a rollback later erases, so the group send is queued
with ``transaction.on_commit``. Frames are rendered here once per kind of viewer (each seat of
the match, then spectators) and serialised once, so each connection only picks its list and
writes it.
"""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.selectors import event_frame
from games.server_loop import start_on_server_loop

SPECTATOR_KEY = "spectator"


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
            [event.seq, json.dumps(event_frame(event, seat), separators=(",", ":"))]
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
        lambda: layer.group_send(group, message), what=f"broadcast to {group}"
    ):
        async_to_sync(layer.group_send)(group, message)
