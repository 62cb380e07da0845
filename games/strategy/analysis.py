"""Exact expected value of every discard from a dealt hand: the computer opponent's and the review's.

``analyze_discard(cards, is_dealer)`` takes the six (or five) cards dealt and, for each way of
laying two of them away, gives

- the expected hand score: the average of the kept cards' show over every starter among the
  46 (or 47) cards the player has not seen;
- the expected crib score: the average of the crib's show over every pair the opponent could
  throw and every starter left after it, every unseen card equally likely;
- their sum as seen by the player: the crib added for the dealer, subtracted for the pone.

Averaging over 1,035 opponent pairs and 44 starters per discard card by card would take seconds
in Python, so the analysis counts by rank instead. Fifteens, pairs and runs depend only on the
ranks (read from :mod:`games.engine.scoring_tables` by a rank-count key, a sum that needs no
sorting); the opponent's two cards and the starter are, together, a uniform three-card subset
of the unseen cards, whose rank multiset has a weight that is a product of binomials over the
unseen count of each rank. Flush and nobs, the two suit rules, are added in closed form by
counting unseen cards of each suit.
The answers are exact (they equal the brute-force averages, which a test checks), and all fifteen
discards of a six-card hand take a few milliseconds (``benchmarks/discard_speed.py``).

>>> from games.engine.cards import parse_cards
>>> best = analyze_discard(parse_cards("5H 5D JS QC 2H 9C"), is_dealer=True)[0]
>>> [str(card) for card in best.discard]
['2H', '9C']
>>> len(analyze_discard(parse_cards("5H 5D JS QC 2H 9C"), is_dealer=False))
15
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

from games.engine.cards import SUITS, Card
from games.engine.scoring import BadHand, checked_cards
from games.engine.scoring_tables import (
    POINTS_BY_RANK_COUNT_KEY,
    RANK_COUNT_KEY,
    fill_rank_tables,
    rank_count_key,
)

JACK = 11
DECK_SIZE = 52
DEALT_SIZES = (6, 5)
"""Cards dealt to a player: 6 in the six-card game, 5 in the five-card game."""
DISCARD_SIZE = 2
CRIB_FLUSH_POINTS = 5
UNKNOWN_CRIB_CARDS = 3
"""The crib's cards the discarding player cannot see: the opponent's two and the starter."""


@dataclass(frozen=True, slots=True)
class DiscardAnalysis:
    """One discard and what it is worth on average, from the discarding player's point of view.

    ``hand`` and ``crib`` are exact expectations (rounded only by float division); ``total`` is
    ``hand + crib`` for the dealer and ``hand - crib`` for the pone, the number to maximise.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: float
    crib: float
    total: float
    is_dealer: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the review and the protocol: cards as text, values unrounded."""
        return {
            "keep": [str(card) for card in self.keep],
            "discard": [str(card) for card in self.discard],
            "hand": self.hand,
            "crib": self.crib,
            "total": self.total,
            "is_dealer": self.is_dealer,
        }


def analyze_discard(cards: Sequence[Card], is_dealer: bool) -> list[DiscardAnalysis]:
    """Every discard of ``cards`` (six or five dealt cards) with its exact expected values.

    The list is sorted best first: highest ``total``, then highest ``hand``, then by the cards
    thrown (so ties always come back in the same order). Raises :class:`BadHand` for anything
    that is not five or six different cards, or an ``is_dealer`` that is not a bool.
    """
    dealt = _checked_dealt(cards, is_dealer)
    unseen_by_rank = [4] * 14
    unseen_by_rank[0] = 0
    unseen_by_suit = dict.fromkeys(SUITS, 13)
    for card in dealt:
        unseen_by_rank[card.rank] -= 1
        unseen_by_suit[card.suit] -= 1
    unseen = DECK_SIZE - len(dealt)
    starters = starter_draws(unseen_by_rank)
    triples = _unknown_crib_triples(unseen_by_rank)
    triple_count = comb(unseen, UNKNOWN_CRIB_CARDS)

    hand_cache: dict[tuple[int, ...], int] = {}
    crib_cache: dict[tuple[int, int], int] = {}
    results = []
    for discard in combinations(dealt, DISCARD_SIZE):
        keep = tuple(card for card in dealt if card not in discard)
        keep_ranks = tuple(sorted(card.rank for card in keep))
        if keep_ranks not in hand_cache:
            hand_cache[keep_ranks] = rank_sum_over_draws(keep_ranks, starters)
        hand = (hand_cache[keep_ranks] + hand_suit_sum(keep, unseen_by_suit)) / unseen

        thrown_ranks = (
            min(discard[0].rank, discard[1].rank),
            max(discard[0].rank, discard[1].rank),
        )
        if thrown_ranks not in crib_cache:
            crib_cache[thrown_ranks] = rank_sum_over_draws(thrown_ranks, triples)
        crib = (
            crib_cache[thrown_ranks]
            + _crib_flush_count(discard, unseen_by_suit) * CRIB_FLUSH_POINTS
        ) / triple_count + _crib_nobs(discard, dealt, unseen_by_suit, unseen)

        total = hand + crib if is_dealer else hand - crib
        results.append(DiscardAnalysis(keep, discard, hand, crib, total, is_dealer))
    results.sort(key=lambda result: (-result.total, -result.hand, result.discard))
    return results


def _checked_dealt(cards: Sequence[Card], is_dealer: bool) -> tuple[Card, ...]:
    if not isinstance(is_dealer, bool):
        raise BadHand(f"is_dealer must be true or false, not {is_dealer!r}")
    dealt = checked_cards(cards, "dealt cards", BadHand)
    if len(dealt) not in DEALT_SIZES:
        raise BadHand(f"a dealt hand has 6 or 5 cards, not {len(dealt)}")
    return dealt


def _unknown_crib_triples(unseen_by_rank: list[int]) -> list[tuple[int, int]]:
    """Each rank multiset of three unseen cards, as its rank-count key
    (:data:`games.engine.scoring_tables.RANK_COUNT_KEY`), with how many card triples have those
    ranks."""
    triples = []
    for low, middle, high in combinations_with_replacement(range(1, 14), UNKNOWN_CRIB_CARDS):
        if low == high:
            weight = comb(unseen_by_rank[low], 3)
        elif low == middle:
            weight = comb(unseen_by_rank[low], 2) * unseen_by_rank[high]
        elif middle == high:
            weight = unseen_by_rank[low] * comb(unseen_by_rank[high], 2)
        else:
            weight = unseen_by_rank[low] * unseen_by_rank[middle] * unseen_by_rank[high]
        if weight:
            # The key summed in place: rank_count_key's generator cost 0.1 ms over 455 triples.
            triples.append(
                (RANK_COUNT_KEY[low] + RANK_COUNT_KEY[middle] + RANK_COUNT_KEY[high], weight)
            )
    return triples


def starter_draws(unseen_by_rank: list[int]) -> list[tuple[int, int]]:
    """The starter's ranks as draws for :func:`rank_sum_over_draws`: each unseen rank's key with
    how many unseen cards have it (also the many-seat throw's,
    :mod:`games.strategy.one_card_throw`)."""
    return [(RANK_COUNT_KEY[rank], count) for rank, count in enumerate(unseen_by_rank) if count]


def hand_suit_sum(keep: tuple[Card, ...], unseen_by_suit: dict[str, int]) -> int:
    """Flush and nobs points of the kept cards, summed over every unseen starter."""
    unseen = sum(unseen_by_suit.values())
    total = 0
    suit = keep[0].suit
    if all(card.suit == suit for card in keep):
        # Every starter gives the hand flush; a starter of the same suit adds one more.
        total += len(keep) * unseen + unseen_by_suit[suit]
    for card in keep:
        if card.rank == JACK:
            total += unseen_by_suit[card.suit]
    return total


def rank_sum_over_draws(ranks: tuple[int, ...], draws: list[tuple[int, int]]) -> int:
    """Fifteens + pairs + runs of ``ranks`` with each draw of unseen cards added, times how many
    card draws it stands for, summed: the hand over the starters, a crib over the other cards
    and the starter (also the many-seat throw's).

    ``draws`` are (rank-count key, count) pairs
    (:data:`games.engine.scoring_tables.RANK_COUNT_KEY`), so each show is found by adding two
    keys: sorting five ranks into a tuple for each of up to 1,820 draws was a tenth of the hard
    bot's self-play (benchmarks/discard_speed.py).
    """
    fill_rank_tables()
    points = POINTS_BY_RANK_COUNT_KEY
    key = rank_count_key(ranks)
    return sum([count * points[key + drawn] for drawn, count in draws])


def _crib_flush_count(discard: tuple[Card, ...], unseen_by_suit: dict[str, int]) -> int:
    """How many unseen triples complete a five-card crib flush with the two thrown cards."""
    first, second = discard
    if first.suit != second.suit:
        return 0
    return comb(unseen_by_suit[first.suit], UNKNOWN_CRIB_CARDS)


def _crib_nobs(
    discard: tuple[Card, ...], dealt: tuple[Card, ...], unseen_by_suit: dict[str, int], unseen: int
) -> float:
    """Expected nobs in the crib, from a thrown jack or one the opponent throws.

    A thrown jack scores when the starter, uniform over the unseen cards, shares its suit. An
    unseen jack scores when the opponent throws it (2 of the ``unseen`` places) and the starter
    is another unseen card of its suit: 2 * (suited - 1) / (unseen * (unseen - 1)).
    """
    expected = 0.0
    for card in discard:
        if card.rank == JACK:
            expected += unseen_by_suit[card.suit] / unseen
    held_jack_suits = {card.suit for card in dealt if card.rank == JACK}
    for suit in SUITS:
        if suit not in held_jack_suits:
            expected += 2 * (unseen_by_suit[suit] - 1) / (unseen * (unseen - 1))
    return expected
