"""Discarding to the crib and cutting the starter.

Each seat lays two cards away to the dealer's crib, in either order; the cards stay private
until the crib is shown. Once every seat has discarded, the starter is turned: a jack gives the
dealer two points for his heels at once (with manual scoring the dealer claims them).
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft, replaced
from games.engine.match import finish_game
from games.engine.state import PendingClaim, ScoreLine

JACK = 11
HEELS_POINTS = 2


def discard(draft: Draft, seat: int, cards: tuple[Card, ...]) -> None:
    """Move ``cards`` (already checked legal) from ``seat``'s hand to the crib."""
    kept = tuple(card for card in draft.held[seat] if card not in cards)
    draft.held = replaced(draft.held, seat, kept)
    draft.kept = replaced(draft.kept, seat, kept)
    draft.discards = replaced(draft.discards, seat, tuple(cards))
    draft.emit("discarded", {"seat": seat}, {seat: {"cards": [str(card) for card in cards]}})
    if all(part is not None for part in draft.discards):
        cut_starter(draft)


def cut_starter(draft: Draft) -> None:
    """Turn the starter (the card after the dealt ones) and start the play with the pone."""
    starter = draft.deck[len(draft.seats) * draft.options.hand_size]
    draft.starter = starter
    draft.phase = "play"
    draft.turn = draft.pone
    heels = starter.rank == JACK
    claim = None
    pegged = 0
    if heels and draft.options.manual:
        lines = (ScoreLine("heels", (starter,), HEELS_POINTS),)
        draft.pending = PendingClaim(draft.dealer, "heels", HEELS_POINTS, lines)
        claim = {"seat": draft.dealer, "subject": "heels"}
    elif heels:
        pegged = HEELS_POINTS
    won = draft.peg(draft.dealer, pegged) if pegged else False
    draft.emit(
        "starter_cut",
        {
            "card": str(starter),
            "heels": pegged,
            **draft.score_data(),
            "next": draft.pone,
            "claim": claim,
        },
    )
    if won:
        finish_game(draft, draft.dealer)
