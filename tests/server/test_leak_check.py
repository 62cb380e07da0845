"""The leak check itself (tests/server/leaks.py) catches a secret in every kind of frame, not only
in events: hello, synced and the events it replays, ack, error."""

from __future__ import annotations

import pytest

from games import engine
from tests.server.leaks import leaks

DECK = [str(card) for card in engine.full_deck()]
MINE = DECK[0:12:2]  # dealer 1: seat 0 is the pone, dealt deck[0], deck[2], ...
THEIRS = DECK[1:12:2]


def event(seq: int, kind: str, **data) -> dict:
    return {"type": "event", "seq": seq, "event": {"type": kind, "data": data}}


DEALT = [
    event(1, "shuffle_committed", shuffle=1),
    event(2, "hand_started", dealer=1, cards=MINE),
]


def check(*frames: dict) -> list[str]:
    return leaks([*DEALT, *frames], seat=0, decks={1: DECK}, hand_size=6)


def test_frames_that_say_only_what_the_seat_knows_pass():
    assert (
        check(
            {"type": "ack", "action_id": "c-1", "seq": 2, "duplicate": False},
            {
                "type": "error",
                "code": "card_not_in_hand",
                "message": f"{MINE[0]} is not in your hand",
                "action_id": None,
            },
            {"type": "synced", "seq": 2, "events": DEALT},
            {"type": "pong"},
        )
        == []
    )


def test_an_error_naming_the_opponents_card_is_a_leak():
    frame = {
        "type": "error",
        "code": "over_31",
        "message": f"{THEIRS[0]} would take the count from 25 past 31",
        "action_id": "c-9",
    }
    assert check(frame) == [f"error over_31 names ['{THEIRS[0]}'] to seat 0"]


def test_a_synced_replay_is_checked_like_live_events():
    leak = event(3, "discarded", seat=1, cards=THEIRS[:2])
    assert check({"type": "synced", "seq": 3, "events": [leak]}) == [
        f"seq 3: discarded shows {sorted(THEIRS[:2])} to seat 0"
    ]
    changed = event(2, "hand_started", dealer=1, cards=THEIRS)
    assert check({"type": "synced", "seq": 2, "events": [changed]}) == [
        "seq 2: sent twice with different contents"
    ]


@pytest.mark.parametrize(
    ("frame", "problem"),
    [
        (
            {"type": "ack", "action_id": "c-1", "seq": 2, "duplicate": False, "cards": THEIRS},
            "ack has fields ['action_id', 'cards', 'duplicate', 'seq', 'type']",
        ),
        ({"type": "pong", "deck": DECK}, "pong has fields ['deck', 'type']"),
        ({"type": "debug", "state": {}}, "a 'debug' frame, which the leak check does not know"),
    ],
)
def test_acks_and_other_frames_carry_exactly_their_fields(frame, problem):
    assert check(frame) == [problem]


def test_a_hello_is_checked_whole_and_resets_what_the_viewer_knows():
    hello = {
        "type": "hello",
        "seq": 2,
        "fairness": {"shuffle": 1},
        "players": [],
        "view": {
            "dealer": 1,
            "cuts": None,
            "starter": None,
            "played": [],
            "shown": [],
            "cards": MINE,
        },
    }
    assert check(hello) == []
    assert check({**hello, "salt": "00"}) == ["hello carries a deck or salt"]
    peeking = {**hello, "view": {**hello["view"], "cards": [*MINE, THEIRS[0]]}}
    assert check(peeking) == [f"hello shows ['{THEIRS[0]}'] to seat 0"]
