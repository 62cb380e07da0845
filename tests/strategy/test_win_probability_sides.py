"""The partnership win-probability table: what its script makes, monotone, consistent, and
the order in which the sides count."""

from __future__ import annotations

import json
import random

import pytest

from games.strategy import win_probability_sides as sides
from games.strategy.win_probability_sides import (
    DEALING,
    FIRST_SHOW,
    HEELS,
    PLAY,
    TARGET,
    BadScores,
    decode_outcomes,
    side_chances,
)
from tests.strategy.bot_tables_script import load_script


def test_the_stored_hands_are_what_the_script_plays():
    """Each hand has its own seeds: replay a few, first and last, and find them as stored."""
    stored = json.loads(sides.DATA_FILE.read_text())
    outcomes = decode_outcomes(stored["outcomes"])
    assert len(outcomes) == stored["hands"] >= 10000
    assert stored["fields"] == list(sides.OUTCOME_FIELDS)
    script = load_script()
    for index in (0, 1, 2, stored["hands"] - 1):
        assert script.partnership_hand(index, stored["seed"]) == outcomes[index], index


def test_the_hands_look_like_partnership_cribbage():
    """Averages a person can check: heels with one starter in thirteen, four-card hands and a
    crib of four single throws, and the play's points shared by the two sides."""
    outcomes = decode_outcomes(json.loads(sides.DATA_FILE.read_text())["outcomes"])
    count = len(outcomes)

    def mean(index):
        return sum(outcome[index] for outcome in outcomes) / count

    assert 2 / 13 - 0.02 < mean(0) < 2 / 13 + 0.02
    for show in (3, 4, 5, 6):
        assert 4.0 < mean(show) < 7.5
    assert 3.0 < mean(7) < 5.5
    assert 2.0 < mean(1) < 8.0 and 2.0 < mean(2) < 8.0
    assert all(0 <= value <= 29 for outcome in outcomes for value in outcome[3:8])
    assert sides.crib_mean() == pytest.approx(mean(7))


@pytest.mark.parametrize("stage", [HEELS, PLAY, FIRST_SHOW])
def test_the_chances_sum_to_one_and_turn_with_the_sides(stage):
    rng = random.Random(stage)
    for _ in range(150):
        scores = (rng.randrange(TARGET), rng.randrange(TARGET))
        dealing = rng.randrange(2)
        chances = side_chances(scores, dealing=dealing, stage=stage)
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert sum(chances) == pytest.approx(1.0)
        swapped = side_chances(scores[::-1], dealing=1 - dealing, stage=stage)
        assert swapped == pytest.approx(chances[::-1])


def test_a_point_never_hurts_its_side():
    """Along every score of one side, in each role, the other's fixed at a grid of scores: its
    chance never falls (made to 1e-9)."""
    for dealing in (0, 1):
        for mover in (0, 1):
            for other in range(0, TARGET, 10):
                previous = None
                for score in range(TARGET + 1):
                    scores = (score, other) if mover == 0 else (other, score)
                    chance = side_chances(scores, dealing=dealing)[mover]
                    if previous is not None:
                        assert chance >= previous - 1e-9, (scores, dealing)
                    previous = chance


def test_the_stages_of_a_hand_agree():
    """Before the cut equals the dealer's heels averaged over the chance of them, then the
    play: the same race told from two points of the hand."""
    heels = dict(sides._stage_points()[DEALING][HEELS])
    rng = random.Random(5)
    for _ in range(60):
        scores = [rng.randrange(60, TARGET), rng.randrange(60, TARGET)]
        dealing = rng.randrange(2)
        before = side_chances(scores, dealing=dealing, stage=HEELS)
        averaged = [0.0, 0.0]
        for points, chance in heels.items():
            after = list(scores)
            after[dealing] = min(after[dealing] + points, TARGET)
            for side, value in enumerate(side_chances(after, dealing=dealing, stage=PLAY)):
                averaged[side] += chance * value
        assert before == pytest.approx(averaged, abs=1e-6)


def test_the_target_decides_and_the_counting_order_tells():
    assert side_chances((121, 120), dealing=1) == (1.0, 0.0)
    assert side_chances((3, 125), dealing=0) == (0.0, 1.0)
    # From 0 to 0 the first dealing side gains a little: it has the first crib.
    first = side_chances((0, 0), dealing=0)[0]
    assert 0.5 < first < 0.6
    # Both sides two from home after the play: the side that counts first nearly always wins;
    # four from home, still most often.
    assert side_chances((119, 119), dealing=0, stage=FIRST_SHOW)[1] > 0.9
    assert side_chances((119, 119), dealing=1, stage=FIRST_SHOW)[0] > 0.9
    assert side_chances((117, 117), dealing=0, stage=FIRST_SHOW)[1] > 0.8


@pytest.mark.parametrize(
    "scores, kwargs",
    [
        ((1,), {}),
        ((1, 2, 3), {}),
        ((1, -2), {}),
        ((1.5, 2), {}),
        ((True, 2), {}),
        ((1, 2), {"dealing": 2}),
        ((1, 2), {"stage": 6}),
    ],
)
def test_bad_scores_are_refused(scores, kwargs):
    with pytest.raises(BadScores):
        side_chances(scores, **{"dealing": 0, **kwargs})
