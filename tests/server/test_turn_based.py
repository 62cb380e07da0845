"""Turn-based matches (days per move) through the services: the clock that gives each move its
days afresh, running out with nobody there (two seats and three), no abandonment, the "your
turn" notice, coming back days later in step, and the computer passing on Muggins.

Time passes without sleeping, as in tests/server/test_clocks.py: a test moves the start of the
current wait (``clock_since``) back, which is exactly what the services charge from.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import guest_create
from games import engine, selectors, services
from games.engine.options import SECONDS_PER_DAY, TimeControl
from games.models import Match, MatchEvent, PresenceLease
from games.services.abandonment import abandonment_check_run
from games.services.clocks import clock_check_run
from games.services.recording import load_state
from games.services.timers import timers_requeue
from kernel.notices import notice_published
from lobby.services import LobbyError, abandonment_claim
from tests.server.driving import protocol_action
from tests.support import presence
from tests.support.people import make_user
from tests.support.tasks import tasks_run_due, tasks_waiting

THREE_DAYS = TimeControl.parse("3d")
THREE_DAYS_MS = 3 * SECONDS_PER_DAY * 1000
DAY = SECONDS_PER_DAY


@pytest.fixture
def notices():
    """Every Notice published while the test runs (the notifications app's seat)."""
    told: list = []

    def receive(sender, notice, **kwargs):
        told.append(notice)

    notice_published.connect(receive, weak=False, dispatch_uid="test-turn-based")
    yield told
    notice_published.disconnect(dispatch_uid="test-turn-based")


@pytest.fixture
def days_match(alice, bob) -> Match:
    """Alice and Bob at three days per move, one game, cards dealt."""
    match = services.match_create(creator=alice, options={"match_target": 1}, clock=THREE_DAYS)
    return services.match_join(match=match, user=bob)


def stored(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def time_passes(match: Match, seconds: float) -> None:
    since = stored(match).clock_since
    Match.objects.filter(pk=match.pk).update(clock_since=since - timedelta(seconds=seconds))


def first_legal(match: Match, seat: int) -> dict:
    return protocol_action(engine.legal_actions(load_state(stored(match)), seat)[0])


def both_discard(match: Match, alice, bob) -> None:
    services.action_apply(match_id=match.pk, user=alice, action=first_legal(match, 0))
    services.action_apply(match_id=match.pk, user=bob, action=first_legal(match, 1))


def test_each_seat_starts_with_its_days_and_the_match_is_turn_based(days_match):
    match = stored(days_match)
    assert match.time_control == THREE_DAYS
    assert match.clock_remaining == [THREE_DAYS_MS, THREE_DAYS_MS]
    assert match.clock_running == [0, 1]
    assert load_state(match).options.turn_based is True
    assert selectors.match_view(match=match, seat=0)["options"]["turn_based"] is True


def test_a_new_wait_gets_the_full_days_and_a_seat_already_waited_on_keeps_what_it_had(
    days_match, alice, bob
):
    time_passes(days_match, DAY)
    services.action_apply(match_id=days_match.pk, user=alice, action=first_legal(days_match, 0))
    match = stored(days_match)
    assert match.clock_running == [1]
    # Bob was waited on already: a day of his move is spent, nothing is given back.
    assert (
        THREE_DAYS_MS - DAY * 1000 - 5000 <= match.clock_remaining[1] <= THREE_DAYS_MS - DAY * 1000
    )
    time_passes(match, DAY)
    services.action_apply(match_id=match.pk, user=bob, action=first_legal(match, 1))
    match = stored(match)
    pone = load_state(match).turn
    assert match.clock_running == [pone]
    # The pone's move is a new wait: the full three days, however long the throw took.
    assert match.clock_remaining[pone] == THREE_DAYS_MS


def test_running_out_of_days_loses_a_two_seat_match_with_nobody_there_and_the_check_runs_once(
    days_match, alice
):
    services.action_apply(match_id=days_match.pk, user=alice, action=first_legal(days_match, 0))
    seq = stored(days_match).last_seq
    queued = [
        t for t in tasks_waiting("games.tasks.clock_check") if t.args_kwargs["kwargs"]["seq"] == seq
    ]
    assert queued and queued[0].run_after > timezone.now() + timedelta(days=2, hours=23)
    time_passes(days_match, 3 * DAY - 60)
    assert clock_check_run(match_id=days_match.pk, seq=seq) is False  # a minute left
    time_passes(days_match, 61)
    assert clock_check_run(match_id=days_match.pk, seq=seq) is True
    match = stored(days_match)
    assert (match.status, match.finish_reason, match.winner_seat) == ("finished", "time", 0)
    events = MatchEvent.objects.filter(match=match).count()
    assert clock_check_run(match_id=match.pk, seq=seq) is False  # run twice: nothing more
    assert MatchEvent.objects.filter(match=match).count() == events


def test_at_a_table_of_three_the_computer_takes_the_seat_that_ran_out_of_days(db):
    people = [make_user(name) for name in ("ann", "ben", "cat")]
    match = services.match_create(
        creator=people[0], options={"players": 3, "match_target": 1}, clock=THREE_DAYS
    )
    for person in people[1:]:
        match = services.match_join(match=match, user=person)
    # Ann and Ben throw; Cat never does.
    for seat in (0, 1):
        services.action_apply(match_id=match.pk, user=people[seat], action=first_legal(match, seat))
    time_passes(match, 3 * DAY + 1)
    assert clock_check_run(match_id=match.pk, seq=stored(match).last_seq) is True
    match = stored(match)
    assert match.status == Match.Status.ACTIVE
    assert selectors.seats_out_of_time(match) == [2]
    timed_out = MatchEvent.objects.get(match=match, type="seat_timed_out")
    assert timed_out.public["seat"] == 2
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=match.pk, user=people[2], action={"type": "resign"})
    assert refused.value.code == "out_of_time"


def test_closing_the_page_abandons_nothing_and_the_opponent_cannot_claim(
    days_match, alice, bob, settings
):
    settings.ABANDON_AFTER_SECONDS = 0
    presence.arrives(alice, match=days_match)
    presence.leaves(bob, match=days_match, seconds_ago=10 * DAY)
    assert PresenceLease.objects.filter(user=bob, match=days_match).exists()
    assert tasks_waiting("games.tasks.abandonment_check") == []
    # A check queued before (or by a sweep) stands down.
    assert not abandonment_check_run(match_id=days_match.pk, user_id=bob.pk, absent_since=None)
    assert timers_requeue()["abandonment_checks"] == 0
    with pytest.raises(LobbyError) as refused:
        abandonment_claim(match_id=days_match.pk, user=alice)
    assert refused.value.code == "turn_based_no_claim"
    assert stored(days_match).status == Match.Status.ACTIVE


def test_a_player_comes_back_days_later_to_the_same_table_in_step(days_match, alice, bob):
    services.action_apply(match_id=days_match.pk, user=alice, action=first_legal(days_match, 0))
    alice_saw = stored(days_match).last_seq
    time_passes(days_match, 2 * DAY)  # Bob thinks for two days, then throws
    services.action_apply(match_id=days_match.pk, user=bob, action=first_legal(days_match, 1))
    # Alice opens the page again with the last event she had: she is sent what she missed,
    # and folding it into her old view gives the table as it is.
    old = selectors.match_view(match=stored(days_match), seat=0)
    synced = selectors.match_sync(match_id=days_match.pk, seat=0, seq=alice_saw)
    assert synced["type"] == "synced" and synced["seq"] == stored(days_match).last_seq
    assert synced["events"][0]["seq"] == alice_saw + 1
    hello = selectors.match_hello(match=stored(days_match), seat=0)
    assert hello["view"]["discarded"] == [True, True]
    assert old["discarded"] == [True, True]


def test_your_turn_is_published_once_per_new_wait_on_a_person_only_for_days(alice, bob, notices):
    match = services.match_create(creator=alice, options={"match_target": 1}, clock=THREE_DAYS)
    match = services.match_join(match=match, user=bob)
    # The deal waits on both: each is told, keyed by the event that started the wait.
    assert sorted(n.recipient_id for n in notices) == sorted([alice.pk, bob.pk])
    assert all(n.kind == "your_turn" and n.url == f"/matches/{match.pk}/" for n in notices)
    assert len({n.key for n in notices}) == 1
    assert notices[0].key.startswith(f"your_turn:{match.pk}:")
    notices.clear()
    people = {0: alice, 1: bob}
    dealer = load_state(stored(match)).dealer
    pone = 1 - dealer
    # The pone throws first, then the dealer: the play waits on the pone, who is told.
    services.action_apply(match_id=match.pk, user=people[pone], action=first_legal(match, pone))
    assert notices == []  # the dealer was already waited on
    services.action_apply(match_id=match.pk, user=people[dealer], action=first_legal(match, dealer))
    assert load_state(stored(match)).turn == pone
    [told] = notices
    assert told.recipient_id == people[pone].pk
    assert told.key == f"your_turn:{match.pk}:{stored(match).last_seq}"
    assert "bob" in told.text or "alice" in told.text
    # A real-time match tells nobody.
    notices.clear()
    live = services.match_create(
        creator=alice, options={"match_target": 1}, clock=TimeControl("realtime", 300, 3)
    )
    services.match_join(match=live, user=bob)
    assert notices == []


def test_the_computer_passes_on_muggins_so_a_turn_based_match_never_stalls(alice):
    match = services.computer_match_create(
        creator=alice,
        options={"scoring": "manual", "muggins": True, "match_target": 1},
        level="medium",
        clock=TimeControl.parse("1d"),
    )
    rng = random.Random(7)
    passes = 0
    for _ in range(3000):
        match = stored(match)
        if match.status != Match.Status.ACTIVE:
            break
        state = load_state(match)
        if 0 in engine.seats_waited_on(state):
            legal = engine.legal_actions(state, 0)
            # Alice claims truly, passes on the computer's claims, and plays at random.
            if state.pending is not None and state.pending.seat == 0:
                action = engine.Claim(0, state.pending.actual)
            elif engine.MugginsPass(0) in legal and not any(
                isinstance(a, engine.Play | engine.Discard) for a in legal
            ):
                action = engine.MugginsPass(0)
                passes += 1
            else:
                action = rng.choice([a for a in legal if not isinstance(a, engine.Muggins)])
            services.action_apply(match_id=match.pk, user=alice, action=protocol_action(action))
        else:
            assert tasks_run_due(now=timezone.now() + timedelta(seconds=30)) or True
    match = stored(match)
    assert match.status == Match.Status.FINISHED and match.finish_reason != "time"
    assert MatchEvent.objects.filter(match=match, type="score_revealed").exists()
    assert passes > 0  # the window held the computer's next claim until alice passed
    # The review replays it (the options say turn-based, so the passes are legal there too).
    from review.export import match_transcript
    from review.stored import match_timeline_get

    steps = match_timeline_get(match=match)["steps"]
    assert sum(step["kind"] == "pass" for step in steps) >= passes
    assert "Cribbage match" in match_transcript(match=match)


def test_a_guest_plays_turn_based_too(db):
    guest = guest_create()
    host = make_user("host")
    match = services.match_create(creator=host, options={"match_target": 1}, clock=THREE_DAYS)
    match = services.match_join(match=match, user=guest)
    assert stored(match).clock_kind == "days"


def test_at_three_seats_an_optional_muggins_call_runs_nobodys_days(db, notices):
    people = [make_user(name) for name in ("ann", "ben", "cat")]
    match = services.match_create(
        creator=people[0],
        options={"players": 3, "match_target": 1, "scoring": "manual", "muggins": True},
        clock=THREE_DAYS,
    )
    for person in people[1:]:
        match = services.match_join(match=match, user=person)
    for seat in range(3):
        services.action_apply(match_id=match.pk, user=people[seat], action=first_legal(match, seat))
    # A jack turned up is the dealer's to claim first (manual scoring): done, so the first
    # card is next whatever the deal.
    state = load_state(stored(match))
    while state.phase == "play" and not engine.legal_actions(state, state.turn):
        (dealer_only,) = engine.seats_to_act(state)
        services.action_apply(
            match_id=match.pk, user=people[dealer_only], action=first_legal(match, dealer_only)
        )
        state = load_state(stored(match))
    # The first card and its claim: the claimant's two opponents may call, and one of them
    # plays next; only that one's days run.
    mover = state.turn
    services.action_apply(match_id=match.pk, user=people[mover], action=first_legal(match, mover))
    state = load_state(stored(match))
    notices.clear()
    services.action_apply(
        match_id=match.pk,
        user=people[mover],
        action={"type": "claim", "points": state.pending.actual},
    )
    state = load_state(stored(match))
    assert state.window is not None
    callers = set(engine.seats_to_act(state)) - {state.turn}
    assert callers  # an opponent who may call but is not to play
    assert stored(match).clock_running == [state.turn]
    # Told: the one to play; not the other caller, whose call is optional.
    assert [n.recipient_id for n in notices] == [people[state.turn].pk]
