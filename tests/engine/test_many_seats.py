"""The general rules for three and four seats: seat order from the dealer's left, discard
sizes and the crib, Go round the table, partners sharing a score, resigning, and Muggins by
any opponent. Two-player behaviour is covered by the rest of tests/engine."""

from __future__ import annotations

import pytest

from games.engine import (
    Claim,
    Discard,
    IllegalAction,
    MatchOptions,
    Muggins,
    Play,
    Resign,
    Shuffle,
    apply,
    legal_actions,
    new_match,
    parse_card,
    parse_cards,
    seats_to_act,
    view,
)
from games.engine.seating import opponents_of, partners_of, seats_from_left_of, side_of, sides
from tests.engine.builders import complete_deck, only, play_in_turn, types, with_scores
from tests.engine.seated import discard_all, seated_hand

THREE = MatchOptions(players=3)
FOUR = MatchOptions(players=4)

# Three players; seat 0 deals, so seat 1 (at its left) is dealt first and leads.
THREE_HANDS = {1: "KH 5S 6S 7S TD", 2: "QH 8D 8C 4D JD", 0: "9H AC 3D 3C KD"}
THREE_THROWS = {0: "KD", 1: "TD", 2: "JD"}
# Four players, seat 3 deals; seat 0 leads. Partners: 0 and 2 against 1 and 3.
FOUR_HANDS = {0: "7H 2C 3C 4C KC", 1: "8H 2D 3D 4D KD", 2: "5S 2H 3H 4H KH", 3: "9S 6C 6D 6H KS"}
FOUR_THROWS = {0: "KC", 1: "KD", 2: "KH", 3: "KS"}


def three_seat_play():
    state = seated_hand(THREE, dealer=0, hands=THREE_HANDS, starter="2S", crib_from_deck="QS")
    state, _ = discard_all(state, THREE_THROWS)
    return state


def four_seat_play(options=FOUR):
    state = seated_hand(options, dealer=3, hands=FOUR_HANDS, starter="AS")
    state, _ = discard_all(state, FOUR_THROWS)
    return state


def test_seats_go_round_to_the_left_starting_after_the_given_seat():
    assert seats_from_left_of((0, 1, 2), 0) == (1, 2, 0)
    assert seats_from_left_of((0, 1, 2, 3), 2) == (3, 0, 1, 2)
    assert seats_from_left_of((0, 1), 1) == (0, 1)


def test_four_players_are_two_partnerships_sitting_opposite_and_others_play_alone():
    assert sides(4) == ((0, 2), (1, 3))
    assert sides(3) == ((0,), (1,), (2,))
    assert [side_of(seat, players=4) for seat in range(4)] == [0, 1, 0, 1]
    assert partners_of((0, 1, 2, 3), 3) == (1, 3)
    assert opponents_of((0, 1, 2, 3), 1) == (2, 0)
    assert opponents_of((0, 1, 2), 2) == (0, 1)
    assert opponents_of((0, 1), 0) == (1,)


def test_three_players_are_dealt_five_cards_each_one_at_a_time_from_the_dealers_left():
    state = seated_hand(THREE, dealer=0, hands=THREE_HANDS, starter="2S", crib_from_deck="QS")
    assert state.held == tuple(parse_cards(THREE_HANDS[seat]) for seat in (0, 1, 2))
    # deck[0] went to seat 1, the dealer's left; the dealer had the third card
    assert state.deck[:3] == parse_cards("KH QH 9H")
    assert state.pone == 1


