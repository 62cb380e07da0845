"""What one viewer may see: the only code that decides it.

``view(state, seat)`` gives a seat its own cards (what it holds, and the cards it threw to the
crib this hand, which it saw and a bot must not count as unseen) and everything public;
``view(state, None)`` is the spectator's view. No view ever holds the deck, another seat's
unshown cards, or the rest of the crib before it is shown. The ``to_act`` and ``legal`` parts
are derived from the rest of the view by :func:`with_legal`, which the client-side reducer calls
too, so the two cannot disagree.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import parse_card
from games.engine.errors import IllegalAction
from games.engine.options import MatchOptions
from games.engine.play import MAX_COUNT
from games.engine.seating import opponents_of
from games.engine.state import (
    PLAY_FIELDS,
    STANDING_FIELDS,
    MatchState,
    cards_json,
    state_json,
)

# The state's fields every viewer sees as they are, in the state's one JSON form.
PUBLIC_FIELDS = (
    "options",
    "seats",
    *STANDING_FIELDS,
    "cuts",
    *PLAY_FIELDS,
    "shown",
    "game_result",
    "winner",
    "end_reason",
)
# What a Muggins window shows before its claim is checked: never the claim's true worth.
WINDOW_SHOWN = ("claimant", "subject", "claimed", "cards", "starter")


def view(state: MatchState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``state`` for ``seat`` (``None``: a spectator).

    The public fields come from the state's one serialiser (``state_json``); the rest is the
    viewer's own cards, counts in place of other seats' cards, and the parts of a pending claim
    and a Muggins window that every viewer may see.
    """
    if seat is not None and (isinstance(seat, bool) or seat not in state.seats):
        raise IllegalAction("bad_seat", f"there is no seat {seat!r} in this match")
    pending = state.pending
    window = state.window
    data = state_json(state, PUBLIC_FIELDS)
    data["viewer"] = seat
    data["cards"] = None if seat is None else cards_json(state.held[seat])
    data["thrown"] = None if seat is None else cards_json(state.discards[seat] or ())
    data["held_counts"] = [len(part) for part in state.held]
    data["discarded"] = [part is not None for part in state.discards]
    data["crib_count"] = len(state.crib)
    data["go"] = list(state.said_go)
    data["pending_claim"] = (
        None if pending is None else {"seat": pending.seat, "subject": pending.subject}
    )
    data["muggins"] = None if window is None else _window_shown(window.to_dict())
    return with_legal(data)


def _window_shown(window: dict[str, Any]) -> dict[str, Any]:
    """The window as the view shows it: ``seat`` names the first seat that may call Muggins."""
    return {"seat": window["caller"], **{key: window[key] for key in WINDOW_SHOWN}}


def with_legal(data: dict[str, Any]) -> dict[str, Any]:
    """Fill in ``to_act`` (seats that may act) and ``legal`` (what the viewer may do).

    Derived only from other view fields, so the reducer recomputes it after every event.
    ``legal``: ``discard`` (may discard now), ``throw`` (how many cards that discard lays away:
    two with two players, one with three or four, two for the three-player dealer who takes
    six; 0 when the viewer may not discard), ``play`` (cards that may be played now),
    ``claim`` (the subject of a claim pending for the viewer, or null), ``muggins``. Every
    opponent of the claimant may call Muggins (``muggins.seat`` names the first of them).
    """
    phase = data["phase"]
    pending = data["pending_claim"]
    muggins = data["muggins"]
    callers = () if muggins is None else opponents_of(tuple(data["seats"]), muggins["claimant"])
    # A turn-based window holds the claimant's side's cards and claims (claims.held_by_window).
    holds = muggins is not None and bool(data["options"].get("turn_based"))
    mover = pending["seat"] if pending is not None else data["turn"] if phase == "play" else None
    held = holds and mover is not None and mover not in callers
    to_act: set[int] = set()
    if phase != "match_over":
        to_act.update(callers)
        if phase == "discard":
            to_act.update(
                s for s, done in zip(data["seats"], data["discarded"], strict=True) if not done
            )
        if mover is not None and not held:
            to_act.add(mover)
    data["to_act"] = sorted(to_act)
    seat = data["viewer"]
    playable: list[str] = []
    if (
        seat is not None
        and phase == "play"
        and pending is None
        and data["turn"] == seat
        and not held
    ):
        room = MAX_COUNT - data["count"]
        playable = [card for card in data["cards"] if parse_card(card).value <= room]
    may_discard = seat is not None and phase == "discard" and not data["discarded"][seat]
    throw = (
        MatchOptions.from_dict(data["options"]).cards_thrown(dealer=seat == data["dealer"])
        if may_discard
        else 0
    )
    data["legal"] = {
        "discard": may_discard,
        "throw": throw,
        "play": playable,
        "claim": pending["subject"]
        if pending is not None and pending["seat"] == seat and not held
        else None,
        "muggins": seat in callers,
    }
    return data
