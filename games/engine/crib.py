"""Discarding to the crib and cutting the starter.

Each seat lays cards away to the dealer's crib, in any order: two each with two players, one
each with three (the deal adds a card from the deck) or four, so the crib always has four. The
cards stay private until the crib is shown. Once every seat has discarded, the starter is
turned: a jack gives the dealer two points for his heels at once (with manual scoring the dealer
claims them).
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft, replaced
from games.engine.match import finish_game
from games.engine.state import MatchState, PendingClaim, ScoreLine

JACK = 11
HEELS_POINTS = 2


def discard_size(state: MatchState | Draft, seat: int) -> int:
    """How many cards ``seat`` must lay away to the crib this hand."""
    return state.options.cards_thrown(dealer=seat == state.dealer)


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
    deck, dealer = draft.deck, draft.dealer
    assert deck is not None and dealer is not None, "the starter is cut after a deal"
    starter = deck[draft.options.cards_before_starter]
    draft.starter = starter
    draft.phase = "play"
    draft.turn = draft.pone
    heels = starter.rank == JACK
    claim = None
    pegged = 0
    if heels and draft.options.manual:
        lines = (ScoreLine("heels", (starter,), HEELS_POINTS),)
        draft.pending = PendingClaim(dealer, "heels", HEELS_POINTS, lines)
        claim = {"seat": dealer, "subject": "heels"}
    elif heels:
        pegged = HEELS_POINTS
    won = draft.peg(dealer, pegged) if pegged else False
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
        finish_game(draft, dealer)
