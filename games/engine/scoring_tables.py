"""Precomputed fifteens + pairs + runs for every multiset of 4 or 5 ranks.

Those three rules depend on ranks alone, and there are only 6,175 five-rank multisets (at most
four of a rank) and 1,820 four-rank ones, so the engine scores each once, with the same helpers
the itemised scorer uses, and the fast paths read the answer back.

**Built on first use, not at import.** Building takes 80 to 145 ms, and every process that
imports the engine paid it at start-up: each ``manage.py`` command, server, worker and shell,
most of which never score a hand. The two tables start empty and :func:`fill_rank_tables`
fills those same dicts in place the first time a lookup misses, so the fast paths keep their
plain dict lookup (an empty table's miss is the branch they already take for bad input) and
every module that imported the dicts sees them filled.

Two keys reach the same numbers:

- a sorted rank tuple, ``(5, 5, 5, 5, 11)``, for callers that already count by rank (analysis,
  the computer opponent);
- a rank-count key, the sum of ``RANK_COUNT_KEY[rank]`` over the cards, which needs no sorting:
  each rank owns three bits holding how many cards of that rank are present. ``show_total``
  uses it because adding five small integers is cheaper than sorting.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from games.engine.scoring_rules import combination_points

RANKS = range(1, 14)
CARDS_PER_RANK = 4
TABLE_SIZES = (4, 5)
"""Four ranks: a three-card hand (five-card game) with the starter. Five: a four-card hand."""

RANK_COUNT_KEY: tuple[int, ...] = (0, *(1 << (3 * (rank - 1)) for rank in RANKS))
"""``RANK_COUNT_KEY[rank]``: index by rank (1..13); entry 0 is unused so no subtraction is needed."""


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every sorted rank tuple of ``size`` cards that a 52-card deck can deal."""
    return [
        ranks
        for ranks in combinations_with_replacement(RANKS, size)
        if max(Counter(ranks).values()) <= CARDS_PER_RANK
    ]


def rank_count_key(ranks: tuple[int, ...]) -> int:
    """The order-free key of some ranks (see the module docstring)."""
    return sum(RANK_COUNT_KEY[rank] for rank in ranks)


def build_rank_tables() -> tuple[dict[tuple[int, ...], int], dict[int, int]]:
    """Score every rank multiset once; return (by sorted tuple, by rank-count key).

    The count keys of four- and five-rank multisets never collide, because the count key
    records how many cards there are.
    """
    by_sorted_ranks: dict[tuple[int, ...], int] = {}
    for size in TABLE_SIZES:
        for ranks in rank_multisets(size):
            by_sorted_ranks[ranks] = combination_points(ranks)
    by_count_key = {rank_count_key(ranks): points for ranks, points in by_sorted_ranks.items()}
    return by_sorted_ranks, by_count_key


POINTS_BY_SORTED_RANKS: dict[tuple[int, ...], int] = {}
POINTS_BY_RANK_COUNT_KEY: dict[int, int] = {}


def fill_rank_tables() -> bool:
    """Fill the two tables if they are empty; return whether this call filled them.

    Safe from several threads: each builds its own dicts and one ``dict.update`` call (atomic
    under the GIL: the keys are ints and tuples of ints) publishes them, so a reader sees a
    table empty or whole, never part of one. A second builder's update writes the same values.
    """
    if POINTS_BY_RANK_COUNT_KEY:
        return False
    by_sorted_ranks, by_count_key = build_rank_tables()
    POINTS_BY_SORTED_RANKS.update(by_sorted_ranks)
    POINTS_BY_RANK_COUNT_KEY.update(by_count_key)
    return True
