"""The three-player win-probability table: what its script makes, monotone, consistent, and
the point weights the expert takes from it."""

from __future__ import annotations

import json
import random

import pytest

from games.strategy import win_probability_three as three
from games.strategy.win_probability_three import (
    HEELS,
    PLAY,
    PONE_SHOW,
    TARGET,
    BadScores,
    decode_outcomes,
    point_weights,
    three_player_chances,
)
from tests.strategy.bot_tables_script import load_script


def test_the_stored_hands_are_what_the_script_plays():
    """Each hand has its own seeds: replay a few, first and last, and find them as stored."""
    stored = json.loads(three.DATA_FILE.read_text())
    outcomes = decode_outcomes(stored["outcomes"])
    assert len(outcomes) == stored["hands"] >= 10000
    assert stored["fields"] == list(three.OUTCOME_FIELDS)
    script = load_script()
    for index in (0, 1, 2, stored["hands"] - 1):
        assert script.three_player_hand(index, stored["seed"]) == outcomes[index], index


def test_the_hands_look_like_three_player_cribbage():
    """Averages a person can check: a crib of four cards scores about as a hand, heels come
    with one starter in thirteen, the dealer lays the last card of the first count most often."""
    outcomes = decode_outcomes(json.loads(three.DATA_FILE.read_text())["outcomes"])
    count = len(outcomes)

    def mean(index):
        return sum(outcome[index] for outcome in outcomes) / count

    assert 2 / 13 - 0.02 < mean(0) < 2 / 13 + 0.02
    for show in (4, 5, 6):
        assert 5.5 < mean(show) < 8.0
    assert 3.5 < mean(7) < 6.0
    assert all(0 <= value <= 29 for outcome in outcomes for value in outcome[4:7])


def rotate(values, by):
    return tuple(values[(seat - by) % 3] for seat in range(3))


@pytest.mark.parametrize("stage", [HEELS, PLAY, PONE_SHOW])
def test_the_chances_sum_to_one_and_turn_with_the_seats(stage):
    rng = random.Random(stage)
    for _ in range(150):
        scores = tuple(rng.randrange(TARGET) for _ in range(3))
        dealer = rng.randrange(3)
        chances = three_player_chances(scores, dealer=dealer, stage=stage)
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert sum(chances) == pytest.approx(1.0)
        for by in (1, 2):
            turned = three_player_chances(rotate(scores, by), dealer=(dealer + by) % 3, stage=stage)
            assert turned == pytest.approx(rotate(chances, by))


def test_a_point_never_hurts_its_seat_nor_helps_another():
    """Along every score of one seat in each role, the others' fixed at a grid of scores: its
    chance never falls, each other seat's never rises (the chances are made to 1e-9)."""
    dealer = 0
    for mover in range(3):
        for a in range(0, TARGET, 20):
            for b in range(0, TARGET, 20):
                previous = None
                for score in range(TARGET + 1):
                    others = iter((a, b))
                    scores = tuple(score if seat == mover else next(others) for seat in range(3))
                    chances = three_player_chances(scores, dealer=dealer)
                    if previous is not None:
                        assert chances[mover] >= previous[mover] - 1e-9, scores
                        for seat in range(3):
                            if seat != mover:
                                assert chances[seat] <= previous[seat] + 1e-9, scores
                    previous = chances


def test_the_stages_of_a_hand_agree():
    """Before the cut equals the dealer's heels (two for a jack) averaged over the chance of
    them, then the play: the same race told from two points of the hand."""
    heels = dict(three._stage_points()[three.DEALER][HEELS])
    rng = random.Random(5)
    for _ in range(60):
        scores = [rng.randrange(60, TARGET) for _ in range(3)]
        dealer = rng.randrange(3)
        before = three_player_chances(scores, dealer=dealer, stage=HEELS)
        averaged = [0.0, 0.0, 0.0]
        for points, chance in heels.items():
            after = list(scores)
            after[dealer] = min(after[dealer] + points, TARGET)
            for seat, value in enumerate(three_player_chances(after, dealer=dealer, stage=PLAY)):
                averaged[seat] += chance * value
        assert before == pytest.approx(averaged, abs=1e-6)


def test_the_target_decides_and_the_first_dealer_is_favoured():
    assert three_player_chances((121, 120, 0), dealer=1) == (1.0, 0.0, 0.0)
    assert three_player_chances((3, 125, 120), dealer=0) == (0.0, 1.0, 0.0)
    chances = three_player_chances((0, 0, 0), dealer=2)
    assert chances[2] > max(chances[0], chances[1])
    assert min(chances) > 0.25 and max(chances) < 0.45
    # One point from home, a seat that shows first is nearly sure to win.
    assert three_player_chances((120, 100, 100), dealer=2, stage=PONE_SHOW)[0] > 0.9


@pytest.mark.parametrize(
    "scores, kwargs",
    [
        ((1, 2), {}),
        ((1, -2, 3), {}),
        ((1.5, 2, 3), {}),
        ((True, 2, 3), {}),
        ((1, 2, 3), {"dealer": 3}),
    ],
)
def test_bad_scores_are_refused(scores, kwargs):
    with pytest.raises(BadScores):
        three_player_chances(scores, **{"dealer": 0, **kwargs})


def test_the_point_weights_say_who_leads():
    """At 0 to 0 an opponent's point costs about half one's own; a leader's point costs more
    than the last player's; getting home is worth the chance not yet held, losing the chance
    held, in one's own points."""
    points, home = point_weights((0, 0, 0), dealer=2, seat=0)
    assert points[0] == 1.0
    assert all(-0.9 < weight < -0.2 for weight in points[1:])
    points, home = point_weights((80, 105, 60), dealer=2, seat=0)
    assert points[1] < points[2] < 0
    base = three_player_chances((80, 105, 60), dealer=2, stage=PLAY)[0]
    assert home[0] > 0 > home[1] == home[2]
    assert home[0] / -home[1] == pytest.approx((1 - base) / base)
