"""The counting rules of the show, stated once, on plain ranks and suits.

Every scorer in the engine stands on these helpers: the itemised :func:`score_show` applies them
to cards to say *which* cards scored, and the precomputed rank table behind ``rank_points`` and
``show_total`` applies the very same helpers to rank tuples. So a rule fixed here is fixed
everywhere, and the fast path cannot drift from the one people read.

The combination helpers return tuples of *positions* into the sequence they were given, so a
caller can map them back to cards (the itemised scorer) or simply count them (the table).

>>> fifteen_combinations((5, 5, 10))
[(0, 2), (1, 2)]
>>> longest_runs((3, 4, 4, 5))
[(0, 1, 3), (0, 2, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter

from games.engine.cards import Card

JACK = 11
MINIMUM_RUN = 3
FIFTEEN = 15
POINTS_PER_FIFTEEN = 2


def pip_value(rank: int) -> int:
    """What a rank counts toward fifteen: court cards are ten, the ace one."""
    return min(rank, 10)


def fifteen_combinations(values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct set of positions whose pip values add to 15, smallest sets first."""
    return [
        positions
        for positions, pick in _subsets_of_two_or_more(len(values))
        if sum(pick(values)) == FIFTEEN
    ]


@cache
def _subsets_of_two_or_more(
    count: int,
) -> tuple[tuple[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]], ...]:
    """Each set of two or more positions out of ``count``, with a getter that picks them.

    Cached per size because the rank tables ask thousands of times for the same few sizes.
    """
    return tuple(
        (positions, itemgetter(*positions))
        for size in range(2, count + 1)
        for positions in combinations(range(count), size)
    )


def same_rank_groups(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of each rank held two or more times, lowest rank first.

    A group of n cards is n*(n-1)/2 pairs; :func:`pair_points` turns its size into points.
    """
    by_rank: dict[int, list[int]] = {}
    for index, rank in enumerate(ranks):
        by_rank.setdefault(rank, []).append(index)
    return [tuple(by_rank[rank]) for rank in sorted(by_rank) if len(by_rank[rank]) >= 2]


def pair_points(cards_of_one_rank: int) -> int:
    """2 for a pair, 6 for a pair royal (three), 12 for a double pair royal (four)."""
    return cards_of_one_rank * (cards_of_one_rank - 1)


def is_run(ranks: Sequence[int]) -> bool:
    """True when the ranks are all different and consecutive, in any order (ace low only)."""
    distinct = set(ranks)
    return len(distinct) == len(ranks) and max(distinct) - min(distinct) == len(ranks) - 1


def longest_run_length(ranks: Sequence[int]) -> int:
    """The length of the longest stretch of consecutive ranks present (1 if none touch)."""
    longest = current = 0
    previous = None
    for rank in sorted(set(ranks)):
        current = current + 1 if previous == rank - 1 else 1
        longest = max(longest, current)
        previous = rank
    return longest


def longest_runs(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct set of positions forming a run of the greatest length present (>= 3).

    Only the longest length counts: a run of four is four points, not two runs of three, while
    3 4 4 5 is a double run (two runs of three).
    """
    size = longest_run_length(ranks)
    if size < MINIMUM_RUN:
        return []
    return [
        combo
        for combo, picked in zip(
            combinations(range(len(ranks)), size), combinations(ranks, size), strict=True
        )
        if is_run(picked)
    ]


def combination_points(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs for some ranks: everything in a show that ignores suits."""
    values = [pip_value(rank) for rank in ranks]
    fifteens = POINTS_PER_FIFTEEN * len(fifteen_combinations(values))
    pairs = sum(pair_points(len(group)) for group in same_rank_groups(ranks))
    runs = sum(len(run) for run in longest_runs(ranks))
    return fifteens + pairs + runs


def flush_points(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    """The flush rule, the first of the two suit-dependent rules.

    A hand whose cards share one suit scores one point per card, one more if the starter
    matches too. A crib scores a flush only when its cards and the starter all match.
    """
    suit = hand[0].suit
    for card in hand:
        if card.suit != suit:
            return 0
    if starter.suit == suit:
        return len(hand) + 1
    return 0 if crib else len(hand)


def nobs_points(hand: Sequence[Card], starter: Card) -> int:
    """His nobs, the other suit-dependent rule: 1 for a jack in hand of the starter's suit.

    A jack turned as the starter is never nobs (that is his heels, scored when cut), and as
    no two cards are the same a hand jack can never share a jack starter's suit anyway.
    """
    suit = starter.suit
    for card in hand:
        if card.rank == JACK and card.suit == suit:
            return 1
    return 0
