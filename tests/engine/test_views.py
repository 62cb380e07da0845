"""Views: what each seat and a spectator may see, and the `legal` hints a page needs."""

from __future__ import annotations

import json

import pytest

from games.engine import (
    Claim,
    Discard,
    IllegalAction,
    MatchOptions,
    Play,
    apply,
    match_started_event,
    new_match,
    parse_card,
    parse_cards,
    reduce_view,
    view,
)
from tests.engine.builders import dealt, ready_to_play


def test_a_seat_sees_its_own_cards_and_only_counts_of_the_others(alice, bob, spectator):
    state = dealt(
        MatchOptions(),
        dealer=alice,
        pone="AH 2H 3H 4H KC QC",
        dealer_cards="5D 6D 7D 8D JC TC",
        starter="9S",
    )
    mine = view(state, alice)
    assert mine["cards"] == ["5D", "6D", "7D", "8D", "JC", "TC"]
    assert mine["held_counts"] == [6, 6]
    assert "AH" not in str(mine) and "9S" not in str(mine)
    assert view(state, spectator)["cards"] is None
    assert "AH" not in str(view(state, spectator))
    assert mine["legal"] == {"discard": True, "play": [], "claim": None, "muggins": False}
    assert mine["to_act"] == [alice, bob]


def test_the_crib_stays_hidden_until_it_is_shown(alice, bob):
    state = dealt(
        MatchOptions(),
        dealer=alice,
        pone="AH 2H 3H 4H KC QC",
        dealer_cards="5D 6D 7D 8D JC TC",
        starter="9S",
    )
    state, _ = apply(state, Discard(bob, parse_cards("KC QC")))
    assert "KC" not in str(view(state, alice))
    assert view(state, alice)["crib_count"] == 2
    assert view(state, alice)["discarded"] == [False, True]


def test_the_seat_to_play_is_told_which_cards_it_may_play(alice, bob):
    state, _ = ready_to_play(
        MatchOptions(), dealer=alice, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S"
    )
    for seat, card in ((bob, "KH"), (alice, "5C"), (bob, "QH"), (alice, "AD")):
        state, _ = apply(state, Play(seat, parse_card(card)))
    assert view(state, bob)["legal"]["play"] == ["4H"]  # TH would pass 31
    assert view(state, alice)["legal"]["play"] == []
    assert view(state, bob)["turn"] == bob and view(state, bob)["count"] == 26
    assert view(state, None)["legal"] == {
        "discard": False,
        "play": [],
        "claim": None,
        "muggins": False,
    }


def test_a_pending_claim_and_a_muggins_window_show_in_the_view(alice, bob):
    state, _ = ready_to_play(
        MatchOptions(scoring="manual", muggins=True),
        dealer=alice,
        pone_keeps="KH QH 4H TH",
        dealer_keeps="AD 5C 2D 2S",
    )
    state, _ = apply(state, Play(bob, parse_card("KH")))
    assert view(state, bob)["legal"]["claim"] == "play"
    assert view(state, alice)["pending_claim"] == {"seat": bob, "subject": "play"}
    assert view(state, alice)["legal"]["claim"] is None
    state, _ = apply(state, Claim(bob, 3))
    assert view(state, alice)["muggins"] == {
        "seat": alice,
        "claimant": bob,
        "subject": "play",
        "claimed": 3,
        "cards": ["KH"],
        "starter": "2C",
    }
    assert view(state, alice)["legal"]["muggins"] is True
    assert view(state, alice)["legal"]["play"] == ["AD", "5C", "2D", "2S"]
    assert view(state, bob)["legal"]["muggins"] is False


def test_there_is_no_view_for_a_seat_not_at_the_table():
    state, _ = ready_to_play(
        MatchOptions(), dealer=0, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S"
    )
    with pytest.raises(IllegalAction) as error:
        view(state, 5)
    assert error.value.code == "bad_seat"


def test_the_reducer_ignores_the_servers_own_events_and_never_changes_its_input(alice):
    state, _ = ready_to_play(
        MatchOptions(), dealer=0, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S"
    )
    before = view(state, alice)
    snapshot = json.loads(json.dumps(before))
    joined = {"type": "player_joined", "data": {"seat": 1, "name": "bob"}}
    assert reduce_view(before, joined) == before
    _, events = apply(state, Play(1, parse_card("KH")))
    after = reduce_view(before, events[0].for_viewer(alice))
    assert before == snapshot
    assert after["played"] == [[1, "KH"]] and after["turn"] == alice


def test_the_match_starts_with_its_options_and_seats():
    state = new_match(MatchOptions(variant="five"))
    event = match_started_event(state)
    assert event.for_viewer(None) == {
        "type": "match_started",
        "data": {"options": MatchOptions(variant="five").to_dict(), "seats": [0, 1]},
    }
    assert reduce_view(view(state, None), event.for_viewer(None)) == view(state, None)
