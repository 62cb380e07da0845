"""The rules document's three-player deal, offered as an option: the dealer takes six cards and
throws two, the others take five and throw one; no card comes from the deck to the crib."""

from __future__ import annotations

import pytest

from games.engine import (
    Discard,
    IllegalAction,
    MatchOptions,
    Shuffle,
    apply,
    legal_actions,
    new_match,
    parse_card,
    parse_cards,
    view,
)
from games.engine.reducer import reduce_view
from games.fairness import deal_from_deck
from tests.engine.builders import complete_deck
from tests.engine.seated import cut_deck_for

SIX = MatchOptions(players=3, deal="dealer_six", match_target=1)
HANDS = {0: "AC 2C 3C 4C 6C 8C", 1: "KH QH JH TH 9H", 2: "KD QD JD TD 9D"}


def dealt_hand():
    """Seat 0 deals: the cards go 1, 2, 0 round five times, then the dealer's sixth; then the
    starter (no card to the crib)."""
    state, _ = apply(new_match(SIX), Shuffle(cut_deck_for(0, 3)))
    parsed = {seat: parse_cards(text) for seat, text in HANDS.items()}
    order = [card for round_ in range(5) for seat in (1, 2, 0) for card in [parsed[seat][round_]]]
    deck = complete_deck((*order, parsed[0][5], parse_card("5S")))
    return apply(state, Shuffle(deck))


def test_the_dealer_takes_six_and_the_others_five():
    state, events = dealt_hand()
    assert [len(hand) for hand in state.held] == [6, 5, 5]
    assert state.held[0] == parse_cards(HANDS[0])
    started = next(event for event in events if event.type == "hand_started")
    assert started.data["hand_size"] == 5 and started.data["dealer_hand_size"] == 6
    assert view(state, 1)["held_counts"] == [6, 5, 5]
    assert view(state, 1)["crib_count"] == 0
    # The fair-shuffle check deals the same way.
    deal = deal_from_deck(
        [str(card) for card in state.deck], dealer=0, hand_size=5, seats=3, dealer_hand_size=6
    )
    assert deal.hands[0] == HANDS[0].split() and deal.starter == "5S"


def test_the_dealer_throws_two_the_others_one_and_the_crib_has_four():
    state, _ = dealt_hand()
    assert all(len(action.cards) == 2 for action in legal_actions(state, 0))
    assert all(len(action.cards) == 1 for action in legal_actions(state, 1))
    with pytest.raises(IllegalAction):
        apply(state, Discard(0, parse_cards("AC")))
    state, _ = apply(state, Discard(0, parse_cards("AC 2C")))
    state, _ = apply(state, Discard(1, parse_cards("KH")))
    state, events = apply(state, Discard(2, parse_cards("KD")))
    assert state.crib == parse_cards("AC 2C KH KD")
    assert state.starter == parse_card("5S") == state.deck[16]
    assert [len(kept) for kept in state.kept] == [4, 4, 4]


def test_each_seats_events_fold_into_its_view():
    state, _ = apply(new_match(SIX), Shuffle(cut_deck_for(0, 3)))
    views = {seat: view(state, seat) for seat in (0, 1, 2, None)}
    state, events = dealt_hand()
    for seat in views:
        folded = views[seat]
        for event in events:
            folded = reduce_view(folded, event.for_viewer(seat))
        assert folded == view(state, seat)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2, "deal": "dealer_six"},
        {"players": 4, "deal": "dealer_six"},
        {"players": 3, "deal": "dealer_seven"},
    ],
)
def test_the_option_is_for_three_players_only(kwargs):
    with pytest.raises(IllegalAction) as refused:
        MatchOptions(**kwargs)
    assert refused.value.code == "bad_options"


def test_the_option_is_in_the_json_only_when_chosen():
    assert "deal" not in MatchOptions(players=3).to_dict()
    assert MatchOptions.from_dict(SIX.to_dict()) == SIX