def test_each_of_three_players_throws_one_card_and_the_deck_adds_one_to_the_crib():
    state = seated_hand(THREE, dealer=0, hands=THREE_HANDS, starter="2S", crib_from_deck="QS")
    assert THREE.cards_thrown(dealer=True) == THREE.cards_thrown(dealer=False) == 1
    for seat in state.seats:
        assert legal_actions(state, seat) == [Discard(seat, (card,)) for card in state.held[seat]]
    assert view(state, 1)["crib_count"] == 1  # the deck's card is in the crib from the deal
    state, events = discard_all(state, THREE_THROWS)
    assert types(events) == ["discarded"] * 3 + ["starter_cut"]
    assert state.crib == parse_cards("KD TD JD QS")
    assert state.starter == parse_card("2S") == state.deck[16]
    assert [len(kept) for kept in state.kept] == [4, 4, 4]
    assert state.turn == 1


def test_four_players_each_throw_one_card_to_a_crib_of_four():
    state = four_seat_play()
    assert state.crib == parse_cards("KC KD KH KS")
    assert state.starter == parse_card("AS") == state.deck[20]
    assert state.turn == 0


@pytest.mark.parametrize("cards", ["KD 9H", ""])
def test_a_discard_of_other_than_one_card_is_refused_with_three_players(cards):
    state = seated_hand(THREE, dealer=0, hands=THREE_HANDS, starter="2S", crib_from_deck="QS")
    with pytest.raises(IllegalAction) as refused:
        apply(state, Discard(0, parse_cards(cards) if cards else ()))
    assert (refused.value.code, refused.value.message) == (
        "bad_discard",
        "discard exactly one card",
    )


def test_go_passes_round_three_players_and_the_last_to_play_takes_it():
    state, events = play_in_turn(three_seat_play(), "KH QH 9H")
    # at 29 neither seat 1 nor seat 2 can play; the dealer still can, and keeps playing
    assert types(events)[-2:] == ["go", "go"]
    assert only(events, "go") == [{"seat": 1}, {"seat": 2}]
    assert state.turn == 0
    state, events = play_in_turn(state, "AC")
    assert only(events, "go_scored") == [
        {"seat": 0, "points": 1, "last": False, "scores": [1, 0, 0], "rear": [0, 0, 0]}
    ]
    # the next series is led by the seat after the last player
    assert only(events, "count_reset") == [{"next": 1}]


def test_a_seat_without_cards_is_passed_over_and_the_last_card_scores_one():
    state, _ = play_in_turn(three_seat_play(), "KH QH 9H AC 5S 4D 3D 6S 8D 3C")
    # the dealer has played out; seats 1 and 2 said go at 29, so the dealer took the go
    assert state.held[0] == () and state.turn == 1
    state, events = play_in_turn(state, "7S 8C")
    assert [(e["seat"], e["points"]) for e in only(events, "card_played")] == [(1, 0), (2, 2)]
    assert only(events, "go_scored")[0] == {
        "seat": 2,
        "points": 1,
        "last": True,
        "scores": [5, 4, 3],
        "rear": [4, 0, 2],
    }


def test_the_show_goes_round_from_the_dealers_left_and_ends_with_the_crib():
    state, events = play_in_turn(three_seat_play(), "KH QH 9H AC 5S 4D 3D 6S 8D 3C 7S 8C")
    shown = [(e["seat"], e["kind"]) for e in only(events, "hand_shown")]
    assert shown == [(1, "hand"), (2, "hand"), (0, "hand"), (0, "crib")]
    assert only(events, "hand_shown")[-1]["cards"] == ["KD", "TD", "JD", "QS"]
    assert state.phase == "deal"


def test_the_deal_passes_to_the_left():
    state, _ = play_in_turn(three_seat_play(), "KH QH 9H AC 5S 4D 3D 6S 8D 3C 7S 8C")
    state, events = apply(state, Shuffle(complete_deck(())))
    assert only(events, "hand_started")[0]["dealer"] == 1
    assert state.pone == 2


def test_partners_peg_one_score_together():
    state, events = play_in_turn(four_seat_play(), "7H 8H")
    # seat 1 makes fifteen: its partner's pegs move with it
    assert only(events, "card_played")[-1]["scores"] == [0, 2, 0, 2]
    assert state.scores == (0, 2, 0, 2) and state.turn == 2


