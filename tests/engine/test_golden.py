"""Golden replays: recorded action logs must rebuild exactly the recorded final state.

The files are written by ``python -m tests.engine.record_golden``; a failure here means a rule
(or the state's JSON form) changed. If the change was intended, re-record and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import MatchOptions, action_from_dict, replay

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_there_are_golden_replays_of_every_variant_and_scoring_mode():
    options = {tuple(sorted(load(path)["options"].items())) for path in GOLDEN_FILES}
    variants = {dict(o)["variant"] for o in options}
    modes = {(dict(o)["scoring"], dict(o)["muggins"]) for o in options}
    assert variants == {"six", "five"}
    assert {("auto", False), ("manual", False), ("manual", True)} <= modes


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_a_recorded_match_replays_to_its_recorded_end(path):
    golden = load(path)
    options = MatchOptions.from_dict(golden["options"])
    state, events = replay(options, [action_from_dict(data) for data in golden["actions"]])
    assert [event.type for event in events] == golden["event_types"]
    assert state.to_dict() == golden["final"]


def test_the_worked_example_hand_scores_as_counted_by_hand():
    # Play: pone 3+6+1 = 10, dealer 2+2+2+1 = 7. Show (starter 2C): pone 6 8 9 9 = 6,
    # dealer 7 9 T J = run 3 + flush 4 = 7, crib 5 4 K Q (clubs) = fifteens 4 + flush 5 = 9.
    golden = load(GOLDEN_DIR / "worked_example_hand.json")
    assert golden["final"]["scores"] == [7 + 7 + 9, 10 + 6]
    assert [shown["total"] for shown in golden["final"]["shown"]] == [6, 7, 9]
