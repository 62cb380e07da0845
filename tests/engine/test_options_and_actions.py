"""Match options and the JSON forms of actions and events."""

from __future__ import annotations

import json

import pytest

from games.engine import (
    Claim,
    Discard,
    Event,
    IllegalAction,
    MatchOptions,
    Muggins,
    Play,
    Resign,
    Shuffle,
    action_from_dict,
    action_to_dict,
    full_deck,
    parse_card,
    parse_cards,
)


def test_the_six_card_game_goes_to_121_with_six_cards():
    options = MatchOptions()
    assert (options.game_target, options.hand_size, options.skunk_line) == (121, 6, 91)
    assert options.double_skunk_line == 61
    assert options.pone_start_points == 0
    assert options.match_target == 7


def test_the_five_card_game_goes_to_61_with_five_cards():
    options = MatchOptions(variant="five")
    assert (options.game_target, options.hand_size, options.skunk_line) == (61, 5, 31)
    assert options.double_skunk_line is None
    assert options.pone_start_points == 3


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "seven"},
        {"scoring": "magic"},
        {"muggins": True},  # Muggins needs manual scoring
        {"scoring": "manual", "muggins": "yes"},
        {"match_target": 0},
        {"match_target": True},
        {"match_target": 2.5},
    ],
)
def test_it_rejects_options_that_describe_no_match(kwargs):
    with pytest.raises(IllegalAction) as error:
        MatchOptions(**kwargs)
    assert error.value.code == "bad_options"


def test_options_survive_json_and_unknown_keys_are_refused():
    options = MatchOptions(variant="five", scoring="manual", muggins=True, match_target=1)
    assert MatchOptions.from_dict(json.loads(json.dumps(options.to_dict()))) == options
    with pytest.raises(IllegalAction) as error:
        MatchOptions.from_dict({"variant": "six", "mugins": True})
    assert error.value.code == "bad_options"


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Discard(0, parse_cards("5H JD")), {"type": "discard", "seat": 0, "cards": ["5H", "JD"]}),
        (Play(1, parse_card("7C")), {"type": "play", "seat": 1, "card": "7C"}),
        (Claim(0, 4), {"type": "claim", "seat": 0, "points": 4}),
        (Muggins(1), {"type": "muggins", "seat": 1}),
        (Resign(0), {"type": "resign", "seat": 0}),
        (Resign(1, "abandoned"), {"type": "resign", "seat": 1, "reason": "abandoned"}),
    ],
)
def test_actions_have_the_documented_json_form(action, data):
    assert action_to_dict(action) == data
    assert action_from_dict(data) == action


def test_a_shuffle_carries_the_whole_deck_as_text():
    deck = full_deck()
    data = action_to_dict(Shuffle(deck))
    assert data["type"] == "shuffle" and data["deck"][:3] == ["AS", "AH", "AD"]
    assert action_from_dict(data) == Shuffle(deck)


def test_an_events_private_part_reaches_only_its_seat(alice, bob, spectator):
    event = Event("discarded", {"seat": alice}, {alice: {"cards": ["5H", "JD"]}})
    assert event.for_viewer(alice) == {
        "type": "discarded",
        "data": {"seat": 0, "cards": ["5H", "JD"]},
    }
    assert event.for_viewer(bob) == {"type": "discarded", "data": {"seat": 0}}
    assert event.for_viewer(spectator) == {"type": "discarded", "data": {"seat": 0}}
    assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_a_resignation_reason_must_be_one_the_rules_know():
    with pytest.raises(IllegalAction) as error:
        action_from_dict({"type": "resign", "seat": 0, "reason": "timeout"})
    assert error.value.code == "bad_action"
