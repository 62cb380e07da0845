"""Showing the true score of a manual claim, once nobody can call Muggins on it any more.

With manual scoring the true breakdown of a claim stays hidden while the opponent may still
call Muggins (so a prompt never gives away whether the claim was right). The window closes at
the next claim or card, on a Muggins call, or when the game ends; then ``score_revealed``
shows both players the truth. Without Muggins the truth is shown right after the claim.
"""

from __future__ import annotations

from games.engine.draft import Draft
from games.engine.state import ScoreLine, ShownHand, lines_to_list


def reveal(
    draft: Draft, seat: int, subject: str, claimed: int, actual: int, items: tuple[ScoreLine, ...]
) -> None:
    """Emit ``score_revealed`` and fill in the shown hand's breakdown (hand and crib claims)."""
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
            "items": lines_to_list(items),
        },
    )


def close_window(draft: Draft) -> None:
    """Close an open Muggins window (if any), revealing the claim it was about."""
    window = draft.window
    if window is None:
        return
    draft.window = None
    reveal(draft, window.claimant, window.subject, window.claimed, window.actual, window.items)
