"""docs/protocol.md is the contract with the page: every event type and error code the engine and
the server can produce is documented there, and its examples are real messages."""

from __future__ import annotations

import ast
import json
import random
import re

import pytest

from games import engine
from games.protocol import parse_frame
from tests.support.servers import PROJECT_DIR

PROTOCOL_DOC = (PROJECT_DIR / "docs" / "protocol.md").read_text()
CODE_RAISERS = {"IllegalAction", "ServiceError", "ProtocolError", "error_frame", "_refuse"}
EVENT_MAKERS = {"emit", "Event", "record_event"}
# Built by the server, not the engine: their payloads are checked by the server tests.
SERVER_EVENTS = {
    "player_joined",
    "match_started",
    "shuffle_committed",
    "shuffle_revealed",
    "clock_changed",  # tests/server/test_clocks.py checks these two against real events
    "seat_timed_out",
}


def string_arguments(call: ast.Call) -> list[str]:
    """The call's literal strings: positional ones first, then keyword ones (``event_type=``)."""
    values = [*call.args, *(keyword.value for keyword in call.keywords)]
    return [
        value.value
        for value in values
        if isinstance(value, ast.Constant) and isinstance(value.value, str)
    ]


def produced_in_source() -> tuple[set[str], set[str]]:
    """(error codes, event types) named as literals anywhere under games/."""
    codes: set[str] = set()
    events: set[str] = set()
    for path in (PROJECT_DIR / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            strings = string_arguments(node)
            if not strings:
                continue
            if name in CODE_RAISERS or (
                name == "__init__" and isinstance(node.func.value, ast.Call)  # super().__init__
            ):
                codes.add(strings[0])
            elif name in EVENT_MAKERS and re.fullmatch(r"[a-z_]+", strings[0]):
                events.add(strings[0])
    return codes, events


def documented_event_examples() -> list[tuple[str, dict]]:
    """(row type, example event) for each row of the event table."""
    rows = re.findall(r"^\| `([a-z_]+)(?: \([^)]*\))?` \| `(\{.*?\})`", PROTOCOL_DOC, re.M)
    return [(kind, json.loads(example)) for kind, example in rows]


def test_every_error_code_in_the_source_is_documented():
    codes, _ = produced_in_source()
    assert {"claim_pending", "not_seated", "rate_limited", "not_waiting_on_seat"} <= codes
    missing = sorted(code for code in codes if f"`{code}`" not in PROTOCOL_DOC)
    assert missing == []


def test_every_event_type_has_a_documented_example():
    _, events = produced_in_source()
    assert {"points_awarded", "claim_made", "player_joined", "shuffle_revealed"} <= events
    documented = {kind for kind, _ in documented_event_examples()}
    assert sorted(events - documented) == []


def real_event_shapes() -> dict[str, set[frozenset[str]]]:
    """Every payload shape each engine event takes for seat 0, over random matches of every kind."""
    shapes: dict[str, set[frozenset[str]]] = {}
    all_options = [
        engine.MatchOptions(variant=variant, scoring=scoring, muggins=scoring == "manual")
        for variant in ("six", "five")
        for scoring in ("auto", "manual")
    ]
    for options in all_options:
        for seed in range(4):
            rng = random.Random(seed)
            state = engine.new_match(
                engine.MatchOptions(**{**options.to_dict(), "match_target": 1})
            )
            while state.phase != "match_over":
                if engine.needs_shuffle(state):
                    action = engine.Shuffle(engine.shuffled_deck(rng))
                else:
                    seat = rng.choice(sorted(engine.seats_to_act(state)))
                    action = rng.choice(engine.legal_actions(state, seat))
                state, events = engine.apply(state, action)
                for event in events:
                    seen = event.for_viewer(0)
                    shapes.setdefault(seen["type"], set()).add(frozenset(seen["data"]))
    return shapes


def test_each_documented_engine_event_example_has_a_real_payload_shape():
    shapes = real_event_shapes()
    for kind, example in documented_event_examples():
        assert example["type"] == kind
        if kind in SERVER_EVENTS:
            continue
        assert frozenset(example["data"]) in shapes[kind], (kind, sorted(example["data"]))


@pytest.mark.parametrize(
    "example",
    re.findall(r"^\| [^|`]+ \| `(\{\"type\": .*?\})` \|$", PROTOCOL_DOC, re.M),
)
def test_each_documented_client_message_is_accepted_as_written(example):
    message = parse_frame(example)
    assert message.type == json.loads(example)["type"]
