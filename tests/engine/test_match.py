"""Games within a match: skunks, match points, who deals the next game, resigning."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine import (
    Discard,
    IllegalAction,
    MatchOptions,
    Resign,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    new_match,
    parse_cards,
    seats_to_act,
)
from tests.engine.builders import deal_deck, dealt, only, types, with_scores


def win_by_heels(options: MatchOptions, *, loser_score: int, match_scores=(0, 0)):
    """Bob deals and wins the game with his heels; alice finishes on ``loser_score``."""
    state = (
        dealt(
            options,
            dealer=1,
            pone="AH 2H 3H KC QC",
            dealer_cards="5D 6D 7D JC TC",
            starter="JS",
        )
        if options.variant == "five"
        else dealt(
            options,
            dealer=1,
            pone="AH 2H 3H 4H KC QC",
            dealer_cards="5D 6D 7D 8D JC TC",
            starter="JS",
        )
    )
    state = with_scores(state, loser_score, options.game_target - 2)
    state = dataclasses.replace(state, match_scores=tuple(match_scores))
    state, _ = apply(state, Discard(0, parse_cards("KC QC")))
    return apply(state, Discard(1, parse_cards("JC TC")))


@pytest.mark.parametrize(
    ("variant", "loser_score", "skunk", "points"),
    [
        ("six", 91, "none", 1),
        ("six", 90, "skunk", 2),
        ("six", 61, "skunk", 2),
        ("six", 60, "double", 4),
        ("six", 0, "double", 4),
        ("five", 31, "none", 1),
        ("five", 30, "skunk", 2),
        ("five", 3, "skunk", 2),  # no double skunk in the 61-point game
    ],
)
def test_skunk_lines_are_exact(variant, loser_score, skunk, points, alice, bob):
    options = MatchOptions(variant=variant)
    state, events = win_by_heels(options, loser_score=loser_score)
    ended = only(events, "game_ended")[0]
    assert (ended["winner"], ended["skunk"], ended["match_points"]) == (bob, skunk, points)
    assert ended["match_scores"] == [0, points]
    assert state.match_scores == (0, points)


def test_the_loser_of_a_game_deals_first_in_the_next(alice, bob):
    state, _ = win_by_heels(MatchOptions(), loser_score=100)
    assert state.phase == "deal" and needs_shuffle(state)
    assert state.game_result.winner == bob
    state, events = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S 6S", "AC 2C 3C 4C 5C 6C", "9D")))
    started = only(events, "hand_started")[0]
    assert (started["game"], started["hand"], started["dealer"]) == (2, 1, alice)
    assert started["scores"] == [0, 0]
    assert state.scores == (0, 0) and state.game_result is None


def test_a_new_five_card_game_gives_its_first_pone_three_again(alice, bob):
    state, _ = win_by_heels(MatchOptions(variant="five"), loser_score=40)
    state, events = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S", "AC 2C 3C 4C 5C", "9D")))
    assert only(events, "points_awarded")[0]["seat"] == bob  # alice deals, bob is pone
    assert state.scores == (0, 3)


def test_only_the_first_hand_of_a_five_card_game_gives_the_pone_three(alice, bob):
    state = dealt(
        MatchOptions(variant="five"),
        dealer=alice,
        pone="AH 2H 3H KC QC",
        dealer_cards="5D 6D 7D JC TC",
        starter="9S",
    )
    state = dataclasses.replace(state, phase="deal")  # as if the hand had been played out
    state, events = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S", "AC 2C 3C 4C 5C", "9D")))
    assert state.hand == 2
    assert "points_awarded" not in types(events)


def test_the_match_ends_when_a_player_reaches_the_match_target(alice, bob):
    options = MatchOptions(match_target=7)
    state, events = win_by_heels(options, loser_score=100, match_scores=(3, 6))
    assert types(events)[-2:] == ["game_ended", "match_ended"]
    assert only(events, "match_ended")[0] == {
        "winner": bob,
        "match_scores": [3, 7],
        "reason": "points",
    }
    assert state.phase == "match_over" and state.winner == bob
    assert not needs_shuffle(state) and seats_to_act(state) == set()
    assert legal_actions(state, alice) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, Resign(alice))
    assert error.value.code == "match_over"


def test_a_single_game_match_ends_with_its_game(alice, bob):
    state, events = win_by_heels(MatchOptions(match_target=1), loser_score=100)
    assert state.winner == bob and state.phase == "match_over"


def test_a_resignation_gives_the_opponent_the_match(alice, bob):
    state, _ = apply(new_match(MatchOptions()), Shuffle(deal_deck("AS", "KS", "2C")))
    state, events = apply(state, Resign(alice))
    assert types(events) == ["match_ended"]
    assert only(events, "match_ended")[0] == {
        "winner": bob,
        "match_scores": [0, 0],
        "reason": "resigned",
    }
    assert state.phase == "match_over" and state.end_reason == "resigned"


def a_fresh_deal() -> object:
    """Bob deals; both players must still discard."""
    return dealt(
        MatchOptions(),
        dealer=1,
        pone="AH 2H 3H 4H KC QC",
        dealer_cards="5D 6D 7D 8D JC TC",
        starter="JS",
    )


def test_a_player_who_abandoned_the_match_loses_it_and_the_log_says_why(alice, bob):
    state = a_fresh_deal()
    assert seats_to_act(state) == {alice, bob}  # both must discard: the game waits on alice
    state, events = apply(state, Resign(alice, "abandoned"))
    assert only(events, "match_ended")[0] == {
        "winner": bob,
        "match_scores": [0, 0],
        "reason": "abandoned",
    }
    assert state.phase == "match_over" and state.end_reason == "abandoned"


def test_an_aborted_match_ends_with_no_winner(alice, bob):
    state, events = apply(a_fresh_deal(), Resign(alice, "aborted"))
    assert only(events, "match_ended")[0] == {
        "winner": None,
        "match_scores": [0, 0],
        "reason": "aborted",
    }
    assert state.phase == "match_over" and state.winner is None


def test_nobody_abandons_a_match_that_is_not_waiting_on_them(alice, bob):
    state = a_fresh_deal()
    state, _ = apply(state, legal_actions(state, alice)[0])
    assert seats_to_act(state) == {bob}
    with pytest.raises(IllegalAction) as error:
        apply(state, Resign(alice, "abandoned"))
    assert error.value.code == "not_waiting_on_seat"
    with pytest.raises(IllegalAction) as error:
        apply(state, Resign(alice, "bored"))
    assert error.value.code == "bad_action"
    assert apply(state, Resign(alice))[0].end_reason == "resigned"


def test_a_resignation_needs_a_real_seat():
    state = new_match(MatchOptions())
    with pytest.raises(IllegalAction) as error:
        apply(state, Resign(2))
    assert error.value.code == "bad_seat"


def play_out_the_game(state):
    """Apply the first legal action of the first seat to act until the game is won."""
    events = []
    while state.game_result is None:
        seat = min(seats_to_act(state))
        state, step = apply(state, legal_actions(state, seat)[0])
        events.extend(step)
    return state, events


@pytest.mark.parametrize(
    ("variant", "target", "pone_throws", "dealer_throws"),
    [("six", 121, "KC QC", "TH 9H"), ("five", 61, "JC KC", "9H 4S")],
)
def test_the_game_ends_in_the_game_hole(variant, target, pone_throws, dealer_throws):
    """Alice's 28 hand would carry her pegs well past the target: they stop in the game hole,
    and every record of the game (the board, the game's result, the log) says the target."""
    options = MatchOptions(variant=variant, match_target=1)
    state = dealt(
        options,
        dealer=1,
        pone=f"5H 5S 5D {pone_throws}" if variant == "five" else f"5H 5S 5D JC {pone_throws}",
        dealer_cards=f"AD 2D 3D {dealer_throws}"
        if variant == "five"
        else f"AD 2D 3D 4S {dealer_throws}",
        starter="5C",
    )
    state, _ = apply(state, Discard(0, parse_cards(pone_throws)))
    state, _ = apply(state, Discard(1, parse_cards(dealer_throws)))
    state = with_scores(state, target - 15, 0)
    state, events = play_out_the_game(state)
    pegged = sum(
        event.data.get("points", event.data.get("total", 0))
        for event in events
        if event.data.get("seat") == 0 and event.type in ("card_played", "hand_shown")
    )
    assert target - 15 + pegged > target, "the counts would carry alice past the target"
    assert state.scores[0] == target and state.game_result.scores[0] == target
    assert only(events, "game_ended")[0]["scores"][0] == target
    assert max(event.data["scores"][0] for event in events if "scores" in event.data) == target
