"""The play: turns, the count to 31, go, last card, resets and the end of the play."""

from __future__ import annotations

import pytest

from games.engine import (
    IllegalAction,
    MatchOptions,
    Play,
    apply,
    legal_actions,
    parse_card,
    parse_cards,
)
from tests.engine.builders import only, play_in_turn, ready_to_play, types

SIX = MatchOptions()
FIVE = MatchOptions(variant="five")


def test_the_first_worked_example_pegs_ten_for_the_pone_and_seven_for_the_dealer(alice, bob):
    # Dealer 7 9 T J, pone 6 8 9 9; plays 8 7 6 J 9 9 9, go, T.
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="6S 8S 9S 9H", dealer_keeps="7D 9D TD JD"
    )
    assert state.turn == bob  # the pone leads
    state, events = play_in_turn(state, "8S 7D 6S JD 9S 9D 9H TD")

    pegged_in_the_play = only(events, "go_scored")[-1]["scores"]
    assert pegged_in_the_play[bob] == 3 + 6 + 1
    assert pegged_in_the_play[alice] == 2 + 2 + 2 + 1
    points = [(e["seat"], e["points"]) for e in only(events, "card_played")]
    assert points == [
        (bob, 0),
        (alice, 2),
        (bob, 3),
        (alice, 2),
        (bob, 0),
        (alice, 2),
        (bob, 6),
        (alice, 0),
    ]
    assert only(events, "go") == [{"seat": alice}]
    go_points = [(e["seat"], e["points"], e["last"]) for e in only(events, "go_scored")]
    assert go_points == [(bob, 1, False), (alice, 1, True)]


def test_the_second_worked_example_pegs_three_for_the_pone_and_five_for_the_dealer(alice, bob):
    # Dealer A A 2 5, pone 3 3 4 Q; plays 4 2 3 5 Q A 3 A.
    state, _ = ready_to_play(SIX, dealer=bob, pone_keeps="3S 3H 4S QS", dealer_keeps="AD AC 2D 5D")
    state, events = play_in_turn(state, "4S 2D 3S 5D QS AD 3H AC")

    pegged_in_the_play = only(events, "go_scored")[-1]["scores"]
    assert pegged_in_the_play[alice] == 3
    assert pegged_in_the_play[bob] == 4 + 1
    assert [e["count"] for e in only(events, "card_played")] == [4, 6, 9, 14, 24, 25, 28, 29]
    assert only(events, "go_scored") == [
        {"seat": bob, "points": 1, "last": True, "scores": [3, 5], "rear": [0, 4]}
    ]


def test_thirty_one_scores_two_and_no_go_point(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="6S 8S 9S 9H", dealer_keeps="7D 9D TD JD"
    )
    state, _ = play_in_turn(state, "8S 7D 6S")
    state, events = apply(state, Play(alice, parse_card("JD")))

    played = only(events, "card_played")[0]
    assert played["count"] == 31
    assert [item["kind"] for item in played["items"]] == ["thirty-one"]
    assert played["points"] == 2
    assert "go_scored" not in types(events)
    assert "go" not in types(events)
    assert only(events, "count_reset") == [{"next": bob}]
    assert state.count == 0 and state.series == ()


def test_after_a_go_the_opponent_of_the_last_player_leads(alice, bob):
    # Pone bob: K Q J T; dealer alice: A A 2 2.  K A Q A makes 22: bob cannot play the J.
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 2S"
    )
    state, events = play_in_turn(state, "KH AD QH AC")
    assert only(events, "go") == [{"seat": bob}]
    assert state.turn == alice  # alice keeps playing while she can
    state, events = play_in_turn(state, "2D 2S")
    # alice pegs the pair of twos, then one for the go; bob leads the new count
    assert only(events, "go_scored") == [
        {"seat": alice, "points": 1, "last": False, "scores": [2 + 1, 0], "rear": [2, 0]}
    ]
    assert only(events, "count_reset") == [{"next": bob}]


def test_a_player_with_no_cards_is_skipped(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 2S"
    )
    state, _ = play_in_turn(state, "KH AD QH AC 2D 2S")
    assert state.held[alice] == ()
    state, events = apply(state, Play(bob, parse_card("JH")))
    assert "go" not in types(events)  # alice has nothing to say go with
    assert only(events, "card_played")[0]["next"] == bob
    state, events = apply(state, Play(bob, parse_card("TH")))
    assert only(events, "go_scored")[0] == {
        "seat": bob,
        "points": 1,
        "last": True,
        "scores": [3, 1],
        "rear": [2, 0],
    }


def test_the_six_card_game_plays_out_all_eight_cards(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 2S"
    )
    state, events = play_in_turn(state, "KH AD QH AC 2D 2S JH TH")
    assert len(only(events, "card_played")) == 8
    assert state.held == ((), ())
    assert types(events)[-1] == "hand_ended"


def test_a_player_who_can_play_must_play_and_cannot_pass_31(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 2S"
    )
    state, _ = play_in_turn(state, "KH AD QH AC")
    assert legal_actions(state, alice) == [
        Play(alice, parse_card("2D")),
        Play(alice, parse_card("2S")),
    ]
    assert legal_actions(state, bob) == []
    state, _ = play_in_turn(state, "2D")
    state, _ = apply(state, Play(alice, parse_card("2S")))
    # next count: bob leads; alice has no cards, and bob may not play a card past 31
    state, _ = apply(state, Play(bob, parse_card("JH")))
    assert state.turn == bob


def test_a_card_that_would_pass_31_is_refused(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S"
    )
    state, _ = play_in_turn(state, "KH 5C QH AD")  # count 26, bob to play
    assert state.turn == bob
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(bob, parse_card("TH")))
    assert error.value.code == "over_31"
    assert legal_actions(state, bob) == [Play(bob, parse_card("4H"))]


def test_the_five_card_game_has_a_single_series_and_leftover_cards_stay_in_hand(alice, bob):
    # five-card: each keeps three. Pone bob T J Q, dealer alice K 9 8: T K J = 30, nobody can go on.
    state, _ = ready_to_play(
        FIVE, dealer=alice, pone_keeps="TH JS QH", dealer_keeps="KD 9D 8D", starter="2C"
    )
    assert state.scores == (0, 3)  # the pone of the game's first hand starts with 3
    state, events = play_in_turn(state, "TH KD JS")
    assert only(events, "go") == [{"seat": alice}]
    assert only(events, "go_scored")[0]["seat"] == bob
    assert only(events, "go_scored")[0]["last"] is True
    assert "count_reset" not in types(events)
    assert state.held == (parse_cards("9D 8D"), parse_cards("QH"))
    shown = only(events, "hand_shown")
    assert [(s["seat"], s["kind"], len(s["cards"])) for s in shown] == [
        (bob, "hand", 3),
        (alice, "hand", 3),
        (alice, "crib", 4),
    ]


def test_the_five_card_game_ends_the_play_at_31_without_a_go_point(alice, bob):
    state, _ = ready_to_play(
        FIVE, dealer=alice, pone_keeps="TH JS AH", dealer_keeps="KD 9D 8D", starter="2C"
    )
    state, events = play_in_turn(state, "TH KD JS AH")  # 10 20 30 31
    assert only(events, "card_played")[-1]["count"] == 31
    assert "go_scored" not in types(events)
    assert "count_reset" not in types(events)
    assert state.held[alice] == parse_cards("9D 8D")
    assert only(events, "hand_shown")[0]["seat"] == bob
