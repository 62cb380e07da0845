"""Choosing a card in the play: the rules of thumb (medium) and the look at replies (hard)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots.pegging import play_points
from games.engine import MatchOptions, Play, parse_card, score_play, view
from games.engine.cards import DECK
from tests.engine.builders import play_in_turn, ready_to_play, with_scores

SIX = MatchOptions(match_target=1)


@st.composite
def piles(draw) -> tuple:
    cards = draw(st.permutations(DECK))
    pile, count = [], 0
    for card in cards[: draw(st.integers(1, 8))]:
        if count + card.value > 31:
            break
        pile.append(card)
        count += card.value
    return tuple(pile)


@given(piles())
@settings(max_examples=300, deadline=None)
def test_play_points_agrees_with_the_engines_play_scorer(pile):
    ranks = [card.rank for card in pile]
    assert play_points(ranks, sum(card.value for card in pile)) == score_play(pile).total


def test_play_points_counts_a_pair_royal_a_run_and_thirty_one():
    assert play_points([7, 7, 7], 21) == 6
    assert play_points([4, 2, 3], 9) == 3
    assert play_points([10, 10, 11, 1], 31) == 2


def bobs_turn_after(alice_leads: str, bob_keeps: str, alice_keeps: str = "AH 2H 3D 4S"):
    """Alice (pone) has led ``alice_leads``; it is bob's (the dealer's) turn."""
    state, _ = ready_to_play(
        SIX, dealer=1, pone_keeps=f"{alice_leads} {alice_keeps[3:]}", dealer_keeps=bob_keeps
    )
    state, _ = play_in_turn(state, alice_leads)
    return state


def test_both_thinking_levels_take_a_fifteen(bob, rng, medium_bot, hard_bot):
    state = bobs_turn_after("TH", "5D 9S 8C 7C")
    for bot in (medium_bot, hard_bot):
        assert bot.choose_action(view(state, bob), bob, rng) == Play(bob, parse_card("5D"))


def test_the_hard_bot_does_not_lead_a_five(alice, rng, hard_bot, medium_bot):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="5S 4H 9C KD", dealer_keeps="AH 2H 3D 4S")
    for bot in (medium_bot, hard_bot):
        action = bot.choose_action(view(state, alice), alice, rng)
        assert action.card != parse_card("5S")


def test_the_hard_bot_does_not_leave_twenty_one_for_a_ten_card(bob, rng, hard_bot):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="6D 3S AH 4H", dealer_keeps="TS 9D 2D 7S")
    state, _ = play_in_turn(state, "6D 2D 3S")
    # Count 11: the ten would leave 21, where any of the many ten-cards makes 31.
    action = hard_bot.choose_action(view(state, bob), bob, rng)
    assert action.card != parse_card("TS")


def test_the_hard_bot_takes_the_points_that_win_the_game(bob, rng, hard_bot):
    state = bobs_turn_after("7H", "7D KS QS 2D")
    # Pairing the seven scores 2 but risks a pair royal; at 119 of 121 the 2 win the game.
    state = with_scores(state, 100, 119)
    action = hard_bot.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("7D"))


# The medium bot's rules of thumb. Each position is one where, without the rule, its tie-break
# (the higher card) would choose differently.


def test_the_medium_bot_takes_a_run_over_a_higher_card_that_scores_nothing(bob, rng, medium_bot):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="4H 5S 9C AD", dealer_keeps="6C 7D KS 2S")
    state, _ = play_in_turn(state, "4H 6C 5S")  # count 15
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("7D"))  # 4-5-6-7: four points


def test_the_medium_bot_does_not_leave_twenty_one_for_a_ten_card(bob, rng, medium_bot):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="6D 3S AH 4H", dealer_keeps="TS 9D 2D 7S")
    state, _ = play_in_turn(state, "6D 2D 3S")  # count 11: the ten leaves 21, the nine 20
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("9D"))


def test_the_medium_bot_does_not_leave_five_for_a_ten_card(bob, rng, medium_bot):
    state = bobs_turn_after("AH", "4D 3C 3S 2D")  # count 1: the four leaves 5, a three 4
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action.card.rank == 3


def test_the_medium_bot_prefers_a_fifteen_to_a_pair_that_invites_a_pair_royal(bob, rng, medium_bot):
    state = bobs_turn_after("8H", "8D 7C KS AS")  # both score 2; two eights are still out
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("7C"))


def test_the_medium_bot_pairs_freely_when_no_third_card_of_the_rank_is_out(bob, rng, medium_bot):
    # The starter and bob's own hand hold the other eights: nobody can answer with a pair royal.
    state, _ = ready_to_play(
        SIX, dealer=1, pone_keeps="8H 3D 4D 6D", dealer_keeps="8D 8S 7C AS", starter="8C"
    )
    state, _ = play_in_turn(state, "8H")
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action.card.rank == 8
