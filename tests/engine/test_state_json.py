"""The state's one JSON form: what the database holds, and what the views and timeline reuse.

``tests/engine/stored/states.json`` holds three states saved (``MatchState.to_dict``) before the
serialiser was made one table, taken from random manual-scoring matches with Muggins: one with a
claim pending at a table of three, one with a Muggins window open over a hand laid out in the
show, one with a game just won. Snapshots in the database are of that form, so they must load
and save again to the same text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import MatchState, new_match, view
from games.engine.options import MatchOptions
from games.engine.state import FIELD_NAMES, state_json
from games.engine.views import PUBLIC_FIELDS

STORED = json.loads((Path(__file__).parent / "stored" / "states.json").read_text())
# Fields only the server may hold: the deck, every seat's cards, the truth of a claim.
SECRET_FIELDS = {"deck", "held", "kept", "discards", "pending", "window"}


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_state_stored_before_loads_and_saves_to_the_same_text(name):
    stored = STORED[name]
    assert json.dumps(MatchState.from_dict(stored).to_dict()) == json.dumps(stored)


def test_the_stored_states_hold_what_they_are_kept_for():
    assert MatchState.from_dict(STORED["pending"]).pending is not None
    window = MatchState.from_dict(STORED["window"]).window
    assert window is not None and window.cards and window.starter is not None
    assert MatchState.from_dict(STORED["game_result"]).game_result is not None


def test_a_window_saved_before_it_kept_its_cards_and_pegs_still_loads():
    stored = json.loads(json.dumps(STORED["window"]))
    for key in ("cards", "starter", "pegged_from", "rear_before"):
        del stored["window"][key]
    window = MatchState.from_dict(stored).window
    assert window is not None
    assert (window.cards, window.starter, window.pegged_from, window.rear_before) == (
        (),
        None,
        None,
        None,
    )
    assert window.claimed == STORED["window"]["window"]["claimed"]


def test_every_field_of_the_state_has_its_json_form():
    state = new_match(MatchOptions(players=3))
    assert list(state.to_dict()) == list(FIELD_NAMES)
    assert MatchState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_the_view_takes_its_public_fields_from_the_one_form():
    state = MatchState.from_dict(STORED["window"])
    stored = STORED["window"]
    for seat in (*state.seats, None):
        seen = view(state, seat)
        assert {name: seen[name] for name in PUBLIC_FIELDS} == state_json(state, PUBLIC_FIELDS)
        assert {name: seen[name] for name in PUBLIC_FIELDS} == {k: stored[k] for k in PUBLIC_FIELDS}


def test_no_view_passes_on_a_field_only_the_server_may_hold():
    assert not SECRET_FIELDS & set(PUBLIC_FIELDS)
    state = MatchState.from_dict(STORED["window"])
    seen = view(state, None)
    assert not SECRET_FIELDS & set(seen)
    assert "actual" not in seen["muggins"] and "items" not in seen["muggins"]
