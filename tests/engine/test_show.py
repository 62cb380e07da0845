"""The show: pone's hand, dealer's hand, then the crib; the game stops the moment it is won."""

from __future__ import annotations

import pytest

from games.engine import MatchOptions, Play, apply, parse_card
from tests.engine.builders import only, play_in_turn, ready_to_play, types, with_scores

SIX = MatchOptions()


def test_the_show_counts_pone_then_dealer_then_crib(alice, bob):
    state, _ = ready_to_play(
        SIX,
        dealer=bob,
        pone_keeps="3S 3H 4S QS",
        dealer_keeps="AD AC 2D 5D",
        starter="2C",
        pone_throws="KC QC",
        dealer_throws="JC TC",
    )
    state, events = play_in_turn(state, "4S 2D 3S 5D QS AD 3H AC")
    shown = only(events, "hand_shown")
    assert [(s["seat"], s["kind"]) for s in shown] == [
        (alice, "hand"),
        (bob, "hand"),
        (bob, "crib"),
    ]
    assert shown[0]["cards"] == ["3S", "3H", "4S", "QS"]
    assert sorted(shown[2]["cards"]) == sorted(["KC", "QC", "JC", "TC"])
    assert all(s["starter"] == "2C" for s in shown)
    # each count pegs: the scores carried grow by exactly the total shown
    before = only(events, "go_scored")[-1]["scores"]
    for entry in shown:
        after = entry["scores"]
        assert after[entry["seat"]] - before[entry["seat"]] == entry["total"]
        assert entry["total"] == sum(item["points"] for item in entry["items"])
        before = after
    assert types(events)[-1] == "hand_ended"
    assert state.phase == "deal"


def test_the_pone_can_win_in_the_show_before_the_dealer_counts(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=bob, pone_keeps="3S 3H 4S QS", dealer_keeps="AD AC 2D 5D", starter="2C"
    )
    state, _ = play_in_turn(state, "4S 2D 3S 5D QS AD 3H")
    state = with_scores(state, 119, 119)
    state, events = apply(state, Play(bob, parse_card("AC")))  # last card: bob 120
    assert only(events, "go_scored")[0]["scores"] == [119, 120]
    assert types(events)[-3:] == ["go_scored", "hand_shown", "game_ended"]
    assert only(events, "hand_shown")[0]["seat"] == alice
    assert only(events, "game_ended")[0]["winner"] == alice
    assert state.scores[bob] == 120  # the dealer never counted


def test_the_game_ends_on_a_card_in_the_play(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="6S 8S 9S 9H", dealer_keeps="7D 9D TD JD"
    )
    state = with_scores(state, 119, 100)
    state, events = play_in_turn(state, "8S 7D")  # fifteen two for alice
    assert types(events)[-1] == "game_ended"
    assert state.scores == (121, 100)
    assert state.turn is None
    assert only(events, "card_played")[-1]["next"] is None


def test_the_game_ends_on_a_go_point(alice, bob):
    state, _ = ready_to_play(
        SIX, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 5S"
    )
    state = with_scores(state, 120, 100)
    # K A Q A (22): bob cannot play; alice lays 2 and 5 (29) for nothing, then pegs the go
    state, events = play_in_turn(state, "KH AD QH AC 2D 5S")
    assert types(events)[-2:] == ["go_scored", "game_ended"]
    assert only(events, "game_ended")[0]["winner"] == alice
    assert state.scores == (121, 100)


@pytest.mark.parametrize(("starter", "flush"), [("AS", 3), ("5H", 4)])
def test_the_five_card_show_counts_a_three_card_flush(starter, flush, alice, bob):
    # both keep three hearts: 3 for the flush, 4 when the starter is a heart too
    state, _ = ready_to_play(
        MatchOptions(variant="five"),
        dealer=alice,
        pone_keeps="2H 4H 8H",
        dealer_keeps="KH QH TH",
        starter=starter,
        pone_throws="KC QC",
        dealer_throws="JD TD",
    )
    state, events = play_in_turn(state, "2H KH 4H QH")  # 26: nobody can go on, the play ends
    flushes = {
        (entry["seat"], entry["kind"]): [
            i["points"] for i in entry["items"] if i["kind"] == "flush"
        ]
        for entry in only(events, "hand_shown")
    }
    assert flushes[(bob, "hand")] == [flush]
    assert flushes[(alice, "hand")] == [flush]
    assert flushes[(alice, "crib")] == []
