"""The counter's itemising is the show's, and practice deals by difficulty."""

from __future__ import annotations

import random

import pytest

from games.engine.cards import parse_card, parse_cards
from games.engine.scoring import score_show
from learn.counting import LEVEL_BANDS, Marking, count_hand, difficulty, practice_deal


def test_the_counter_lists_exactly_the_shows_items():
    hand, starter = parse_cards("4H 5D 5S 6C"), parse_card("6H")
    count = count_hand(hand, starter)
    assert count.breakdown == score_show(hand, starter)
    assert count.total == 24  # a double double run: 16 in runs, 4 fifteens, two pairs
    assert count.points_by_kind() == {"fifteen": 8, "pair": 4, "run": 12, "flush": 0, "nobs": 0}


def test_a_crib_flush_needs_the_starter_and_a_hand_flush_does_not():
    hand = parse_cards("2H 4H 8H QH")
    assert count_hand(hand, parse_card("KS"), crib=False).points_by_kind()["flush"] == 4
    assert count_hand(hand, parse_card("KS"), crib=True).points_by_kind()["flush"] == 0
    assert count_hand(hand, parse_card("KH"), crib=True).points_by_kind()["flush"] == 5


def test_double_runs_and_many_fifteens_are_harder_than_a_plain_hand():
    plain = count_hand(parse_cards("2H 7D 9S KC"), parse_card("4H"))
    double_run = count_hand(parse_cards("4H 5D 5S 6C"), parse_card("6H"))
    assert difficulty(double_run) > difficulty(plain) + 4


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_practice_deals_hands_of_the_level_asked(level):
    rng = random.Random(level)
    low, high = LEVEL_BANDS[level]
    for _ in range(20):
        assert low <= difficulty(practice_deal(level, rng)) <= high


def test_level_five_deals_the_hardest_hands_it_draws():
    rng = random.Random(5)
    steps = [difficulty(practice_deal(5, rng)) for _ in range(10)]
    assert min(steps) >= LEVEL_BANDS[4][0]


def test_a_marking_names_what_was_missed_and_what_was_over_counted():
    count = count_hand(parse_cards("5H 5D JS QC"), parse_card("2C"))  # 4 fifteens x2 + pair
    truth = count.points_by_kind()
    assert truth == {"fifteen": 8, "pair": 2, "run": 0, "flush": 0, "nobs": 0}
    marking = Marking(count, {"fifteen": 6, "pair": 2, "run": 3, "flush": 0, "nobs": 0})
    assert not marking.correct
    assert marking.missed() == {"fifteen": 2}
    assert marking.over() == {"run": 3}
    assert Marking(count, truth).correct
