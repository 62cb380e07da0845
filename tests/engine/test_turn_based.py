"""Turn-based play in the engine: the days-per-move time control, and the Muggins window
measured in moves (the claimant's side waits on its opponents' call or pass)."""

from __future__ import annotations

import pytest

from games.engine import (
    Claim,
    IllegalAction,
    MatchOptions,
    Muggins,
    MugginsPass,
    Play,
    action_from_dict,
    action_to_dict,
    apply,
    legal_actions,
    parse_cards,
    seats_to_act,
    seats_waited_on,
    view,
)
from games.engine.options import SECONDS_PER_DAY, BadTimeControl, TimeControl
from games.engine.reducer import reduce_view
from tests.engine.builders import ready_to_play, types

TURN_BASED = MatchOptions(scoring="manual", muggins=True, turn_based=True)
LIVE = MatchOptions(scoring="manual", muggins=True)


# The time control ------------------------------------------------------------------------


@pytest.mark.parametrize("days", [1, 3, 7])
def test_days_per_move_reads_and_names_itself(days):
    control = TimeControl.parse(f"{days}d")
    assert (control.kind, control.bank, control.increment) == ("days", days * SECONDS_PER_DAY, 0)
    assert control.turn_based and control.timed and control.days == days
    assert control.key == f"{days}d"
    assert control.label == f"{days} day{'s' if days > 1 else ''} per move"


@pytest.mark.parametrize("key", ["2d", "0d", "14d", "d", "3days", "-3d", "3d+1", "1000d"])
def test_a_days_key_other_than_one_three_or_seven_is_refused(key):
    with pytest.raises(BadTimeControl):
        TimeControl.parse(key)


@pytest.mark.parametrize(
    ("bank", "increment"),
    [(3 * SECONDS_PER_DAY, 5), (2 * SECONDS_PER_DAY, 0), (float(SECONDS_PER_DAY), 0), (True, 0)],
)
def test_a_days_control_with_an_increment_or_another_length_is_refused(bank, increment):
    with pytest.raises(BadTimeControl):
        TimeControl("days", bank, increment)


def test_real_time_keys_still_read_as_before():
    assert TimeControl.parse("300+3") == TimeControl("realtime", 300, 3)
    assert not TimeControl.parse("300+3").turn_based
    assert TimeControl.parse("300+3").days == 0


def test_turn_based_options_are_left_out_of_the_json_when_off_and_checked_when_on():
    assert "turn_based" not in LIVE.to_dict()
    assert TURN_BASED.to_dict()["turn_based"] is True
    assert MatchOptions.from_dict(TURN_BASED.to_dict()) == TURN_BASED
    with pytest.raises(IllegalAction):
        MatchOptions(turn_based="yes")  # type: ignore[arg-type]


# The Muggins window in moves --------------------------------------------------------------


def shown_until_the_dealers_crib(options: MatchOptions):
    """Pone alice (0) 3 3 4 Q, dealer bob (1) A A 2 5, starter 2C: every card played and claimed
    truly, alice's and bob's hands claimed truly; bob's crib claim is next, and alice may call
    Muggins on bob's hand claim."""
    state, _ = ready_to_play(
        options, dealer=1, pone_keeps="3S 3H 4S QS", dealer_keeps="AD AC 2D 5D", starter="2C"
    )
    for card in parse_cards("4S AD 3S AC 3H 2D QS 5D"):
        seat = state.turn
        state, _ = apply(state, Play(seat, card))
        state, _ = apply(state, Claim(seat, state.pending.actual))
    state, _ = apply(state, Claim(0, state.pending.actual))  # alice's hand
    state, _ = apply(state, Claim(1, state.pending.actual))  # bob's hand
    assert state.pending.seat == 1 and state.pending.subject == "crib"
    assert state.window is not None and state.window.claimant == 1
    return state


def test_in_a_turn_based_match_the_claimants_next_claim_waits_on_the_opponents_move():
    state = shown_until_the_dealers_crib(TURN_BASED)
    # Bob may not claim his crib while alice may still call Muggins on his hand.
    assert seats_to_act(state) == {0}
    assert seats_waited_on(state) == {0}  # her clock runs: she must call or pass
    assert legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as refused:
        apply(state, Claim(1, 0))
    assert refused.value.code == "muggins_window_open"
    assert MugginsPass(0) in legal_actions(state, 0)
    # She passes: the truth is revealed, and bob's crib claim is his again.
    passed, events = apply(state, MugginsPass(0))
    assert types(events) == ["score_revealed"]
    assert passed.window is None
    assert seats_to_act(passed) == {1} and seats_waited_on(passed) == {1}


def test_a_call_closes_the_window_too():
    state = shown_until_the_dealers_crib(TURN_BASED)
    called, events = apply(state, Muggins(0, 5))
    assert types(events)[:1] == ["muggins_called"]
    assert called.window is None and seats_to_act(called) == {1}


def test_in_a_live_match_the_claimants_next_claim_closes_the_window_and_nobody_passes():
    state = shown_until_the_dealers_crib(LIVE)
    assert seats_to_act(state) == {0, 1}
    assert seats_waited_on(state) == {1}  # alice's call is optional
    assert MugginsPass(0) not in legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        apply(state, MugginsPass(0))
    assert refused.value.code == "muggins_not_allowed"
    claimed, _ = apply(state, Claim(1, 0))
    assert claimed.window is not None and claimed.window.subject == "crib"


def test_the_claimant_may_not_pass_on_their_own_claim():
    state = shown_until_the_dealers_crib(TURN_BASED)
    with pytest.raises(IllegalAction) as refused:
        apply(state, MugginsPass(1))
    assert refused.value.code == "muggins_not_allowed"


def test_when_the_opponent_moves_next_anyway_its_move_closes_the_window():
    state, _ = ready_to_play(
        TURN_BASED, dealer=1, pone_keeps="3S 3H 4S QS", dealer_keeps="AD AC 2D 5D", starter="2C"
    )
    state, _ = apply(state, Play(0, parse_cards("4S")[0]))
    state, _ = apply(state, Claim(0, 0))
    assert state.window is not None
    assert seats_to_act(state) == {1} and seats_waited_on(state) == {1}
    state, events = apply(state, Play(1, parse_cards("AD")[0]))
    assert state.window is None and "score_revealed" in types(events)


def test_the_views_legal_block_agrees_with_the_engine_for_the_held_claimant():
    state = shown_until_the_dealers_crib(TURN_BASED)
    bobs = view(state, 1)
    assert bobs["to_act"] == [0]
    assert bobs["legal"]["claim"] is None
    alices = view(state, 0)
    assert alices["legal"]["muggins"] is True
    assert alices["options"]["turn_based"] is True
    # The reducer applies the pass's events to the old view and gets the new one.
    passed, events = apply(state, MugginsPass(0))
    for seat in (0, 1, None):
        folded = view(state, seat)
        for event in events:
            folded = reduce_view(folded, event.for_viewer(seat))
        assert folded == view(passed, seat)


def test_a_pass_reads_and_writes_as_json():
    assert action_to_dict(MugginsPass(0)) == {"type": "muggins_pass", "seat": 0}
    assert action_from_dict({"type": "muggins_pass", "seat": 0}) == MugginsPass(0)
