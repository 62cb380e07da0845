"""The win-probability and kept-cards pegging tables: they load, answer everything, make sense."""

from __future__ import annotations

import pytest

from games.engine.cards import parse_cards
from games.strategy.keep_pegging import keep_pegging
from games.strategy.win_probability import BadScores, pone_wins, win_probability


@pytest.mark.parametrize("variant,target", [("six", 121), ("five", 61)])
def test_every_pair_of_scores_answers_and_is_monotone_in_each(variant, target):
    for is_dealer in (True, False):
        for own in range(target):
            row = [
                win_probability(own, theirs, is_dealer=is_dealer, variant=variant)
                for theirs in range(target)
            ]
            assert all(0.0 <= chance <= 1.0 for chance in row)
            # More points for the opponent never help.
            assert all(a >= b for a, b in zip(row, row[1:], strict=False)), (own, is_dealer)
        for theirs in range(target):
            column = [
                win_probability(own, theirs, is_dealer=is_dealer, variant=variant)
                for own in range(target)
            ]
            assert all(a <= b for a, b in zip(column, column[1:], strict=False))


@pytest.mark.parametrize("variant,target", [("six", 121), ("five", 61)])
def test_the_target_is_a_sure_win_and_the_sides_add_up(variant, target):
    for theirs in range(target):
        for is_dealer in (True, False):
            assert win_probability(target, theirs, is_dealer=is_dealer, variant=variant) == 1.0
            assert win_probability(theirs, target, is_dealer=is_dealer, variant=variant) == 0.0
    for own in range(0, target, 7):
        for theirs in range(0, target, 5):
            mine = win_probability(own, theirs, is_dealer=True, variant=variant)
            other = win_probability(theirs, own, is_dealer=False, variant=variant)
            assert mine + other == pytest.approx(1.0)


def test_at_the_start_the_first_dealer_is_the_favourite():
    assert 0.5 < win_probability(0, 0, is_dealer=True) < 0.62
    assert 0.5 < win_probability(0, 0, is_dealer=True, variant="five") < 0.65


@pytest.mark.parametrize(
    "args,kwargs",
    [((1, 2), {"variant": "seven"}), ((-1, 2), {}), ((1.5, 2), {}), ((True, 2), {})],
)
def test_bad_scores_are_refused(args, kwargs):
    with pytest.raises(BadScores):
        pone_wins(*args, **kwargs)


def test_the_kept_cards_table_covers_every_keep_and_refuses_other_sizes():
    for text in ("5H 5S 5D 5C", "AH 2H 3H", "KS KD QH JC"):
        for is_dealer in (True, False):
            assert -10 < keep_pegging(parse_cards(text), is_dealer=is_dealer) < 10
    with pytest.raises(ValueError):
        keep_pegging(parse_cards("AH 2H"), is_dealer=True)
