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
from tests.engine.random_play import random_match


def alice_deals(alice: int):
    """A six-card hand dealt by alice, before either seat throws."""
    return dealt(
        MatchOptions(),
        dealer=alice,
        pone="AH 2H 3H 4H KC QC",
        dealer_cards="5D 6D 7D 8D JC TC",
        starter="9S",
    )


def test_a_seat_sees_its_own_cards_and_only_counts_of_the_others(alice, bob, spectator):
    state = alice_deals(alice)
    mine = view(state, alice)
    assert mine["cards"] == ["5D", "6D", "7D", "8D", "JC", "TC"]
    assert mine["held_counts"] == [6, 6]
    assert "AH" not in str(mine) and "9S" not in str(mine)
    assert view(state, spectator)["cards"] is None
    assert "AH" not in str(view(state, spectator))
    assert mine["legal"] == {
        "discard": True,
        "throw": 2,
        "play": [],
        "claim": None,
        "muggins": False,
    }
    assert mine["to_act"] == [alice, bob]


def test_the_crib_stays_hidden_until_it_is_shown(alice, bob):
    state = alice_deals(alice)
    state, _ = apply(state, Discard(bob, parse_cards("KC QC")))
    assert "KC" not in str(view(state, alice))
    assert view(state, alice)["crib_count"] == 2
    assert view(state, alice)["discarded"] == [False, True]


CRIB = {"QC", "KC", "TC", "JC"}


def cards_named(value: object) -> set[str]:
    """Every card-like string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if len(value) == 2 and value[1] in "SHDC" else set()
    if isinstance(value, dict):
        return set().union(set(), *(cards_named(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(cards_named(item) for item in value))
    return set()


def test_a_seat_sees_its_own_throw_in_order_and_never_the_other_seats(alice, bob, spectator):
    state = alice_deals(alice)
    assert view(state, alice)["thrown"] == [] and view(state, bob)["thrown"] == []
    assert view(state, spectator)["thrown"] is None
    state, events = apply(state, Discard(bob, parse_cards("QC KC")))
    assert view(state, bob)["thrown"] == ["QC", "KC"]  # as thrown, not sorted
    assert view(state, alice)["thrown"] == []
    # Only bob's copy of the event names his cards; the reducer fills his `thrown` from it.
    (discarded,) = events
    assert discarded.for_viewer(bob)["data"]["cards"] == ["QC", "KC"]
    assert "cards" not in discarded.for_viewer(alice)["data"]
    assert "cards" not in discarded.for_viewer(spectator)["data"]
    state, _ = apply(state, Discard(alice, parse_cards("TC JC")))
    assert view(state, alice)["thrown"] == ["TC", "JC"]
    assert view(state, bob)["thrown"] == ["QC", "KC"]
    for seat, others in ((alice, {"QC", "KC"}), (bob, {"TC", "JC"}), (spectator, CRIB)):
        assert not cards_named(view(state, seat)) & others
    assert view(state, spectator)["thrown"] is None


THROW_OPTIONS = [
    MatchOptions(match_target=2),
    MatchOptions(variant="five", scoring="manual", muggins=True, match_target=2),
    MatchOptions(players=3, match_target=2),
    MatchOptions(players=3, deal="dealer_six", match_target=2),
    MatchOptions(players=4, scoring="manual", muggins=True, match_target=2),
]


@pytest.mark.parametrize(
    "options",
    THROW_OPTIONS,
    ids=lambda o: f"{o.players}-players-{o.variant}-{o.scoring}-{o.deal}",
)
def test_over_whole_matches_each_seat_sees_only_its_own_throw(options):
    """Every step of a random match, at every table size: a seat's ``thrown`` is exactly its
    own throw (the right size for its role) until the next deal, the reducer carries it there
    from the seat's own events, and before the crib is shown no other seat's view names it."""
    steps = list(random_match(options, seed=7 + THROW_OPTIONS.index(options)))
    seats = steps[0].before.seats
    mirrored = {seat: view(steps[0].before, seat) for seat in (*seats, None)}
    throws_seen = 0
    for step in steps:
        state = step.after
        for seat in (*seats, None):
            for event in step.events:
                mirrored[seat] = reduce_view(mirrored[seat], event.for_viewer(seat))
            assert mirrored[seat] == view(state, seat)
        crib_shown = any(shown.kind == "crib" for shown in state.shown)
        for seat in seats:
            thrown = view(state, seat)["thrown"]
            own = state.discards[seat]
            assert thrown == ([] if own is None else [str(card) for card in own])
            if own is not None:
                throws_seen += 1
                assert len(thrown) == options.cards_thrown(dealer=seat == state.dealer)
            if state.phase not in ("discard", "play", "show") or crib_shown:
                continue
            # The cut for deal and a Muggins window may name last hand's cards, dealt again.
            for other in (*(s for s in seats if s != seat), None):
                seen = view(state, other)
                this_hand = {k: v for k, v in seen.items() if k not in ("cuts", "muggins")}
                assert not cards_named(this_hand) & {str(card) for card in own or ()}
        assert view(state, None)["thrown"] is None
    assert throws_seen > 0


@pytest.mark.parametrize(
    "options",
    THROW_OPTIONS,
    ids=lambda o: f"{o.players}-players-{o.variant}-{o.scoring}-{o.deal}",
)
def test_the_view_says_how_many_cards_each_seat_throws_at_every_table_size(options):
    """``legal.throw`` is the size of the discard the engine then takes from that seat (one
    with three or four, two for the dealer who takes six), and 0 for a seat that may not
    discard; the page's status line and hand bar say it, so they cannot disagree."""
    discards = 0
    for step in random_match(options, seed=11):
        for seat in (*step.before.seats, None):
            legal = view(step.before, seat)["legal"]
            assert legal["throw"] == (0 if not legal["discard"] else legal["throw"])
        if isinstance(step.action, Discard):
            discards += 1
            legal = view(step.before, step.action.seat)["legal"]
            assert legal["discard"] and legal["throw"] == len(step.action.cards)
    assert discards > 0


def test_the_throw_is_forgotten_at_the_next_deal(alice, bob):
    state, _ = ready_to_play(
        MatchOptions(), dealer=alice, pone_keeps="KH QH 4H TH", dealer_keeps="AD 5C 2D 2S"
    )
    assert len(view(state, alice)["thrown"]) == 2
    for step in random_match(MatchOptions(), seed=3):
        if any(event.type == "hand_started" for event in step.events) and step.after.hand > 1:
            assert all(view(step.after, seat)["thrown"] == [] for seat in step.after.seats)
            assert view(step.before, step.before.dealer)["thrown"] != []
            break
    else:
        pytest.fail("no second hand was dealt")


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
        "throw": 0,
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
