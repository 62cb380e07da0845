"""Reading what a client sends over the match websocket, and refusing anything malformed.

Pure functions, no I/O: the consumer hands over the raw frame and gets back a
:class:`ClientMessage` or a :class:`ProtocolError` with the code the ``error`` frame carries
(docs/protocol.md). Validating shape here keeps the service and the engine from ever seeing
junk, and keeps the consumer thin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.cards import parse_card
from games.engine.errors import IllegalAction
from kernel.error_renderings import error_frame
from kernel.errors import SiteError
from kernel.frames import MAX_ACTION_ID_LENGTH, FrameError, frame_decode

MAX_CLAIM_POINTS = 29
MAX_DISCARD_CARDS = 2
"""The most cards any seat lays away (two players: two each; three or four: one each). The
frame takes one up to this many; the engine checks the exact count for the seat and game."""
ACTION_TYPES = ("discard", "play", "claim", "muggins", "muggins_pass", "resign")
CONTROL_TYPES = ("sync", "ping")


class ProtocolError(SiteError):
    """A frame the server cannot accept; answered with an ``error`` frame, nothing changes."""

    def __init__(self, code: str, message: str, action_id: str | None = None) -> None:
        super().__init__(code, message)
        self.action_id = action_id

    def frame(self) -> dict[str, Any]:
        """The ``error`` frame (kernel/error_renderings.py), with the action it answers."""
        return error_frame(self, action_id=self.action_id)


@dataclass(frozen=True)
class ClientMessage:
    """A valid client message. ``action`` is the engine action's dict form without ``seat``."""

    type: str
    action_id: str | None = None
    action: dict[str, Any] | None = None
    seq: int | None = None


def parse_frame(text: str | None) -> ClientMessage:
    """Parse one text frame (None for a binary frame) or raise :class:`ProtocolError`.

    The shape and size are checked by the parser every socket shares (kernel/frames.py);
    the fields of each message type here.
    """
    try:
        data = frame_decode(text)
    except FrameError as error:
        raise ProtocolError(error.code, error.message) from error
    action_id = _action_id(data)
    kind = data.get("type")
    if kind not in ACTION_TYPES and kind not in CONTROL_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}", action_id)
    if kind == "ping":
        return ClientMessage(type="ping")
    if kind == "sync":
        seq = _required(data, "seq", action_id)
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise ProtocolError("bad_field", "seq is the last event number you have (0 or more)")
        return ClientMessage(type="sync", seq=seq)
    return ClientMessage(type=kind, action_id=action_id, action=_action(kind, data, action_id))


def _action_id(data: dict[str, Any]) -> str | None:
    action_id = data.get("action_id")
    if action_id is None:
        return None
    if not isinstance(action_id, str) or not 1 <= len(action_id) <= MAX_ACTION_ID_LENGTH:
        raise ProtocolError(
            "bad_field", f"action_id must be a string of 1 to {MAX_ACTION_ID_LENGTH} characters"
        )
    return action_id


def _required(data: dict[str, Any], name: str, action_id: str | None) -> Any:
    if name not in data:
        raise ProtocolError("missing_field", f"'{data['type']}' needs '{name}'", action_id)
    return data[name]


def _card(text: Any, action_id: str | None) -> str:
    if not isinstance(text, str):
        raise ProtocolError("bad_field", f"a card is a string like '5H', not {text!r}", action_id)
    try:
        return str(parse_card(text))
    except IllegalAction as error:
        raise ProtocolError("bad_card", error.message, action_id) from error


def _action(kind: str, data: dict[str, Any], action_id: str | None) -> dict[str, Any]:
    if kind == "discard":
        cards = _required(data, "cards", action_id)
        if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_DISCARD_CARDS:
            raise ProtocolError(
                "bad_field",
                f"cards is a list of the cards you discard (1 to {MAX_DISCARD_CARDS})",
                action_id,
            )
        return {"type": "discard", "cards": [_card(card, action_id) for card in cards]}
    if kind == "play":
        return {"type": "play", "card": _card(_required(data, "card", action_id), action_id)}
    if kind == "claim":
        points = _required(data, "points", action_id)
        if (
            isinstance(points, bool)
            or not isinstance(points, int)
            or not 0 <= points <= MAX_CLAIM_POINTS
        ):
            raise ProtocolError(
                "bad_field", f"points is a whole number from 0 to {MAX_CLAIM_POINTS}", action_id
            )
        return {"type": "claim", "points": points}
    if kind == "muggins":
        # The caller names the points the claim missed or over-claimed: a call that names
        # nothing would let anyone learn the truth for free (docs/engine.md, Muggins).
        points = _required(data, "points", action_id)
        if (
            isinstance(points, bool)
            or not isinstance(points, int)
            or not 1 <= points <= MAX_CLAIM_POINTS
        ):
            raise ProtocolError(
                "bad_field",
                f"points (the points you say the claim was wrong by) is a whole number "
                f"from 1 to {MAX_CLAIM_POINTS}",
                action_id,
            )
        return {"type": "muggins", "points": points}
    return {"type": kind}
