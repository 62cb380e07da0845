"""Exact expected value of every throw at a table of three or four: hand plus or minus crib.

At three and four players a seat is dealt five cards and lays one away (the three-player dealer
who takes six lays two), and the crib is filled by the other seats' throws and, at three, one
card from the deck. From the throwing seat's point of view the crib's other cards and the
starter are, together, a uniform draw from the cards it has not seen: ``5 - thrown`` of them.
:func:`analyze_throw` gives, for each way of throwing, the kept hand's average show over every
unseen starter and the crib's average show over every such draw, exactly, counted as
:mod:`games.strategy.analysis` counts the two-player discard: fifteens, pairs and runs by rank
multiset (each weighing the product of binomials it stands for, scored from the engine's rank
table), flush and nobs in closed form from the unseen cards of each suit. A test checks it
against a brute-force average over card draws on small decks.

Whose crib it is only changes the sign (and weight) the caller gives the crib, so the hand and
the crib are returned separately, with ``total = hand + crib_weight * crib``.

>>> from games.engine.cards import parse_cards
>>> best = analyze_throw(parse_cards("5H 5D JS QC 2H"), crib_weight=1.0)[0]
>>> [str(card) for card in best.discard]
['2H']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from games.engine.cards import DECK, SUITS, Card
from games.engine.scoring import BadHand, checked_cards
from games.engine.scoring_tables import RANK_COUNT_KEY
from games.strategy.analysis import hand_suit_sum, rank_sum_over_draws, starter_draws

JACK = 11
CRIB_SIZE = 4
SHOW_SIZE = 5
"""A crib is shown with the starter: five cards, of which the thrower knows its own throw."""
CRIB_FLUSH_POINTS = 5
KEPT_SIZE = 4


@dataclass(frozen=True, slots=True)
class ThrowAnalysis:
    """One throw and its exact expectations from the throwing seat's point of view."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: float
    crib: float
    total: float
    """``hand + crib_weight * crib``: the number to maximise."""


def analyze_throw(
    cards: Sequence[Card],
    *,
    crib_weight: float,
    unseen: Sequence[Card] | None = None,
) -> list[ThrowAnalysis]:
    """Every way of keeping four of ``cards`` (five or six dealt) with its exact values.

    ``crib_weight``: what a crib point is worth to the thrower (1 for its own side's crib, a
    negative number for an opponent's). ``unseen``: the cards the starter and the crib's other
    cards are drawn from (default: every card not dealt to the seat; tests pass small decks).
    Sorted best first: highest total, then highest hand, then by the cards thrown.
    """
    dealt = checked_cards(cards, "dealt cards", BadHand)
    if len(dealt) not in (KEPT_SIZE + 1, KEPT_SIZE + 2):
        raise BadHand(f"a seat at three or four is dealt five or six cards, not {len(dealt)}")
    pool = tuple(card for card in DECK if card not in dealt) if unseen is None else tuple(unseen)
    unknown = SHOW_SIZE - (len(dealt) - KEPT_SIZE)
    if len(pool) <= unknown:
        raise BadHand("too few unseen cards to fill the crib and cut a starter")
    unseen_by_rank = [0] * 14
    unseen_by_suit = dict.fromkeys(SUITS, 0)
    for card in pool:
        unseen_by_rank[card.rank] += 1
        unseen_by_suit[card.suit] += 1
    starters = starter_draws(unseen_by_rank)
    draws = _rank_draws(unseen_by_rank, unknown)
    draw_count = comb(len(pool), unknown)
    crib_by_ranks: dict[tuple[int, ...], int] = {}
    results = []
    for keep in combinations(dealt, KEPT_SIZE):
        discard = tuple(card for card in dealt if card not in keep)
        keep_ranks = tuple(sorted(card.rank for card in keep))
        hand = (
            rank_sum_over_draws(keep_ranks, starters) + hand_suit_sum(keep, unseen_by_suit)
        ) / len(pool)
        thrown_ranks = tuple(sorted(card.rank for card in discard))
        if thrown_ranks not in crib_by_ranks:
            crib_by_ranks[thrown_ranks] = rank_sum_over_draws(thrown_ranks, draws)
        flush = _crib_flush_draws(discard, unseen_by_suit, unknown) * CRIB_FLUSH_POINTS
        crib = (crib_by_ranks[thrown_ranks] + flush) / draw_count + _crib_nobs(
            discard, dealt, pool, unseen_by_suit, unknown
        )
        total = hand + crib_weight * crib
        results.append(ThrowAnalysis(keep, discard, hand, crib, total))
    results.sort(key=lambda result: (-result.total, -result.hand, result.discard))
    return results


def _rank_draws(unseen_by_rank: list[int], size: int) -> list[tuple[int, int]]:
    """Each rank multiset of ``size`` unseen cards, as its rank-count key
    (:data:`games.engine.scoring_tables.RANK_COUNT_KEY`: the crib's key is the thrown cards'
    plus this, no sorting), with how many card draws have those ranks."""
    found: list[tuple[int, int]] = []

    def extend(rank: int, left: int, key: int, weight: int) -> None:
        if left == 0:
            found.append((key, weight))
            return
        if rank > 13:
            return
        available = unseen_by_rank[rank]
        for take in range(min(available, left) + 1):
            extend(
                rank + 1,
                left - take,
                key + take * RANK_COUNT_KEY[rank],
                weight * comb(available, take),
            )

    extend(1, size, 0, 1)
    return found


def _crib_flush_draws(
    discard: tuple[Card, ...], unseen_by_suit: dict[str, int], unknown: int
) -> int:
    """How many draws of the unknown cards make a five-card crib flush with the thrown ones."""
    suit = discard[0].suit
    if any(card.suit != suit for card in discard):
        return 0
    return comb(unseen_by_suit[suit], unknown)


def _crib_nobs(
    discard: tuple[Card, ...],
    dealt: tuple[Card, ...],
    pool: tuple[Card, ...],
    unseen_by_suit: dict[str, int],
    unknown: int,
) -> float:
    """Expected nobs in the crib: a thrown jack scores when the starter (uniform over the pool)
    shares its suit; an unseen jack when it lands in one of the ``unknown - 1`` crib places and
    the starter is another unseen card of its suit."""
    size = len(pool)
    expected = 0.0
    for card in discard:
        if card.rank == JACK:
            expected += unseen_by_suit[card.suit] / size
    for card in pool:
        if card.rank == JACK and card not in dealt:
            expected += (unknown - 1) * (unseen_by_suit[card.suit] - 1) / (size * (size - 1))
    return expected
