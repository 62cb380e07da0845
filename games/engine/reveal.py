"""Showing the true score of a manual claim, once nobody can call Muggins on it any more.

With Muggins on, a claim's truth stays hidden from everyone while an opponent may still call
Muggins (the board shows the claimed points meanwhile, as pegged on a real board), so neither
the prompt nor the pegs give away whether the claim was right. The window closes at the next
claim or card, on a Muggins call, before any peg that would reach the game target, or when the
match ends; then ``score_revealed`` shows everyone the truth, and an over-claim is taken back so
the claimant keeps only the true points. Without Muggins the truth is shown right after the
claim.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.seating import partners_of
from games.engine.state import MugginsWindow, ScoreLine, ShownHand, lines_to_list

if TYPE_CHECKING:
    from games.engine.draft import Draft


def reveal(
    draft: Draft,
    seat: int,
    subject: str,
    claimed: int,
    actual: int,
    items: tuple[ScoreLine, ...],
    *,
    pegged: int,
) -> None:
    """Emit ``score_revealed`` and fill in the shown hand's breakdown (hand and crib claims).

    ``pegged`` is what the claimant keeps for the claim once the truth is out.
    """
    if subject in ("hand", "crib"):
        shown = list(draft.shown)
        for index in range(len(shown) - 1, -1, -1):
            entry = shown[index]
            if entry.seat == seat and entry.kind == subject:
                shown[index] = ShownHand(entry.seat, entry.kind, entry.cards, items, actual)
                break
        draft.shown = tuple(shown)
    draft.emit(
        "score_revealed",
        {
            "seat": seat,
            "subject": subject,
            "claimed": claimed,
            "actual": actual,
            "pegged": pegged,
            "items": lines_to_list(items),
            **draft.score_data(),
        },
    )


def close_window(draft: Draft) -> MugginsWindow | None:
    """Close an open Muggins window (if any): take back any over-claim, reveal the truth, and
    return the window that was open."""
    window = draft.window
    if window is None:
        return None
    draft.window = None
    if window.pegged_from is not None and window.claimed > window.actual:
        take_back(draft, window)
    reveal(
        draft,
        window.claimant,
        window.subject,
        window.claimed,
        window.actual,
        window.items,
        pegged=min(window.claimed, window.actual),
    )
    return window


def take_back(draft: Draft, window: MugginsWindow) -> None:
    """Move the claimant's side's pegs back from the claimed points to the true ones.

    The pegs end exactly where pegging the truth at the claim would have left them: if nothing
    was pegged since, from the pegs saved in the window; if a go point was pegged since, both
    pegs move back by the over-claim when the rear one stood on the claimed score.
    """
    pegged_from, rear_before = window.pegged_from, window.rear_before
    assert pegged_from is not None and rear_before is not None, "a claim pegged as claimed"
    over = window.claimed - window.actual
    front = draft.scores[window.claimant]
    rear = draft.rear[window.claimant]
    if front == pegged_from + window.claimed:
        front = pegged_from + window.actual
        rear = pegged_from if window.actual > 0 else rear_before
    else:
        front -= over
        if rear >= front:
            rear -= over
    for member in partners_of(draft.seats, window.claimant):
        draft.scores = draft.scores[:member] + (front,) + draft.scores[member + 1 :]
        draft.rear = draft.rear[:member] + (rear,) + draft.rear[member + 1 :]
