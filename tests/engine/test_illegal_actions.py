"""Illegal actions raise IllegalAction with the right code and leave the state as it was."""

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
    action_from_dict,
    apply,
    new_match,
    parse_card,
    parse_cards,
)
from games.engine.cards import DECK
from tests.engine.builders import complete_deck, dealt, ready_to_play

SIX = MatchOptions()


def fresh():
    return new_match(SIX)


def discarding():
    return dealt(
        SIX, dealer=0, pone="AH 2H 3H 4H KC QC", dealer_cards="5D 6D 7D 8D JC TC", starter="9S"
    )


def playing():
    state, _ = ready_to_play(SIX, dealer=0, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S")
    return state  # bob (seat 1) leads


def at_26():
    state = playing()
    for seat, card in ((1, "KH"), (0, "5C"), (1, "QH"), (0, "AD")):
        state, _ = apply(state, Play(seat, parse_card(card)))
    return state  # count 26, bob to play with 4H and TH


def manual_claim_pending():
    state, _ = ready_to_play(
        MatchOptions(scoring="manual", muggins=True),
        dealer=0,
        pone_keeps="KH QH 4H TH",
        dealer_keeps="AD 5C 2D 2S",
    )
    state, _ = apply(state, Play(1, parse_card("KH")))
    return state  # bob must claim


def finished():
    state = fresh()
    state, _ = apply(state, Resign(0))
    return state


CASES = [
    pytest.param(fresh, Play(0, parse_card("AH")), "wrong_phase", id="a card before the deal"),
    pytest.param(fresh, Shuffle(DECK[:51]), "bad_deck", id="a deck missing a card"),
    pytest.param(fresh, Shuffle((DECK[0],) * 52), "bad_deck", id="a deck with repeats"),
    pytest.param(discarding, Shuffle(DECK), "wrong_phase", id="a shuffle nobody needs"),
    pytest.param(
        discarding, Discard(2, parse_cards("AH 2H")), "bad_seat", id="a seat not at the table"
    ),
    pytest.param(discarding, Discard(1, parse_cards("AH")), "bad_discard", id="one card"),
    pytest.param(discarding, Discard(1, parse_cards("AH 2H 3H")), "bad_discard", id="three cards"),
    pytest.param(
        discarding, Discard(1, parse_cards("AH AH")), "bad_discard", id="the same card twice"
    ),
    pytest.param(
        discarding, Discard(1, parse_cards("AH 5D")), "card_not_in_hand", id="the other seat's card"
    ),
    pytest.param(
        discarding, Play(1, parse_card("AH")), "wrong_phase", id="a card before discarding"
    ),
    pytest.param(
        playing, Discard(1, parse_cards("KH QH")), "wrong_phase", id="a discard in the play"
    ),
    pytest.param(playing, Play(0, parse_card("AD")), "not_your_turn", id="the dealer leading"),
    pytest.param(playing, Play(1, parse_card("AD")), "card_not_in_hand", id="a card not held"),
    pytest.param(at_26, Play(1, parse_card("TH")), "over_31", id="a card past 31"),
    pytest.param(playing, Claim(1, 0), "no_claim_pending", id="a claim with automatic scoring"),
    pytest.param(playing, Muggins(0), "muggins_not_allowed", id="Muggins when not played"),
    pytest.param(
        manual_claim_pending,
        Play(0, parse_card("AD")),
        "claim_pending",
        id="a card before the claim",
    ),
    pytest.param(
        manual_claim_pending, Claim(0, 0), "no_claim_pending", id="a claim for the other seat"
    ),
    pytest.param(manual_claim_pending, Claim(1, 30), "bad_claim", id="a claim above 29"),
    pytest.param(
        manual_claim_pending, Muggins(0), "muggins_not_allowed", id="Muggins with no claim made"
    ),
    pytest.param(finished, Shuffle(DECK), "match_over", id="anything after the match"),
    pytest.param(fresh, "not an action", "bad_action", id="not an action at all"),
]


@pytest.mark.parametrize(("position", "action", "code"), CASES)
def test_it_rejects_the_action_with_its_code_and_changes_nothing(position, action, code):
    state = position()
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.code == code
    assert error.value.message
    assert state.to_dict() == before


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"type": "fly"}, "bad_action"),
        ([], "bad_action"),
        ({"type": "play", "seat": "0", "card": "AH"}, "bad_seat"),
        ({"type": "play", "seat": True, "card": "AH"}, "bad_seat"),
        ({"type": "play", "seat": 0, "card": "1H"}, "bad_card"),
        ({"type": "play", "seat": 0}, "bad_card"),
        ({"type": "discard", "seat": 0, "cards": "AH 2H"}, "bad_discard"),
        ({"type": "claim", "seat": 0, "points": "4"}, "bad_claim"),
        ({"type": "claim", "seat": 0, "points": False}, "bad_claim"),
        ({"type": "shuffle", "deck": "AH"}, "bad_deck"),
    ],
)
def test_it_rejects_malformed_action_json(data, code):
    with pytest.raises(IllegalAction) as error:
        action_from_dict(data)
    assert error.value.code == code


def test_a_shuffle_in_another_order_is_fine_but_must_hold_every_card():
    state, _ = apply(fresh(), Shuffle(complete_deck(parse_cards("2H 9C"))))
    assert state.dealer == 0
