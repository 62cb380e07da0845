"""Real-time clocks through the services: what runs, what is charged, who runs out, and the
durable check that ends a match on time with nobody there.

Time passes without sleeping: a test moves the start of the current wait (``clock_since``) back,
which is exactly what the services read to charge the running clocks.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django_tasks_db.models import DBTaskResult

from games import engine, selectors, services
from games.engine.options import TimeControl
from games.models import Match, MatchEvent, Seat
from games.services.abandonment import abandonment_check_run
from games.services.clocks import clock_check_run
from games.services.recording import load_state
from games.services.timers import timers_requeue
from tests.server.driving import protocol_action, users_by_seat
from tests.server.test_protocol_doc import documented_event_examples
from tests.support.people import make_user
from tests.support.tasks import tasks_waiting

FIVE_PLUS_THREE = TimeControl("realtime", 300, 3)
BANK_MS = 300_000
# Real time the test itself takes between two steps, at most: the charge is never less than
# the time moved back, and never more than that plus this.
SLACK_MS = 3_000


@pytest.fixture
def timed(alice, bob) -> Match:
    """Alice and Bob in a one-game match at 5 min + 3 s, cards dealt."""
    match = services.match_create(creator=alice, options={"match_target": 1}, clock=FIVE_PLUS_THREE)
    return services.match_join(match=match, user=bob)


def stored(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def time_passes(match: Match, seconds: float) -> None:
    """The current wait began ``seconds`` earlier than it did."""
    since = stored(match).clock_since
    Match.objects.filter(pk=match.pk).update(clock_since=since - timedelta(seconds=seconds))


def discard_for(match: Match, seat: int) -> dict:
    state = load_state(stored(match))
    return protocol_action(engine.legal_actions(state, seat)[0])


def clock_events(match: Match) -> list[dict]:
    return [e.public["clock"] for e in MatchEvent.objects.filter(match=match, type="clock_changed")]


def test_both_clocks_start_with_the_bank_and_run_while_the_engine_waits_on_both(timed):
    match = stored(timed)
    assert match.clock_remaining == [BANK_MS, BANK_MS]
    assert match.clock_running == [0, 1]  # the discard waits on both seats
    assert match.clock_since is not None
    view = selectors.match_view(match=match, seat=0)
    assert view["clock"] == clock_events(match)[-1]
    assert view["clock"]["bank"] == 300 and view["clock"]["increment"] == 3


def test_an_action_charges_the_waiting_clocks_and_adds_the_increment_to_the_actor(timed, alice):
    time_passes(timed, 10)
    services.action_apply(match_id=timed.pk, user=alice, action=discard_for(timed, 0))
    match = stored(timed)
    alice_left, bob_left = match.clock_remaining
    assert BANK_MS - 10_000 + 3_000 - SLACK_MS <= alice_left <= BANK_MS - 10_000 + 3_000
    assert BANK_MS - 10_000 - SLACK_MS <= bob_left <= BANK_MS - 10_000
    assert match.clock_running == [1]  # only Bob still has to throw


def test_in_the_play_only_the_seat_to_play_has_its_clock_running(timed, alice, bob):
    services.action_apply(match_id=timed.pk, user=alice, action=discard_for(timed, 0))
    time_passes(timed, 20)
    services.action_apply(match_id=timed.pk, user=bob, action=discard_for(timed, 1))
    match = stored(timed)
    state = load_state(match)
    assert state.phase == "play"
    assert match.clock_running == sorted(engine.seats_to_act(state)) == [state.turn]
    waiting = 1 - state.turn
    before = list(match.clock_remaining)
    time_passes(match, 30)
    mover = users_by_seat(match)[state.turn]
    services.action_apply(match_id=match.pk, user=mover, action=discard_for(match, state.turn))
    after = stored(match).clock_remaining
    assert after[waiting] == before[waiting]  # not charged while the game did not wait on it
    assert before[state.turn] - 30_000 + 3_000 - SLACK_MS <= after[state.turn]
    assert after[state.turn] <= before[state.turn] - 30_000 + 3_000


def test_acting_after_the_flag_fell_loses_on_time_and_the_action_is_refused(timed, alice):
    time_passes(timed, 301)
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=timed.pk, user=alice, action=discard_for(timed, 0))
    assert refused.value.code == "out_of_time"
    match = stored(timed)
    assert match.status == Match.Status.FINISHED
    assert match.finish_reason == "time"
    assert match.winner_seat == 1
    # Both clocks ran out while both were to throw: the first seat's loses; both read zero.
    assert match.clock_remaining == [0, 0] and match.clock_running == []
    assert clock_events(match)[-1]["running"] == [] and clock_events(match)[-1]["since"] is None
    ended = MatchEvent.objects.get(match=match, type="match_ended")
    assert ended.public["reason"] == "time"


def test_when_both_clocks_ran_out_the_one_that_ran_out_first_loses(timed, alice):
    Match.objects.filter(pk=timed.pk).update(clock_remaining=[BANK_MS, 100_000])
    time_passes(timed, 301)
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=timed.pk, user=alice, action=discard_for(timed, 0))
    assert refused.value.code == "match_over"  # Bob's ran out first: Alice has won
    match = stored(timed)
    assert (match.winner_seat, match.finish_reason) == (0, "time")


def test_the_durable_check_ends_the_match_on_time_with_nobody_acting_and_runs_once(timed, alice):
    services.action_apply(match_id=timed.pk, user=alice, action=discard_for(timed, 0))
    match = stored(timed)
    seq = match.last_seq
    queued = tasks_waiting("games.tasks.clock_check")
    assert seq in {task.args_kwargs["kwargs"]["seq"] for task in queued}
    assert clock_check_run(match_id=match.pk, seq=seq) is False  # Bob still has time
    time_passes(match, 301)
    assert clock_check_run(match_id=match.pk, seq=seq - 1) is False  # a stale check stands down
    assert clock_check_run(match_id=match.pk, seq=seq) is True
    match = stored(match)
    assert (match.status, match.finish_reason, match.winner_seat) == ("finished", "time", 0)
    events = MatchEvent.objects.filter(match=match).count()
    assert clock_check_run(match_id=match.pk, seq=seq) is False  # run twice: nothing more
    assert MatchEvent.objects.filter(match=match).count() == events


def test_the_start_up_sweep_queues_the_check_of_a_running_clock_once(timed):
    assert timers_requeue()["clock_checks"] == 0  # the start queued one already
    DBTaskResult.objects.filter(task_path="games.tasks.clock_check").delete()  # a lost task
    assert timers_requeue()["clock_checks"] == 1
    assert timers_requeue()["clock_checks"] == 0
    [check] = tasks_waiting("games.tasks.clock_check")
    assert check.args_kwargs["kwargs"] == {"match_id": timed.pk, "seq": stored(timed).last_seq}


def test_a_match_without_a_clock_has_none_in_its_view_and_no_clock_events(match):
    assert "clock" not in selectors.match_view(match=match, seat=0)
    assert clock_events(match) == []


def test_a_rated_match_always_has_a_clock(alice, bob):
    rated = services.match_create(creator=alice, rated=True)
    assert rated.time_control.timed
    with pytest.raises(services.ServiceError) as refused:
        services.match_create(creator=alice, rated=True, clock=TimeControl())
    assert refused.value.code == "rated_needs_clock"


@pytest.mark.parametrize(
    ("kind", "bank", "increment"),
    [("realtime", 10, 0), ("realtime", 300, 61), ("fast", 300, 3), ("none", 60, 0)],
)
def test_a_time_control_no_clock_can_run_is_refused(kind, bank, increment):
    with pytest.raises(engine.IllegalAction):
        TimeControl(kind, bank, increment)


def three_whose_clocks_ran_out() -> tuple[list, Match]:
    """ann, ben and cat at a table of three at 5 min + 3 s, all out of time before a throw."""
    people = [make_user(name) for name in ("ann", "ben", "cat")]
    match = services.match_create(
        creator=people[0], options={"players": 3, "match_target": 1}, clock=FIVE_PLUS_THREE
    )
    for person in people[1:]:
        match = services.match_join(match=match, user=person)
    time_passes(match, 301)
    assert clock_check_run(match_id=match.pk, seq=stored(match).last_seq) is True
    return people, match


def test_at_a_table_of_three_the_computer_plays_for_a_seat_that_ran_out(db, settings):
    people, match = three_whose_clocks_ran_out()
    match = stored(match)
    assert match.status == Match.Status.ACTIVE  # the match goes on
    assert match.clock_remaining == [0, 0, 0] and match.clock_running == []
    announced = MatchEvent.objects.filter(match=match, type="seat_timed_out")
    assert [event.public["seat"] for event in announced] == [0, 1, 2]
    # The seats stay the people's (their names and results); the computer plays them.
    seats = Seat.objects.filter(match=match).order_by("number")
    assert [(seat.user.username, seat.is_bot) for seat in seats] == [
        ("ann", False),
        ("ben", False),
        ("cat", False),
    ]
    assert selectors.seats_out_of_time(match) == [0, 1, 2]
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=match.pk, user=people[1], action=discard_for(match, 1))
    assert refused.value.code == "out_of_time"
    assert tasks_waiting("games.tasks.bot_turn")
    # Gone from the table, they are not abandoning it: the computer holds nothing up.
    settings.ABANDON_AFTER_SECONDS = 0
    assert not abandonment_check_run(match_id=match.pk, user_id=people[1].pk, absent_since=None)
    assert stored(match).status == Match.Status.ACTIVE


def test_the_protocol_docs_clock_examples_have_the_real_events_fields(db):
    examples = dict(documented_event_examples())
    people = [make_user(name) for name in ("ann", "ben", "cat")]
    match = services.match_create(
        creator=people[0], options={"players": 3, "match_target": 1}, clock=FIVE_PLUS_THREE
    )
    for person in people[1:]:
        match = services.match_join(match=match, user=person)
    time_passes(match, 301)
    clock_check_run(match_id=match.pk, seq=stored(match).last_seq)
    for kind in ("clock_changed", "seat_timed_out"):
        real = MatchEvent.objects.filter(match=match, type=kind).last()
        assert set(real.public) == set(examples[kind]["data"])
    clock = MatchEvent.objects.filter(match=match, type="clock_changed").last().public["clock"]
    assert set(clock) == set(examples["clock_changed"]["data"]["clock"])


def test_the_transcript_says_when_the_computer_took_over_a_seat_that_ran_out(db):
    from review.export import match_transcript
    from tests.support.tasks import tasks_run_due

    _, match = three_whose_clocks_ran_out()
    for _ in range(2000):  # the computer plays every seat to the end of the game
        if stored(match).status != Match.Status.ACTIVE or not tasks_run_due():
            break
    assert stored(match).status == Match.Status.FINISHED
    transcript = match_transcript(match=stored(match))
    said = [line for line in transcript.splitlines() if "clock ran out" in line]
    assert said == [
        f"{name}'s clock ran out: the computer plays for them from here."
        for name in ("ann", "ben", "cat")
    ]
    # Told before the first card was thrown, where it happened.
    first_throw = next(
        i for i, line in enumerate(transcript.splitlines()) if "throws" in line or "discard" in line
    )
    assert transcript.splitlines().index(said[0]) < first_throw
