"""Sending a transaction's events to everyone watching a match, only once it has committed.

A client must never see an event that a rollback later erases, so the group message goes out
through the site's one send-on-commit path (kernel/sending.py: robust, handed to the
server's loop, retried while Redis is down). Frames are rendered here once per kind of viewer
(each seat of the match, then spectators) and serialised once, so each connection only picks
its list and writes it.
"""

from __future__ import annotations

import json
from typing import Any

from games.selectors import event_frame
from kernel.sending import group_send_on_commit

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
            [event.seq, json.dumps(event_frame(event=event, seat=seat), separators=(",", ":"))]
            for event in events
        ]
    return {"type": "match.frames", "frames": frames}


def broadcast_progress(progress) -> None:
    """Queue the events ``progress`` wrote for sending after the transaction commits."""
    if not progress.events:
        return
    message = frames_message(progress.events, seats=progress.state.seats)
    group_send_on_commit(group_name(progress.match.pk), message)
