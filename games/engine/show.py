"""The show: each hand, then the crib, laid open and counted with the starter.

Order: the hand at the dealer's left first, round to the dealer's hand, then the dealer's crib. The game ends
the moment a count reaches the target, so the pone can win before the dealer counts. With
manual scoring each count waits for its owner's claim (see :mod:`games.engine.claims`).
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft
from games.engine.match import finish_game
from games.engine.scoring import score_show
from games.engine.seating import seats_from_left_of
from games.engine.state import (
    PendingClaim,
    ShownHand,
    crib_of,
    lines_from_result,
    lines_to_list,
)


def show_subject(draft: Draft, step: int) -> tuple[int, str, tuple[Card, ...]]:
    """(seat, "hand" or "crib", cards) for show step ``step`` (0 is the pone's hand)."""
    dealer = draft.dealer
    assert dealer is not None, "the show follows a deal"
    if step < len(draft.seats):
        seat = seats_from_left_of(draft.seats, dealer)[step]
        kept = draft.kept[seat]
        assert kept is not None, "every seat has discarded before the show"
        return seat, "hand", kept
    return dealer, "crib", crib_of(draft.options, draft.discards, draft.deck)


def start_show(draft: Draft) -> None:
    draft.phase = "show"
    draft.turn = None
    draft.show_step = 0
    run_show(draft)


def run_show(draft: Draft) -> None:
    """Count the remaining hands in order until one needs a claim, the game ends, or all are done."""
    manual = draft.options.manual
    starter = draft.starter
    assert starter is not None, "the show follows the cut"
    while draft.show_step <= len(draft.seats):
        seat, kind, cards = show_subject(draft, draft.show_step)
        result = score_show(cards, starter, crib=(kind == "crib"))
        lines = lines_from_result(result)
        data = {
            "seat": seat,
            "kind": kind,
            "cards": [str(card) for card in cards],
            "starter": str(draft.starter),
        }
        if manual:
            draft.shown = (*draft.shown, ShownHand(seat, kind, cards, None, None))
            draft.pending = PendingClaim(seat, kind, result.total, lines)
            draft.emit(
                "hand_shown",
                {**data, **draft.score_data(), "claim": {"seat": seat, "subject": kind}},
            )
            return
        draft.shown = (*draft.shown, ShownHand(seat, kind, cards, lines, result.total))
        won = draft.peg(seat, result.total)
        draft.emit(
            "hand_shown",
            {
                **data,
                "items": lines_to_list(lines),
                "total": result.total,
                **draft.score_data(),
                "claim": None,
            },
        )
        draft.show_step += 1
        if won:
            finish_game(draft, seat)
            return
    end_hand(draft)


def end_hand(draft: Draft) -> None:
    """All counted and nobody won: the next hand needs a shuffle."""
    draft.phase = "deal"
    draft.turn = None
    draft.emit("hand_ended", {"game": draft.game, "hand": draft.hand})
