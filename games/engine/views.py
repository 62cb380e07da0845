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
from games.engine.state import MatchState, lines_to_list


def view(state: MatchState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``state`` for ``seat`` (``None``: a spectator)."""
    if seat is not None and (isinstance(seat, bool) or seat not in state.seats):
        raise IllegalAction("bad_seat", f"there is no seat {seat!r} in this match")
    pending = state.pending
    window = state.window
    result = state.game_result
    data: dict[str, Any] = {
        "options": state.options.to_dict(),
        "seats": list(state.seats),
        "viewer": seat,
        "phase": state.phase,
        "game": state.game,
        "hand": state.hand,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "rear": list(state.rear),
        "match_scores": list(state.match_scores),
        "cuts": None if state.cuts is None else [str(card) for card in state.cuts],
        "cards": None if seat is None else [str(card) for card in state.held[seat]],
        "thrown": None if seat is None else [str(card) for card in state.discards[seat] or ()],
        "held_counts": [len(part) for part in state.held],
        "discarded": [part is not None for part in state.discards],
        "crib_count": len(state.crib),
        "starter": None if state.starter is None else str(state.starter),
        "count": state.count,
        "series": [[who, str(card)] for who, card in state.series],
        "played": [[who, str(card)] for who, card in state.played],
        "turn": state.turn,
        "go": list(state.said_go),
        "pending_claim": None
        if pending is None
        else {"seat": pending.seat, "subject": pending.subject},
        "muggins": None
        if window is None
        else {
            "seat": window.caller,
            "claimant": window.claimant,
            "subject": window.subject,
            "claimed": window.claimed,
            "cards": [str(card) for card in window.cards],
            "starter": None if window.starter is None else str(window.starter),
        },
        "shown": [
            {
                "seat": shown.seat,
                "kind": shown.kind,
                "cards": [str(card) for card in shown.cards],
                "items": None if shown.items is None else lines_to_list(shown.items),
                "total": shown.total,
            }
            for shown in state.shown
        ],
        "game_result": None
        if result is None
        else {
            "winner": result.winner,
            "scores": list(result.scores),
            "skunk": result.skunk,
            "match_points": result.match_points,
        },
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
    return with_legal(data)


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
