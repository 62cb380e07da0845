"""Actions: everything a seat (or chance) can do, as small immutable values.

Each action serialises to a flat dict with a ``type`` key, which is what the websocket
protocol carries and what the server stores in a match's action log.

>>> action_to_dict(Play(seat=1, card=parse_card("7C")))
{'type': 'play', 'seat': 1, 'card': '7C'}
>>> action_from_dict({"type": "claim", "seat": 0, "points": 4})
Claim(seat=0, points=4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: a full 52-card deck order, applied whenever ``needs_shuffle(state)`` is true."""

    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Discard:
    """Cards from ``seat``'s hand to the dealer's crib: two with two players, one with three or
    four (``MatchOptions.cards_thrown``)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """One card to the play, on ``seat``'s turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """Manual scoring: the points ``seat`` says it has made (0 allowed)."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Muggins:
    """Muggins: ``seat`` says the open claim was wrong by ``points`` (missed or over-claimed),
    and pegs them only if that is exactly right.

    ``points=None`` names the true difference, whatever it is: the form action logs were
    recorded in before callers named their points, kept so those matches replay unchanged. The
    websocket protocol never sends it (its frame requires the named points).
    """

    seat: int
    points: int | None = None


@dataclass(frozen=True, slots=True)
class MugginsPass:
    """In a turn-based match, an opponent of a claimant declines to call Muggins: the window
    closes and the truth is revealed. Needed there because the claimant's side waits on the
    opponents' move while a window is open (docs/engine.md); in a live match a caller passes
    by making its own next move, or the claimant's next move closes the window."""

    seat: int


RESIGN_REASONS = ("resigned", "abandoned", "aborted", "time")


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the match (for the seat's whole side); an opponent wins it.

    ``reason`` is ``"resigned"`` (the player chose to) or ``"abandoned"`` (the player left while
    the game waited on them; the server decides how long is too long, the engine records it so
    the log says how the match ended), ``"aborted"``: every player has left, and the server
    ends the match with no winner (``match_ended`` with ``winner`` null), or ``"time"`` (the
    seat's clock ran out while the game waited on it; the clock is the server's, the engine
    records the outcome).
    """

    seat: int
    reason: str = "resigned"


Action = Shuffle | Discard | Play | Claim | Muggins | MugginsPass | Resign
SEATED_TYPES = frozenset({"discard", "play", "claim", "muggins", "muggins_pass", "resign"})


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action."""
    if isinstance(action, Shuffle):
        return {"type": "shuffle", "deck": [str(card) for card in action.deck]}
    if isinstance(action, Discard):
        return {"type": "discard", "seat": action.seat, "cards": [str(c) for c in action.cards]}
    if isinstance(action, Play):
        return {"type": "play", "seat": action.seat, "card": str(action.card)}
    if isinstance(action, Claim):
        return {"type": "claim", "seat": action.seat, "points": action.points}
    if isinstance(action, Muggins):
        if action.points is None:
            return {"type": "muggins", "seat": action.seat}
        return {"type": "muggins", "seat": action.seat, "points": action.points}
    if isinstance(action, MugginsPass):
        return {"type": "muggins_pass", "seat": action.seat}
    if isinstance(action, Resign):
        # A plain resignation keeps its original form, so logs written before reasons read alike.
        if action.reason == "resigned":
            return {"type": "resign", "seat": action.seat}
        return {"type": "resign", "seat": action.seat, "reason": action.reason}
    raise TypeError(f"not an action: {action!r}")


def _bad(message: str) -> IllegalAction:
    return IllegalAction("bad_action", message)


def _seat_of(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalAction("bad_seat", f"seat must be a whole number, not {seat!r}")
    return seat


def action_from_dict(data: dict[str, Any]) -> Action:
    """Parse an action from JSON, raising :class:`IllegalAction` for anything malformed.

    Whether the action is *allowed* is :func:`games.engine.flow.apply`'s business; this only
    checks its shape (codes ``bad_action``, ``bad_seat``, ``bad_card``, ``bad_claim``,
    ``bad_muggins``).
    """
    if not isinstance(data, dict):
        raise _bad("an action must be an object")
    kind = data.get("type")
    if kind == "shuffle":
        deck = data.get("deck")
        if not isinstance(deck, list):
            raise IllegalAction("bad_deck", "a shuffle needs a list of 52 cards")
        return Shuffle(tuple(parse_card(text) for text in deck))
    if kind not in SEATED_TYPES:
        raise _bad(f"unknown action type {kind!r}")
    seat = _seat_of(data)
    if kind == "discard":
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise IllegalAction("bad_discard", "a discard needs a list of cards")
        return Discard(seat, tuple(parse_card(text) for text in cards))
    if kind == "play":
        return Play(seat, parse_card(data.get("card")))
    if kind == "claim":
        points = data.get("points")
        if isinstance(points, bool) or not isinstance(points, int):
            raise IllegalAction("bad_claim", f"a claim is a whole number of points, not {points!r}")
        return Claim(seat, points)
    if kind == "muggins":
        points = data.get("points")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
            raise IllegalAction(
                "bad_muggins", f"a Muggins call names a whole number of points, not {points!r}"
            )
        return Muggins(seat, points)
    if kind == "muggins_pass":
        return MugginsPass(seat)
    if kind == "resign":
        reason = data.get("reason", "resigned")
        if reason not in RESIGN_REASONS:
            raise _bad(f"a resignation's reason is one of {RESIGN_REASONS}, not {reason!r}")
        return Resign(seat, reason)
    raise _bad(f"unknown action type {kind!r}")
