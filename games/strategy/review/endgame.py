"""Near the end of a game the review grades a discard by the chance to win, not by points.

"Near the end": either seat needs at most :data:`NEAR_END` points (30 in the 121-point game,
20 in the 61-point game) when the cards are dealt. There three points that win are worth more
than ten that do not, and the order of counting decides races: the dealer's heels at the cut,
then the play, then the pone's hand, then the dealer's hand and crib.

For each discard the chance to win is averaged over every starter the seat has not seen (46,
or 47 in the five-card game), and over what else the seat cannot know, in the order of play:

- the dealer's heels, if the starter is a jack;
- the play: the points each seat pegs, drawn from how many points a seat in that role pegs in
  a hand (:data:`games.strategy.review.baselines.PEGGING_DISTRIBUTION`, measured in self-play);
  if both seats would reach the target in the play, who gets there first is taken as even;
- the hands in order, the pone's first: the seat's own hand is its exact count with the
  starter; the opponent's is drawn from the counts of hands in self-play
  (:data:`games.strategy.review.baselines.HAND_DISTRIBUTION`); the crib is its expected value
  for the seat's throw, corrected as the luck figures are
  (:data:`games.strategy.review.baselines.CRIB_OVER_EXPECTED`), rounded to a whole point.

The first to reach the target wins; if nobody does, the scores after the hand are looked up in
the engine's table of the chance to win from any scores with the deal passing
(:func:`games.strategy.win_probability.win_probability`). The play and the opponent's hand are
taken as independent of each other and of the seat's cards (a simplification: what the model
gets right is the order of counting and the target).

Grades by chance use their own thresholds, in percentage points of the chance to win lost
(:data:`WIN_THRESHOLDS`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis
from games.strategy.review.baselines import (
    CRIB_OVER_EXPECTED,
    HAND_DISTRIBUTION,
    PEGGING_DISTRIBUTION,
)
from games.strategy.win_probability import win_probability

NEAR_END = {"six": 30, "five": 20}
"""Either seat needing at most this many points at the deal makes the discard a race."""

WIN_BEST_MARGIN = 0.5
WIN_THRESHOLDS = {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}
"""Percentage points of the chance to win lost (a blunder gives away one game in ten)."""

JACK = 11
HEELS_POINTS = 2
EVEN = 0.5


def is_near_end(variant: str, target: int, scores: Sequence[int]) -> bool:
    """True when either of the two seats needs at most :data:`NEAR_END` points."""
    return min(target - score for score in scores) <= NEAR_END[variant]


def win_label(lost_points: float) -> str:
    """The label of a discard that lost ``lost_points`` percentage points of the chance to win."""
    if lost_points < WIN_BEST_MARGIN:
        return "best"
    if lost_points < WIN_THRESHOLDS["inaccuracy"]:
        return "good"
    if lost_points < WIN_THRESHOLDS["mistake"]:
        return "inaccuracy"
    if lost_points < WIN_THRESHOLDS["blunder"]:
        return "mistake"
    return "blunder"


def win_chance(
    result: DiscardAnalysis,
    dealt: Sequence[Card],
    *,
    own: int,
    theirs: int,
    variant: str,
    target: int,
) -> float:
    """The chance to win the game if the seat keeps ``result.keep`` (see the module)."""
    return _Race(variant, target, result.is_dealer).chance(result, dealt, own, theirs)


def win_chances(
    results: Sequence[DiscardAnalysis],
    dealt: Sequence[Card],
    *,
    own: int,
    theirs: int,
    variant: str,
    target: int,
) -> list[float]:
    """:func:`win_chance` of every discard in ``results``, sharing the work between them."""
    race = _Race(variant, target, results[0].is_dealer)
    return [race.chance(result, dealt, own, theirs) for result in results]


class _Race:
    """One seat's race to the target through one hand, with what it cannot see averaged."""

    def __init__(self, variant: str, target: int, dealer: bool) -> None:
        self.variant = variant
        self.target = target
        self.dealer = dealer
        self.own_play = _shares(PEGGING_DISTRIBUTION[(variant, dealer)])
        self.their_play = _shares(PEGGING_DISTRIBUTION[(variant, not dealer)])
        self.their_hand = _shares(HAND_DISTRIBUTION[(variant, not dealer)])
        self.crib_offset = CRIB_OVER_EXPECTED[(variant, dealer)]
        self._after_play: dict[tuple[int, int], float] = {}
        self._after_cuts: dict[tuple[int, int, int, int], float] = {}

    def chance(
        self, result: DiscardAnalysis, dealt: Sequence[Card], own: int, theirs: int
    ) -> float:
        crib = round(result.crib + self.crib_offset)
        groups: Counter[tuple[int, int]] = Counter()
        starters = [card for card in DECK if card not in dealt]
        for starter in starters:
            heels = HEELS_POINTS if self.dealer and starter.rank == JACK else 0
            groups[(show_total(result.keep, starter), heels)] += 1
        total = 0.0
        for (hand, heels), times in groups.items():
            total += times * self._after_cut(own + heels, theirs, hand, crib)
        # Shares are rounded to four places, so sums can stray past 1 by a rounding error.
        return min(1.0, max(0.0, total / len(starters)))

    def _after_cut(self, own: int, theirs: int, hand: int, crib: int) -> float:
        """The chance once the starter is known; discards share it (hands repeat a lot)."""
        if self.dealer:
            # The dealer's hand and crib are counted together: only their sum matters.
            hand, crib = hand + crib, 0
        key = (own, theirs, hand, crib)
        cached = self._after_cuts.get(key)
        if cached is None:
            cached = self._after_cuts[key] = self._race_after_cut(own, theirs, hand, crib)
        return cached

    def _race_after_cut(self, own: int, theirs: int, hand: int, crib: int) -> float:
        target = self.target
        if own >= target:
            return 1.0
        chance = 0.0
        for own_points, own_share in self.own_play:
            mine = own + own_points
            for their_points, their_share in self.their_play:
                other = theirs + their_points
                if mine >= target:
                    value = EVEN if other >= target else 1.0
                elif other >= target:
                    value = 0.0
                elif self.dealer:
                    value = self._shows(mine + hand + crib, other)
                elif mine + hand >= target:
                    value = 1.0
                else:
                    value = self._shows(mine + hand, other + crib)
                chance += own_share * their_share * value
        return chance

    def _shows(self, mine: int, other: int) -> float:
        """After the play and the seat's own count (``mine``), the opponent's count decides."""
        key = (mine, other)
        cached = self._after_play.get(key)
        if cached is not None:
            return cached
        target = self.target
        top = target - 1
        chance = 0.0
        for points, share in self.their_hand:
            theirs = other + points
            if self.dealer:
                # The pone counts first: its hand ends the game before the dealer's count.
                if theirs >= target:
                    continue
                if mine >= target:
                    chance += share
                    continue
            elif theirs >= target:
                continue
            chance += share * win_probability(
                min(top, mine), min(top, theirs), is_dealer=not self.dealer, variant=self.variant
            )
        self._after_play[key] = chance
        return chance


def _shares(distribution: Sequence[float]) -> list[tuple[int, float]]:
    """(points, share) for every number of points with a share, the shares summing to 1."""
    total = sum(distribution)
    return [(points, share / total) for points, share in enumerate(distribution) if share]
