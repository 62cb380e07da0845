"""The working copy ``apply`` builds on declares exactly the state's fields, with its types.

Draft copies a MatchState's fields through ``__dict__`` (fast), which a type checker cannot
follow, so Draft declares them again; this keeps the two declarations one list.
"""

from __future__ import annotations

from typing import get_type_hints

from games.engine import MatchOptions, new_match
from games.engine.draft import Draft
from games.engine.state import FIELD_NAMES, MatchState


def test_draft_declares_every_state_field_with_the_same_type():
    draft_fields = get_type_hints(Draft)
    assert draft_fields.pop("events") is not None
    assert draft_fields == get_type_hints(MatchState)
    assert tuple(draft_fields) == FIELD_NAMES


def test_a_frozen_draft_is_an_equal_state_and_the_input_is_untouched():
    state = new_match(MatchOptions(players=3))
    draft = Draft(state)
    draft.scores = (5, 0, 0)
    frozen = draft.freeze()
    assert isinstance(frozen, MatchState)
    assert frozen.scores == (5, 0, 0)
    assert state.scores == (0, 0, 0)
    assert frozen == MatchState(**{**state.__dict__, "scores": (5, 0, 0)})
