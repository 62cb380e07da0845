"""analyze_throw (three and four players): exact hand and crib averages, against brute force.

The brute force shares nothing with the analysis but the scorer: on a small deck of unseen
cards it deals every set of the crib's unknown cards, each of them in turn as the starter, and
scores every show card by card. On the full deck, a few throws are checked the same way.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import isclose

import pytest

from games.engine.cards import DECK, parse_cards
from games.engine.errors import IllegalAction
from games.engine.scoring import show_total
from games.strategy.one_card_throw import analyze_throw


def brute_force(keep, discard, pool) -> tuple[Fraction, Fraction]:
    """The hand's average over every starter in ``pool``; the crib's over every draw of its
    unknown cards from ``pool`` with every one of them as the starter."""
    hand = Fraction(sum(show_total(keep, starter) for starter in pool), len(pool))
    unknown = 5 - len(discard)
    total = 0
    draws = 0
    for drawn in combinations(pool, unknown):
        for starter in drawn:
            others = tuple(card for card in drawn if card != starter)
            total += show_total((*discard, *others), starter, crib=True)
            draws += 1
    return hand, Fraction(total, draws)


def assert_equal_to_brute_force(dealt, pool, crib_weight=1.0) -> None:
    results = analyze_throw(dealt, crib_weight=crib_weight, unseen=pool)
    assert len(results) == len(list(combinations(dealt, 4)))
    for result in results:
        hand, crib = brute_force(result.keep, result.discard, pool)
        assert isclose(result.hand, float(hand), abs_tol=1e-9), result
        assert isclose(result.crib, float(crib), abs_tol=1e-9), result
        assert isclose(result.total, result.hand + crib_weight * result.crib, abs_tol=1e-9)


def small_pool(rng: random.Random, dealt, size: int) -> list:
    """``size`` unseen cards, rich in jacks, fives and one suit so flushes and nobs occur."""
    rest = [card for card in DECK if card not in dealt]
    favoured = [card for card in rest if card.rank in (5, 10, 11) or card.suit == "H"]
    others = [card for card in rest if card not in favoured]
    chosen = rng.sample(favoured, min(len(favoured), size * 2 // 3))
    return chosen + rng.sample(others, size - len(chosen))


@pytest.mark.parametrize("seed", range(12))
def test_every_one_card_throw_equals_the_brute_force_on_small_decks(seed):
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 5)
    assert_equal_to_brute_force(
        dealt, small_pool(rng, dealt, 14), crib_weight=rng.choice((1, -0.5))
    )


@pytest.mark.parametrize("seed", range(6))
def test_the_six_card_dealers_two_card_throw_equals_the_brute_force(seed):
    rng = random.Random(100 + seed)
    dealt = rng.sample(DECK, 6)
    assert_equal_to_brute_force(dealt, small_pool(rng, dealt, 13))


def test_flush_and_nobs_are_counted_in_the_crib():
    # Thrown jack of hearts with only hearts unseen: every crib is a flush with nobs.
    dealt = parse_cards("JH 2C 4D 6S 8C")
    pool = parse_cards("AH 3H 7H 9H QH KH")
    assert_equal_to_brute_force(dealt, pool)
    throw_jack = next(
        result
        for result in analyze_throw(dealt, crib_weight=1, unseen=pool)
        if result.discard == parse_cards("JH")
    )
    _, crib = brute_force(throw_jack.keep, throw_jack.discard, pool)
    assert crib >= 5 + 1


def test_on_the_full_deck_the_hand_is_the_average_over_every_starter():
    dealt = parse_cards("5H JH 6D 9C KS")
    pool = [card for card in DECK if card not in dealt]
    for result in analyze_throw(dealt, crib_weight=-1):
        average = sum(show_total(result.keep, starter) for starter in pool) / len(pool)
        assert isclose(result.hand, average, abs_tol=1e-9)
    # The crib's brute force over the 47 unseen cards is slow: check it on the first 24.
    assert_equal_to_brute_force(dealt, pool[:24], crib_weight=-1)


def test_keeping_the_five_and_the_jack_beats_throwing_them_to_an_opponent():
    ranked = analyze_throw(parse_cards("5H 5D JS QC 2H"), crib_weight=-1)
    assert ranked[0].discard == parse_cards("2H")
    assert ranked[-1].discard in (parse_cards("5H"), parse_cards("5D"))


@pytest.mark.parametrize("cards", ["5H 5D JS QC", "5H 5D JS QC 2H 3H 4H", "5H 5H JS QC 2H"])
def test_it_refuses_anything_but_five_or_six_different_cards(cards):
    with pytest.raises(IllegalAction):
        analyze_throw(parse_cards(cards), crib_weight=1)
