"""Manual scoring: claims, and Muggins on claims that were wrong.

After every card a seat plays, for its hand in the show, for the crib as dealer and for his
heels, the seat claims a number of points and pegs the lesser of the claim and the truth. The
go and last-card point always pegs itself. With Muggins on, every claim (right or wrong, so the
prompt gives nothing away) opens a window in which any opponent (any seat of another side) may
call Muggins and peg the difference; the first call takes it. The window closes at the next
claim or card, and the truth is then revealed.
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft
from games.engine.match import finish_game
from games.engine.play import advance
from games.engine.reveal import close_window, reveal
from games.engine.seating import opponents_of
from games.engine.show import run_show
from games.engine.state import MatchState, MugginsWindow

MAX_CLAIM = 29
"""The most any single count can be worth (a perfect hand); larger claims are refused."""


def make_claim(draft: Draft, seat: int, points: int) -> None:
    """``seat`` claims ``points`` for its pending subject (already checked legal)."""
    pending = draft.pending
    close_window(draft)
    draft.pending = None
    pegged = min(points, pending.actual)
    won = draft.peg(seat, pegged)
    cards = counted_cards(draft, seat, pending.subject)
    caller = None
    if draft.options.muggins and not won:
        caller = draft.opponent(seat)  # the first caller named; see muggins_callers
        draft.window = MugginsWindow(
            caller,
            seat,
            pending.subject,
            points,
            pending.actual,
            pending.items,
            cards,
            draft.starter,
        )
    event = draft.emit(
        "claim_made",
        {
            "seat": seat,
            "subject": pending.subject,
            "claimed": points,
            "pegged": pegged,
            "cards": [str(card) for card in cards],
            "starter": str(draft.starter),
            **draft.score_data(),
            "next": None,
            "muggins": caller,
        },
    )
    if caller is None:
        reveal(draft, seat, pending.subject, points, pending.actual, pending.items)
    if won:
        finish_game(draft, seat)
        return
    if pending.subject == "play":
        advance(draft, seat)
    elif pending.subject in ("hand", "crib"):
        draft.show_step += 1
        run_show(draft)
    event["next"] = draft.turn


def counted_cards(draft: Draft, seat: int, subject: str) -> tuple[Card, ...]:
    """What a claim counted: the hand or crib shown (the starter aside), the count's cards for
    the play, the turned-up jack for heels. All of it is already on the table.

    The claim event carries them so a Muggins window shows what was claimed even after the
    next deal has gathered the crib up (the crib's window stays open into the next hand).
    """
    if subject == "play":
        return tuple(card for _, card in draft.series)
    if subject == "heels":
        return (draft.starter,)
    for entry in reversed(draft.shown):
        if entry.seat == seat and entry.kind == subject:
            return entry.cards
    raise AssertionError(f"no shown {subject} of seat {seat} to claim for")


def muggins_callers(state: MatchState | Draft) -> tuple[int, ...]:
    """Every seat that may call Muggins on the open window: the claimant's opponents."""
    if state.window is None:
        return ()
    return opponents_of(state.seats, state.window.claimant)


def call_muggins(draft: Draft, seat: int) -> None:
    """``seat`` takes the points the open claim missed or over-claimed (0 if it was right)."""
    window = draft.window
    draft.window = None
    points = abs(window.actual - window.claimed)
    won = draft.peg(seat, points)
    draft.emit("muggins_called", {"seat": seat, "points": points, **draft.score_data()})
    reveal(draft, window.claimant, window.subject, window.claimed, window.actual, window.items)
    if won:
        finish_game(draft, seat)
