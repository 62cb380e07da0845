"""The medium computer opponent: the best hand it can see now, and the rules of thumb in the play.

It keeps the four (or three) cards that already score the most without the starter, breaking
ties by what the two thrown cards do for the crib: as dealer it likes throwing fives, pairs and
fifteens into its own crib; as pone it avoids giving them away. Its play follows
:func:`games.bots.pegging.medium_play`.
"""

from __future__ import annotations

from itertools import combinations

from games.bots.base import RandomSource, SeatView, StrategyBot
from games.bots.claims import claim_for, muggins_for
from games.bots.pegging import medium_play
from games.engine.cards import Card
from games.engine.scoring_rules import combination_points

CRIB_LEAN = 0.5
"""How much the thrown cards' own crib value counts next to the kept hand's points."""


def hand_points_without_starter(cards: tuple[Card, ...]) -> int:
    """What the cards score on their own: fifteens, pairs, runs and a flush (no starter yet)."""
    points = combination_points([card.rank for card in cards])
    if len({card.suit for card in cards}) == 1:
        points += len(cards)
    return points


def crib_promise(thrown: tuple[Card, Card]) -> float:
    """A rough worth of two cards to a crib: their own fifteen or pair, a five, near-run ranks."""
    first, second = thrown
    promise = float(combination_points([first.rank, second.rank]))
    promise += sum(1.0 for card in thrown if card.rank == 5)
    if abs(first.rank - second.rank) in (1, 2):
        promise += 0.5
    return promise


def medium_discard(seen: SeatView, rng: RandomSource) -> tuple[Card, Card]:
    """The throw that keeps the best hand now, leaning toward (or away from) a good crib."""
    lean = CRIB_LEAN if seen.is_dealer else -CRIB_LEAN
    held = tuple(sorted(seen.held))

    def worth(thrown: tuple[Card, Card]) -> tuple[float, tuple[Card, Card]]:
        kept = tuple(card for card in held if card not in thrown)
        return hand_points_without_starter(kept) + lean * crib_promise(thrown), thrown

    return max(combinations(held, 2), key=worth)


def medium_bot() -> StrategyBot:
    return StrategyBot(
        level="medium",
        discard=medium_discard,
        play=medium_play,
        claim=claim_for("medium"),
        call_muggins=muggins_for("medium"),
    )
