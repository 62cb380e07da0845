"""The hand counter and counting practice: what a hand scores, item by item, and how hard it is.

The itemising is the engine's (:func:`games.engine.scoring.score_show`, the same the show uses at
the table), so the counter can never disagree with a match. This module adds what learning
needs: the points grouped by kind (what a player is asked for in practice), and a difficulty
for a hand, so practice deals harder hands as a player gets them right.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.engine.cards import DECK, Card
from games.engine.scoring import ScoreBreakdown, score_show

KINDS = ("fifteen", "pair", "run", "flush", "nobs")
"""What a count is made of, in the order people count them (and the engine lists them)."""

KIND_NAMES = {
    "fifteen": "Fifteens",
    "pair": "Pairs",
    "run": "Runs",
    "flush": "Flush",
    "nobs": "His nobs",
}

LEVELS = 5
"""Practice's difficulty steps: 1 deals plain hands, 5 double runs, many fifteens, crib flushes."""

LEVEL_BANDS = {1: (0, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8), 5: (9, 99)}
"""The difficulty (see :func:`difficulty`) a practice hand of each level has."""


@dataclass(frozen=True, slots=True)
class Count:
    """A hand (or crib) with its starter, counted: the engine's items and their totals by kind."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    breakdown: ScoreBreakdown

    @property
    def total(self) -> int:
        return self.breakdown.total

    def points_by_kind(self) -> dict[str, int]:
        """``{"fifteen": 6, "pair": 2, "run": 0, ...}``: every kind, zero where none scored."""
        points = dict.fromkeys(KINDS, 0)
        for item in self.breakdown.items:
            points[item.kind] += item.points
        return points

    def to_dict(self) -> dict[str, Any]:
        """The JSON the counter's page reads to light each item's cards in turn."""
        return {
            "hand": [str(card) for card in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            "items": [item.to_dict() for item in self.breakdown.items],
            "by_kind": self.points_by_kind(),
        }


def count_hand(hand: tuple[Card, ...], starter: Card, *, crib: bool = False) -> Count:
    """Count ``hand`` with ``starter`` as the show does.

    >>> from games.engine.cards import parse_cards
    >>> count = count_hand(parse_cards("5H 5D 5S JC"), parse_cards("5C")[0])
    >>> count.total, count.points_by_kind()["fifteen"], count.points_by_kind()["nobs"]
    (29, 16, 1)
    """
    return Count(hand, starter, crib, score_show(hand, starter, crib=crib))


def difficulty(count: Count) -> int:
    """How hard a hand is to count right: one step per item, two more for each trap.

    The traps are the ones players miss most: a double (or double double) run, four or more
    fifteens, and a flush in the crib (which needs the starter's suit too).
    """
    items = count.breakdown.items
    fifteens = sum(1 for item in items if item.kind == "fifteen")
    runs = sum(1 for item in items if item.kind == "run")
    flush = any(item.kind == "flush" for item in items)
    steps = len(items)
    if runs > 1:
        steps += 2
    if fifteens >= 4:
        steps += 2
    if count.crib and flush:
        steps += 2
    return steps


def practice_deal(level: int, rng: random.Random, *, tries: int = 400) -> Count:
    """A hand (a crib one time in three from level 3) whose difficulty fits ``level``.

    Random deals are drawn until one fits the level's band; hands of level 5 are rare enough
    that after ``tries`` the hardest drawn is dealt instead.
    """
    low, high = LEVEL_BANDS[max(1, min(LEVELS, level))]
    hardest: Count | None = None
    for _ in range(tries):
        cards = rng.sample(DECK, 5)
        crib = level >= 3 and rng.random() < 1 / 3
        if crib and level >= 5 and rng.random() < 0.5:
            suit = cards[0].suit  # crib flushes are rare in a random deal: lay one on purpose
            same = [card for card in DECK if card.suit == suit]
            cards = rng.sample(same, 5)
        count = count_hand(tuple(cards[:4]), cards[4], crib=crib)
        steps = difficulty(count)
        if low <= steps <= high:
            return count
        if hardest is None or steps > difficulty(hardest):
            hardest = count
    assert hardest is not None
    return hardest


@dataclass(frozen=True, slots=True)
class Marking:
    """A practice answer compared with the count: what was missed and what was over-counted."""

    count: Count
    answered: dict[str, int]

    @property
    def correct(self) -> bool:
        return self.answered == self.count.points_by_kind()

    @property
    def answered_total(self) -> int:
        return sum(self.answered.values())

    def missed(self) -> dict[str, int]:
        """Points of each kind the player left out."""
        truth = self.count.points_by_kind()
        return {
            kind: truth[kind] - self.answered[kind]
            for kind in KINDS
            if truth[kind] > self.answered[kind]
        }

    def over(self) -> dict[str, int]:
        """Points of each kind the player claimed that are not there."""
        truth = self.count.points_by_kind()
        return {
            kind: self.answered[kind] - truth[kind]
            for kind in KINDS
            if self.answered[kind] > truth[kind]
        }
