"""Choosing a level, and what a bot refuses to act on."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, BadView, bot_for_level
from games.engine import Discard, IllegalAction, MatchOptions, apply, parse_cards, view
from tests.engine.builders import dealt

SIX = MatchOptions(match_target=1)


def a_fresh_deal():
    return dealt(
        SIX, dealer=0, pone="5H 5D 5S JC 2H 9S", dealer_cards="AC 3D 7H 8C QS KH", starter="4C"
    )


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_builds_a_bot_that_discards_from_a_deal(level, bob):
    bot = bot_for_level(level, random.Random(1))
    assert bot.level == level
    action = bot.choose_action(view(a_fresh_deal(), bob), bob)
    assert action.seat == bob and len(action.cards) == 2


@pytest.mark.parametrize("level", ["grandmaster", "", None, 3])
def test_it_rejects_an_unknown_level(level):
    with pytest.raises(IllegalAction) as raised:
        bot_for_level(level)
    assert raised.value.code == "bad_level"


def test_it_refuses_a_spectators_view(bob, rng, hard_bot):
    with pytest.raises(BadView):
        hard_bot.choose_action(view(a_fresh_deal(), None), bob, rng)


def test_it_refuses_to_act_for_a_seat_on_anothers_view(alice, bob, rng, hard_bot):
    with pytest.raises(BadView) as raised:
        hard_bot.choose_action(view(a_fresh_deal(), alice), bob, rng)
    assert raised.value.code == "bad_view"


def test_it_refuses_something_that_is_not_a_view(bob, rng, hard_bot):
    with pytest.raises(BadView):
        hard_bot.choose_action({"viewer": 1}, bob, rng)
    with pytest.raises(BadView):
        hard_bot.choose_action("view", bob, rng)


def test_it_needs_a_random_generator(bob):
    with pytest.raises(BadView):
        bot_for_level("easy").choose_action(view(a_fresh_deal(), bob), bob)


def test_a_bot_with_nothing_to_do_returns_none(alice, bob, rng, hard_bot):
    state, _ = apply(a_fresh_deal(), Discard(bob, parse_cards("2H 9S")))
    assert hard_bot.choose_action(view(state, bob), bob, rng) is None


def test_the_same_view_and_seed_give_the_same_action(bob):
    state = a_fresh_deal()
    for level in LEVELS:
        bot = bot_for_level(level)
        first = bot.choose_action(view(state, bob), bob, random.Random(5))
        again = bot.choose_action(view(state, bob), bob, random.Random(5))
        assert first == again