def test_a_partnership_wins_the_game_together_and_the_skunk_is_measured_on_the_other_side():
    state = with_scores(four_seat_play(), 10, 119, 10, 119)
    state, events = play_in_turn(state, "7H 8H")
    (ended,) = only(events, "game_ended")
    assert (ended["winner"], ended["skunk"], ended["match_points"]) == (1, "double", 4)
    assert ended["match_scores"] == [0, 4, 0, 4]


def test_a_resigning_partner_gives_the_match_to_the_opponent_at_their_left():
    state, events = apply(four_seat_play(), Resign(2))
    assert only(events, "match_ended")[0]["winner"] == 3
    assert state.winner == 3


def test_when_one_of_three_resigns_the_other_player_further_ahead_wins():
    state = with_scores(three_seat_play(), 40, 20, 60)
    state, _ = apply(state, Resign(0))
    assert state.winner == 2
    tied = with_scores(three_seat_play(), 40, 50, 50)
    state, _ = apply(tied, Resign(0))
    assert state.winner == 1  # a tie goes to the first at the resigner's left


def test_any_opponent_may_call_muggins_and_the_points_go_to_the_callers_side():
    options = MatchOptions(players=4, scoring="manual", muggins=True)
    state = four_seat_play(options)
    state, _ = apply(state, Play(0, parse_card("7H")))
    state, _ = apply(state, Claim(0, 0))
    state, _ = apply(state, Play(1, parse_card("8H")))
    state, events = apply(state, Claim(1, 0))  # seat 1 misses its fifteen
    assert only(events, "claim_made")[0]["muggins"] == 2  # the first caller at its left
    assert seats_to_act(state) == {0, 2}
    assert Muggins(0) in legal_actions(state, 0) and Muggins(2) in legal_actions(state, 2)
    assert Muggins(3) not in legal_actions(state, 3)  # the claimant's partner
    assert view(state, 0)["legal"]["muggins"] and not view(state, 3)["legal"]["muggins"]
    with pytest.raises(IllegalAction) as refused:
        apply(state, Muggins(3))
    assert refused.value.code == "muggins_not_allowed"
    state, events = apply(state, Muggins(0))
    assert only(events, "muggins_called")[0]["scores"] == [2, 0, 2, 0]
    assert state.window is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 5},
        {"players": "3"},
        {"players": True},
        {"players": 3, "variant": "five"},
    ],
)
def test_it_refuses_a_player_count_that_makes_no_game(kwargs):
    with pytest.raises(IllegalAction) as refused:
        MatchOptions(**kwargs)
    assert refused.value.code == "bad_options"


def test_the_player_count_is_left_out_of_the_options_json_for_two():
    assert MatchOptions().to_dict() == {
        "variant": "six",
        "scoring": "auto",
        "muggins": False,
        "match_target": 7,
    }
    assert THREE.to_dict()["players"] == 3
    assert MatchOptions.from_dict(FOUR.to_dict()) == FOUR
    assert MatchOptions.from_dict({"players": 2}) == MatchOptions()


def test_a_new_match_seats_as_many_players_as_its_options_say():
    assert new_match(FOUR).seats == (0, 1, 2, 3)
    assert new_match(THREE, 3).scores == (0, 0, 0)
    with pytest.raises(IllegalAction) as refused:
        new_match(THREE, 2)
    assert refused.value.code == "bad_seat"


def test_the_cut_for_deal_gives_the_deal_to_the_single_lowest_of_four():
    state, events = apply(new_match(FOUR), Shuffle(complete_deck(parse_cards("KS 4H AD 9C"))))
    assert only(events, "cut_for_deal")[0] == {"cuts": ["KS", "4H", "AD", "9C"], "dealer": 2}
    tie = complete_deck(parse_cards("AS 4H AD 9C"))
    state, events = apply(new_match(FOUR), Shuffle(tie))
    assert state.phase == "cut_for_deal" and state.dealer is None
