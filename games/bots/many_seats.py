"""Discards for three and four players, where a seat throws one card (or two: the dealer who
takes six in the three-player option) and the crib is its own, its partner's or an opponent's.

The two-player discards (hard's exact crib averages, its endgame race) assume two hands and a
two-card throw; here the crib gets one card from each of three or four seats, so its worth is
estimated from the thrown cards alone, counted for the seat when the dealer is on its side and
against it otherwise. Levels keep their character:

- easy throws at random;
- medium keeps the hand that scores most now (no starter), leaning on the thrown cards' promise;
- hard keeps the hand with the best average over every starter it has not seen, plus or minus
  the crib's average with the thrown cards in it, over cribs dealt at random from the cards it
  has not seen;
- the expert counts both exactly (:mod:`games.bots.expert_many_seats`).

>>> from games.engine.cards import parse_cards
>>> round(kept_average(parse_cards("5H 5S JD QC"), parse_cards("5H 5S JD QC 2C")), 3)
12.638
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from games.bots.base import RandomSource, SeatView
from games.bots.expert_many_seats import expert_many_throw
from games.bots.medium import CRIB_LEAN, hand_points_without_starter
from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.engine.scoring_rules import combination_points

CRIB_SIZE = 4

CARD_CRIB_PROMISE = {
    1: 0.6,
    2: 0.6,
    3: 0.6,
    4: 0.7,
    5: 2.0,
    6: 0.8,
    7: 1.0,
    8: 1.0,
    9: 0.6,
    10: 0.6,
    11: 0.9,
    12: 0.4,
    13: 0.3,
}
"""A rough worth of one card thrown to a crib of four: fives make fifteens with the many
ten-cards, the middle ranks make runs and fifteens, a jack may be nobs, kings do least."""

Thrower = Callable[[SeatView, RandomSource], tuple[Card, ...]]


def crib_promise(thrown: tuple[Card, ...]) -> float:
    """What the thrown cards promise a crib: each card's worth, and their own pair or fifteen."""
    promise = sum(CARD_CRIB_PROMISE[card.rank] for card in thrown)
    if len(thrown) > 1:
        promise += combination_points([card.rank for card in thrown])
    return promise


def kept_average(keep: tuple[Card, ...], seen: tuple[Card, ...]) -> float:
    """The kept hand's average show over every starter not among the ``seen`` cards."""
    starters = [card for card in DECK if card not in seen]
    return sum(show_total(keep, starter) for starter in starters) / len(starters)


def _throws(seen: SeatView) -> list[tuple[Card, ...]]:
    return list(combinations(sorted(seen.held), seen.throw))


def _crib_sign(seen: SeatView) -> float:
    return 1.0 if seen.crib_is_ours else -1.0


def easy_throw(seen: SeatView, rng: RandomSource) -> tuple[Card, ...]:
    """Any ``seen.throw`` cards, at random."""
    return tuple(rng.sample(sorted(seen.held), seen.throw))


def medium_throw(seen: SeatView, rng: RandomSource) -> tuple[Card, ...]:
    """The throw that keeps the most points now, leaning toward (or away from) the crib."""
    lean = CRIB_LEAN * _crib_sign(seen)

    def worth(thrown: tuple[Card, ...]) -> tuple[float, tuple[Card, ...]]:
        kept = tuple(card for card in sorted(seen.held) if card not in thrown)
        return hand_points_without_starter(kept) + lean * crib_promise(thrown), thrown

    return max(_throws(seen), key=worth)


CRIB_SAMPLES = 240
"""Cribs dealt at random around each throw to average its worth (about 1 ms a decision)."""


def crib_average(
    thrown: tuple[Card, ...], seen: tuple[Card, ...], deals: list[tuple[Card, ...]]
) -> float:
    """The crib's average show with ``thrown`` in it, over ``deals`` of the unseen cards: each
    deal is the starter first, then the crib's other cards (the other seats' throws and any
    card from the deck); the same deals for every throw, so the comparison is fair."""
    total = 0
    for deal in deals:
        starter, others = deal[0], deal[1 : 1 + CRIB_SIZE - len(thrown)]
        total += show_total((*thrown, *others), starter, crib=True)
    return total / len(deals)


def hard_throw(seen: SeatView, rng: RandomSource) -> tuple[Card, ...]:
    """The throw whose kept hand averages most over the unseen starters, with the crib's
    average (sampled) added for its own side's crib and taken away for an opponent's."""
    sign = _crib_sign(seen)
    unseen = [card for card in DECK if card not in seen.held]
    deals = [tuple(rng.sample(unseen, CRIB_SIZE)) for _ in range(CRIB_SAMPLES)]

    def worth(thrown: tuple[Card, ...]) -> tuple[float, tuple[Card, ...]]:
        kept = tuple(card for card in sorted(seen.held) if card not in thrown)
        crib = crib_average(thrown, seen.held, deals)
        return kept_average(kept, seen.held) + sign * crib, thrown

    return max(_throws(seen), key=worth)


_THROWERS: dict[str, Thrower] = {
    "easy": easy_throw,
    "medium": medium_throw,
    "expert": expert_many_throw,
}


def thrower_for(level: str) -> Thrower:
    """The many-seat discard of ``level``: hard's sampled crib for hard, the exact throw of
    :mod:`games.bots.expert_many_seats` for the expert."""
    return _THROWERS.get(level, hard_throw)
