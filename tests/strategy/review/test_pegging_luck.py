"""Pegging luck is what the player did not choose, never its skill (docs/review.md, "Luck").

A statistical check over many seeded matches (fixed seeds: it is deterministic), not a timed
one. Per hand, a seat's pegging luck has a spread of about 2.5 points, so over 8 matches (some
70 hands a seat) the mean's standard error is about 0.3. The bound, 1 point a hand, is over
three standard errors, room for chance and for the small bias of the grade's own model of the
opponent (the hard players' means here are about +0.4). The old measure ("points pegged less
the role's average") fails it: it gave the player who lays the card the review values least
-1.53 points a hand of "bad luck" over these seeds (the new measure: +0.02), though that weak
play is already counted in its play grades.
"""

from __future__ import annotations

import statistics

import pytest

from games.engine import MatchOptions, Play
from games.strategy.review import analyze_match
from games.strategy.review.pegging import graded_play_values, has_real_choice
from tests.strategy.review.matches import bot_match

pytestmark = pytest.mark.slow

SIX = MatchOptions(match_target=1)
MATCHES = 8
BOUND = 1.0


def worst_card(state, play: Play) -> Play:
    """Seat 0 lays the card the review values least, whenever it has a choice."""
    playable = [card for card in state.held[0] if state.count + card.value <= 31]
    if play.seat != 0 or not has_real_choice(playable):
        return play
    values, _ = graded_play_values(state, 0, to_win=False)
    return Play(0, min(values, key=values.__getitem__))


def reviews(plays=None):
    return [analyze_match(SIX, bot_match(SIX, 500 + seed, plays=plays)) for seed in range(MATCHES)]


def pegging_luck(matches, seat: int) -> list[float]:
    return [hand["luck"][str(seat)]["pegging"] for review in matches for hand in review["hands"]]


@pytest.fixture(scope="module")
def best_players():
    return reviews()


@pytest.fixture(scope="module")
def weak_player():
    return reviews(worst_card)


def test_players_who_choose_the_best_play_have_pegging_luck_near_zero(best_players):
    for seat in (0, 1):
        luck = pegging_luck(best_players, seat)
        assert len(luck) > 40
        assert abs(statistics.mean(luck)) < BOUND


def test_weak_play_is_counted_in_the_grades_not_as_bad_luck(weak_player):
    luck = pegging_luck(weak_player, 0)
    assert len(luck) > 40
    assert abs(statistics.mean(luck)) < BOUND
    # The weak play is not lost: the play grades count it.
    lost = sum(review["players"]["0"]["play_lost"] for review in weak_player)
    best_lost = sum(review["players"]["1"]["play_lost"] for review in weak_player)
    assert lost > 3 * best_lost and lost / len(luck) > 1.0


def test_a_seat_without_a_choice_has_no_pegging_luck(best_players):
    for review in best_players:
        for hand in review["hands"]:
            for seat in (0, 1):
                chose = [p for p in hand["plays"] if p["seat"] == seat]
                if not chose:
                    assert hand["luck"][str(seat)]["pegging"] == 0.0
