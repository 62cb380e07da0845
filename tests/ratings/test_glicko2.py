"""The Glicko-2 module against Glickman's worked example, and its properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings import glicko2
from ratings.glicko2 import Rating, Result, aged, days_until_deviation, update

PAPER_RESULTS = [Result(1400, 30, 1.0), Result(1550, 100, 0.0), Result(1700, 300, 0.0)]


def test_it_reproduces_glickmans_worked_example():
    new = update(Rating(1500, 200, 0.06), PAPER_RESULTS, tau=0.5, bounds=None)
    # The paper rounds its intermediate steps and prints 1464.06, 151.52 and 0.05999.
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.005)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)  # 0.0599960 unrounded


def test_a_period_without_games_only_widens_the_deviation():
    new = update(Rating(1500, 200, 0.06), [], tau=0.5, bounds=None)
    assert new.rating == 1500
    assert new.volatility == 0.06
    # One period: sqrt(phi^2 + sigma^2) on Glicko-2's scale, as step 6 of the paper says.
    expected = math.sqrt((200 / glicko2.SCALE) ** 2 + 0.06**2) * glicko2.SCALE
    assert new.deviation == pytest.approx(expected)


def test_a_deviation_of_60_grows_to_110_in_a_year_away():
    assert aged(Rating(1700, 60, 0.06), 365).deviation == pytest.approx(110.0)
    assert days_until_deviation(Rating(1700, 60, 0.06), 110) == pytest.approx(365.0)
    assert days_until_deviation(Rating(1700, 120, 0.06), 110) is None


def test_the_deviation_stays_within_its_bounds():
    assert aged(Rating(1500, 300, 0.06), 10_000).deviation == glicko2.MAX_DEVIATION
    many_wins = [Result(1500, 45, 1.0), Result(1500, 45, 0.0)] * 200
    assert update(Rating(1500, 50, 0.06), many_wins).deviation == glicko2.MIN_DEVIATION


def test_a_new_rating_is_provisional_and_labelled_with_a_question_mark():
    assert Rating().label() == "1500?"
    assert Rating(1623.4, 80, 0.06).label() == "1623"


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        update(Rating(), [Result(1500, 100, 2.0)])
    with pytest.raises(ValueError):
        update(Rating(), [Result(1500, 0, 1.0)])
    with pytest.raises(ValueError):
        aged(Rating(), -1)


ratings = st.builds(
    Rating,
    st.floats(800, 2600),
    st.floats(glicko2.MIN_DEVIATION, glicko2.MAX_DEVIATION),
    st.floats(0.03, 0.09),
)
opponents = st.lists(
    st.tuples(st.floats(800, 2600), st.floats(glicko2.MIN_DEVIATION, glicko2.MAX_DEVIATION)),
    min_size=0,
    max_size=6,
)


@given(ratings, opponents)
def test_a_win_never_lowers_a_rating(player, others):
    assert update(player, [Result(r, d, 1.0) for r, d in others]).rating >= player.rating


@given(ratings, opponents)
def test_a_loss_never_raises_a_rating(player, others):
    assert update(player, [Result(r, d, 0.0) for r, d in others]).rating <= player.rating


@given(ratings, opponents, st.floats(800, 2600), st.floats(45, 350))
def test_winning_a_game_rates_higher_than_losing_it(player, others, rating, deviation):
    earlier = [Result(r, d, 0.5) for r, d in others]
    won = update(player, [*earlier, Result(rating, deviation, 1.0)])
    lost = update(player, [*earlier, Result(rating, deviation, 0.0)])
    assert won.rating > lost.rating


@given(st.floats(150, 350), st.integers(1, 20))
def test_the_deviation_shrinks_with_games(deviation, games):
    player = Rating(1500, deviation, 0.06)
    results = [Result(1500, 100, float(i % 2)) for i in range(games)]
    assert update(player, results).deviation < deviation


@given(ratings, st.floats(0.5, 3000))
def test_the_deviation_grows_with_time_away(player, days):
    later = aged(player, days)
    assert later.deviation >= player.deviation
    assert later.rating == player.rating
    assert aged(player, days * 2).deviation >= later.deviation
