"""Manual scoring: claims, and Muggins on claims that were wrong.

After every card a seat plays, for its hand in the show, for the crib as dealer and for his
heels, the seat claims a number of points. Without Muggins it pegs the lesser of the claim and
the truth, and the truth is shown at once. With Muggins on, the claim is pegged as claimed
(as a player pegs on a real board) and its truth stays hidden from everyone while a window is
open in which any opponent may call Muggins, naming the points the claim missed or
over-claimed. A call that names the exact difference pegs it; any other call pegs nothing and
is shown as wrong. When the window closes (a call, the next claim or card, a peg that would
win the game, the end of the match), the truth is revealed and an over-claim is taken back, so
the claimant keeps only the true points. A claim that would itself reach the game target is
checked at once: a game is never won on an unchecked claim.
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
    assert pending is not None, "legal_actions offers a claim only while one is pending"
    close_window(draft)
    draft.pending = None
    checked_now = (
        not draft.options.muggins
        or draft.scores[seat] + points >= draft.options.game_target  # never win unchecked
    )
    pegged = min(points, pending.actual) if checked_now else points
    pegs_before = draft.scores[seat], draft.rear[seat]
    won = draft.peg(seat, pegged)
    cards = counted_cards(draft, seat, pending.subject)
    caller = None
    if not checked_now:
        caller = opponents_of(draft.seats, seat)[0]  # the first named; see muggins_callers
        draft.window = MugginsWindow(
            caller,
            seat,
            pending.subject,
            points,
            pending.actual,
            pending.items,
            cards,
            draft.starter,
            *pegs_before,
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
        reveal(draft, seat, pending.subject, points, pending.actual, pending.items, pegged=pegged)
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
        assert draft.starter is not None, "heels is claimed for the starter"
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


def held_by_window(state: MatchState | Draft, seat: int) -> bool:
    """In a turn-based match, an open Muggins window holds the claimant's side: it may play no
    card and make no claim until an opponent has acted (a card, a claim, a call or a pass),
    which closes the window. So the window lasts until the opponents' next move, not for the
    claimant's thinking time (docs/engine.md). Discards are not held: they close no window."""
    window = state.window
    return (
        window is not None
        and state.options.turn_based
        and seat not in opponents_of(state.seats, window.claimant)
    )


def pass_muggins(draft: Draft) -> None:
    """A caller declines to call Muggins (turn-based matches): the window closes and the
    truth is revealed, exactly as after a call that names nothing right."""
    close_window(draft)


def call_muggins(draft: Draft, seat: int, named: int | None) -> None:
    """``seat`` says the open claim was wrong by ``named`` points (None: by the true
    difference). It pegs them only if that is exactly the difference between the claim and the
    truth; a call on a right claim, or naming another number, pegs nothing and costs nothing
    more (the reference rules name no penalty). Either way the window closes and the truth is
    revealed, exactly as if the caller had passed, so a call learns nothing a pass would not.
    """
    window = draft.window
    assert window is not None, "legal_actions offers Muggins only while a window is open"
    difference = abs(window.actual - window.claimed)
    if named is None:
        named = difference
    right = difference > 0 and named == difference
    points = named if right else 0
    draft.window = None
    won = draft.peg(seat, points)
    draft.emit(
        "muggins_called",
        {"seat": seat, "named": named, "right": right, "points": points, **draft.score_data()},
    )
    draft.window = window
    close_window(draft)
    if won:
        finish_game(draft, seat)
