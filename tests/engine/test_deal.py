"""Cutting for the first deal, dealing, discarding to the crib and turning the starter."""

from __future__ import annotations

import pytest

from games.engine import (
    Discard,
    IllegalAction,
    MatchOptions,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    parse_card,
    parse_cards,
)
from tests.engine.builders import (
    complete_deck,
    cut_deck,
    deal_deck,
    dealt,
    only,
    types,
    with_scores,
)

SIX = MatchOptions()
FIVE = MatchOptions(variant="five")


def test_the_lower_cut_deals(alice, bob):
    state, events = apply(new_match(SIX), Shuffle(complete_deck(parse_cards("9H 4C"))))
    assert state.dealer == bob
    assert only(events, "cut_for_deal") == [{"cuts": ["9H", "4C"], "dealer": bob}]
    assert state.phase == "deal" and needs_shuffle(state)


def test_the_ace_is_low_in_the_cut(alice, bob):
    state, _ = apply(new_match(SIX), Shuffle(complete_deck(parse_cards("AD 2C"))))
    assert state.dealer == alice


def test_equal_ranks_cut_again_with_a_new_shuffle(alice, bob):
    state, events = apply(new_match(SIX), Shuffle(complete_deck(parse_cards("7H 7S"))))
    assert only(events, "cut_for_deal") == [{"cuts": ["7H", "7S"], "dealer": None}]
    assert state.phase == "cut_for_deal" and state.dealer is None and needs_shuffle(state)
    state, _ = apply(state, Shuffle(complete_deck(parse_cards("KC 3D"))))
    assert state.dealer == bob


def test_cards_are_dealt_one_at_a_time_pone_first(alice, bob):
    state, _ = apply(new_match(SIX), Shuffle(cut_deck(dealer=alice)))
    deck = complete_deck(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"))
    state, events = apply(state, Shuffle(deck))
    assert state.held[bob] == parse_cards("AS 3S 5S 7S 9S JS")  # the pone gets deck[0]
    assert state.held[alice] == parse_cards("2S 4S 6S 8S TS QS")
    started = events[0]
    assert started.type == "hand_started"
    assert started.data == {
        "game": 1,
        "hand": 1,
        "dealer": alice,
        "hand_size": 6,
        "scores": [0, 0],
        "rear": [0, 0],
    }
    assert started.for_viewer(bob)["data"]["cards"] == ["AS", "3S", "5S", "7S", "9S", "JS"]
    assert "cards" not in started.for_viewer(None)["data"]
    assert started.for_viewer(alice)["data"]["cards"] == ["2S", "4S", "6S", "8S", "TS", "QS"]


def test_the_starter_is_the_card_after_the_dealt_ones(alice, bob):
    state = dealt(
        SIX, dealer=alice, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="9S"
    )
    assert state.deck[12] == parse_card("9S")
    state, _ = apply(state, Discard(alice, parse_cards("JC TC")))
    state, events = apply(state, Discard(bob, parse_cards("KC QC")))
    assert state.starter == parse_card("9S")
    assert only(events, "starter_cut")[0]["card"] == "9S"
    assert state.turn == bob and state.phase == "play"


def test_discards_arrive_in_either_order_and_stay_private(alice, bob, spectator):
    state = dealt(
        SIX, dealer=alice, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="9S"
    )
    state, events = apply(state, Discard(alice, parse_cards("TC JC")))  # the dealer first
    assert types(events) == ["discarded"]
    assert events[0].for_viewer(bob) == {"type": "discarded", "data": {"seat": alice}}
    assert events[0].for_viewer(spectator) == {"type": "discarded", "data": {"seat": alice}}
    assert events[0].for_viewer(alice)["data"]["cards"] == ["TC", "JC"]
    assert state.held[alice] == parse_cards("5D 6D 7D 8D")
    assert state.starter is None
    state, events = apply(state, Discard(bob, parse_cards("KC QC")))
    assert types(events) == ["discarded", "starter_cut"]
    assert set(state.crib) == set(parse_cards("TC JC KC QC"))


def test_a_seat_cannot_discard_twice(alice, bob):
    state = dealt(
        SIX, dealer=alice, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="9S"
    )
    state, _ = apply(state, Discard(alice, parse_cards("TC JC")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Discard(alice, parse_cards("5D 6D")))
    assert error.value.code == "not_your_turn"


def test_a_jack_starter_gives_the_dealer_two_for_his_heels_at_once(alice, bob):
    state = dealt(
        SIX, dealer=bob, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="JS"
    )
    state, _ = apply(state, Discard(alice, parse_cards("KC QC")))
    state, events = apply(state, Discard(bob, parse_cards("JC TC")))
    assert only(events, "starter_cut")[0] == {
        "card": "JS",
        "heels": 2,
        "scores": [0, 2],
        "rear": [0, 0],
        "next": alice,
        "claim": None,
    }


def test_his_heels_can_win_the_game_before_a_card_is_played(alice, bob):
    state = dealt(
        SIX, dealer=bob, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="JS"
    )
    state = with_scores(state, 100, 119)
    state, _ = apply(state, Discard(alice, parse_cards("KC QC")))
    state, events = apply(state, Discard(bob, parse_cards("JC TC")))
    assert types(events) == ["discarded", "starter_cut", "game_ended"]
    assert only(events, "game_ended")[0]["winner"] == bob
    assert state.scores == (100, 121)
    assert state.played == ()


def test_the_deal_alternates_every_hand(alice, bob):
    state = dealt(
        SIX, dealer=alice, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="9S"
    )
    state, _ = apply(state, Discard(alice, parse_cards("JC TC")))
    state, _ = apply(state, Discard(bob, parse_cards("KC QC")))
    from tests.engine.builders import play_in_turn

    state, events = play_in_turn(state, "AH 5D 2H 6D 3H 7D 4H 8D")
    assert types(events)[-1] == "hand_ended" and needs_shuffle(state)
    state, events = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S 6S", "AC 2C 3C 4C 5C 6C", "9D")))
    assert state.dealer == bob and state.hand == 2
    assert state.held[alice] == parse_cards("AS 2S 3S 4S 5S 6S")  # alice is now the pone


def test_the_pone_of_a_five_card_games_first_hand_starts_with_three(alice, bob):
    state = dealt(
        FIVE, dealer=alice, pone="AH 2H 3H KC QC", dealer_cards="5D 6D 7D JC TC", starter="9S"
    )
    assert state.scores == (0, 3)
    state2, events = apply(
        apply(new_match(FIVE), Shuffle(cut_deck(alice)))[0],
        Shuffle(deal_deck("AH 2H 3H KC QC", "5D 6D 7D JC TC", "9S")),
    )
    assert types(events) == ["hand_started", "points_awarded"]
    assert only(events, "points_awarded") == [
        {"seat": bob, "points": 3, "reason": "pone_start", "scores": [0, 3], "rear": [0, 0]}
    ]
    assert state2.to_dict() == state.to_dict()
