"""How often each show score occurs over every hand and starter, counted by rank.

Scoring all 12,994,800 (four-card hand, starter) pairs one by one takes Python about ten
seconds. But fifteens, pairs and runs depend on ranks only, so this module walks the 1,820
four-rank hand multisets and 13 starter ranks (about 23,000 cases), reads their points from the
engine's rank table, and weights each by how many suit choices deal it. Flush and nobs are the
only suit-dependent rules; how often each bonus occurs is the same for every case with the same
*shape* (how many cards of each rank, which ranks are jacks, which one the starter shares), so
it is counted once per shape by dealing every suit choice of a representative case through the
engine's own flush and nobs rules, then reused. The whole table takes a fraction of a second.

The computer opponent and analysis can use :func:`show_score_distribution` with
``starter_ranks`` to ask the same question of part of the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product

from games.engine.cards import SUITS, Card
from games.engine.scoring import CRIB_SIZE, HAND_SIZES, BadHand, rank_points
from games.engine.scoring_rules import JACK, flush_points, nobs_points
from games.engine.scoring_tables import CARDS_PER_RANK, RANKS, rank_multisets

ShapeKey = tuple[tuple[tuple[int, bool, bool], ...], bool]


def show_score_distribution(
    *, hand_size: int = 4, crib: bool = False, starter_ranks: Iterable[int] = RANKS
) -> Counter[int]:
    """Count (hand, starter) deals by show score: ``{score: number of deals}``.

    With the defaults this covers all 12,994,800 four-card hands with a starter. ``hand_size=3``
    gives the five-card game's hands; ``crib=True`` applies the crib's flush rule.
    """
    if hand_size not in HAND_SIZES or (crib and hand_size != CRIB_SIZE):
        raise BadHand(f"no {'crib' if crib else 'hand'} of {hand_size} cards is shown")
    starters = sorted(set(starter_ranks))
    if not starters or not set(starters) <= set(RANKS):
        raise BadHand(f"starter ranks must be some of 1..13, not {starters!r}")
    bonus_by_shape: dict[ShapeKey, Counter[int]] = {}
    distribution: Counter[int] = Counter()
    for hand_ranks in rank_multisets(hand_size):
        counts = Counter(hand_ranks)
        for starter_rank in starters:
            if counts[starter_rank] == CARDS_PER_RANK:
                continue
            points = rank_points(tuple(sorted((*hand_ranks, starter_rank))))
            shape = _shape(counts, starter_rank)
            bonuses = bonus_by_shape.get(shape)
            if bonuses is None:
                bonuses = _suit_bonus_counts(counts, starter_rank, crib)
                bonus_by_shape[shape] = bonuses
            for bonus, deals in bonuses.items():
                distribution[points + bonus] += deals
    return distribution


def _shape(counts: Counter[int], starter_rank: int) -> ShapeKey:
    """What flush and nobs can see of a case: rank multiplicities and which are special."""
    per_rank = tuple(
        sorted((count, rank == JACK, rank == starter_rank) for rank, count in counts.items())
    )
    return per_rank, starter_rank == JACK


def _suit_bonus_counts(counts: Counter[int], starter_rank: int, crib: bool) -> Counter[int]:
    """Deal every suit choice of this case and count flush + nobs with the engine's rules."""
    choices_per_rank = [
        [tuple(Card(rank, suit) for suit in suits) for suits in combinations(SUITS, count)]
        for rank, count in counts.items()
    ]
    bonuses: Counter[int] = Counter()
    for parts in product(*choices_per_rank):
        hand = [card for part in parts for card in part]
        for suit in SUITS:
            starter = Card(starter_rank, suit)
            if starter in hand:
                continue
            bonuses[flush_points(hand, starter, crib=crib) + nobs_points(hand, starter)] += 1
    return bonuses
