"""A player gone too long while the game waits on them loses by the clock, with nobody asking;
and the start-up sweep queues again whatever a dead worker left behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine, services, tasks
from games.models import Match, MatchAction, MatchFinishedNotice
from games.services.presence import match_seconds_absent, presence_lease_renew
from games.services.timers import timers_requeue
from tests.server.driving import protocol_action
from tests.support import presence
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db

CHECK = "games.tasks.abandonment_check"


@pytest.fixture(autouse=True)
def two_minutes(settings):
    settings.ABANDON_AFTER_SECONDS = 120


@pytest.fixture
def match(alice, bob):
    """Both have just been dealt: the game waits on both to discard."""
    waiting = services.match_create(creator=alice, options={"match_target": 1})
    return services.match_join(match=waiting, user=bob)


def leaves(match, user, seconds_ago: float = 0) -> None:
    """``user`` opens the match and closes it again, ``seconds_ago``."""
    presence.leaves(user, match=match, seconds_ago=seconds_ago)


def checks_for(user) -> list:
    return [t for t in tasks_waiting(CHECK) if t.args_kwargs["kwargs"]["user_id"] == user.pk]


def in_seconds(seconds: float):
    return timezone.now() + timedelta(seconds=seconds)


def test_the_last_socket_closing_queues_a_check_for_when_the_time_is_up(match, bob):
    before = {t.pk for t in checks_for(bob)}
    leaves(match, bob)
    (check,) = [t for t in checks_for(bob) if t.pk not in before]
    assert in_seconds(110) < check.run_after <= in_seconds(120)


def test_a_player_gone_too_long_while_the_game_waits_on_them_loses(match, alice, bob):
    leaves(match, bob)
    presence.lapses(bob, match=match, seconds_ago=121)
    tasks_run_due(now=in_seconds(121))
    match.refresh_from_db()
    assert (match.status, match.winner_seat, match.finish_reason) == (
        Match.Status.FINISHED,
        0,
        "abandoned",
    )
    tasks_run_due()  # the hook, queued with the ending
    assert MatchFinishedNotice.objects.filter(match=match).exists()


def test_the_check_run_twice_ends_the_match_once(match, bob):
    leaves(match, bob, seconds_ago=121)
    (check,) = [t for t in checks_for(bob) if t.args_kwargs["kwargs"]["absent_since"]]
    kwargs = check.args_kwargs["kwargs"]
    assert tasks.abandonment_check.call(**kwargs) is True
    assert tasks.abandonment_check.call(**kwargs) is False
    resignations = MatchAction.objects.filter(match=match, payload__type="resign")
    assert resignations.count() == 1


def test_a_player_who_came_back_is_left_alone(match, bob):
    leaves(match, bob, seconds_ago=121)
    presence.arrives(bob, match=match)
    tasks_run_due(now=in_seconds(3600))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    # One look stays queued, for when the lease could lapse: if bob's server dies, it notices.
    (next_look,) = checks_for(bob)
    assert in_seconds(60 + 120 - 5) < next_look.run_after <= in_seconds(60 + 120)


def test_a_check_due_early_waits_on_until_the_time_is_up(match, bob):
    leaves(match, bob, seconds_ago=30)
    (check,) = [t for t in checks_for(bob) if t.args_kwargs["kwargs"]["absent_since"]]
    before = {t.pk for t in checks_for(bob)}
    assert tasks.abandonment_check.call(**check.args_kwargs["kwargs"]) is False
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    (again,) = [t for t in checks_for(bob) if t.pk not in before]
    assert in_seconds(80) < again.run_after <= in_seconds(90)


def test_a_player_gone_while_the_game_waits_on_the_opponent_is_looked_at_again(match, alice, bob):
    state = engine.MatchState.from_dict(match.state)
    bobs_discard = engine.legal_actions(state, 1)[0]
    services.action_apply(match_id=match.pk, user=bob, action=protocol_action(bobs_discard))
    leaves(match, bob, seconds_ago=999)
    before = {t.pk for t in checks_for(bob)}
    tasks_run_due(now=in_seconds(121))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE  # the game waits on alice, not on bob
    assert [t for t in checks_for(bob) if t.pk not in before]  # bob is looked at again later


def test_every_look_reads_the_leases_so_one_queued_before_the_player_came_decides_too(match, bob):
    (at_the_start,) = checks_for(bob)
    assert at_the_start.args_kwargs["kwargs"]["absent_since"] is None
    leaves(match, bob, seconds_ago=999)
    assert tasks.abandonment_check.call(**at_the_start.args_kwargs["kwargs"]) is True
    (own,) = [t for t in checks_for(bob) if t.pk != at_the_start.pk]  # the disconnect's check
    assert tasks.abandonment_check.call(**own.args_kwargs["kwargs"]) is False  # already over


def test_a_player_whose_server_died_loses_one_lease_period_after_the_limit(match, bob):
    presence.arrives(bob, match=match)  # and then bob's server is killed: no close, no renewal
    tasks_run_due(now=in_seconds(30))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE  # the lease still holds
    (look,) = [t for t in checks_for(bob) if t.run_after > in_seconds(60)]
    assert look.run_after <= in_seconds(60 + 120)  # lease period plus the limit
    presence.lapses(bob, match=match, seconds_ago=121)
    tasks_run_due(now=in_seconds(60 + 121))
    match.refresh_from_db()
    assert (match.status, match.winner_seat, match.finish_reason) == (
        Match.Status.FINISHED,
        0,
        "abandoned",
    )


def test_a_renewed_lease_keeps_its_player_present_and_one_look_queued(match, bob):
    socket = presence.arrives(bob, match=match)
    presence.lapses(bob, match=match, seconds_ago=-5)  # five seconds left on it
    assert presence_lease_renew(socket=socket) is True
    assert match_seconds_absent(match=match, user_id=bob.pk) is None
    for _ in range(3):  # each look that finds bob here queues the next, never a second chain
        assert tasks_run_due(now=in_seconds(200)) >= 1
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        (look,) = checks_for(bob)
        assert in_seconds(60 + 120 - 5) < look.run_after <= in_seconds(60 + 120)


def test_the_sweep_queues_a_lost_bot_turn_once_however_often_it_runs(alice, settings):
    settings.BOT_DELAY_SECONDS = 60
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    (turn,) = tasks_waiting("games.tasks.bot_turn")
    turn.delete()  # as if its worker died running it
    assert timers_requeue()["bot_turns"] == 1
    assert timers_requeue()["bot_turns"] == 0
    (again,) = tasks_waiting("games.tasks.bot_turn")
    assert again.args_kwargs["kwargs"]["seq"] == match.last_seq
    tasks_run_due(now=in_seconds(61))
    assert MatchAction.objects.filter(match=match, seat=1).exists()


def test_the_sweep_queues_the_hook_of_a_finished_match_that_never_sent_it(match, bob):
    services.match_resign(match_id=match.pk, user=bob)
    for hook in tasks_waiting("games.tasks.match_finished_announce"):
        hook.delete()
    assert timers_requeue()["match_finished"] == 1
    assert timers_requeue()["match_finished"] == 0
    assert tasks_run_due() >= 1
    assert timers_requeue()["match_finished"] == 0  # sent: nothing more to do


def test_a_rated_match_both_players_left_is_aborted_with_no_winner_and_no_rating(alice, bob):
    """Issue 25, item 2: outside tournaments a match every player has left is aborted."""
    from ratings.models import RatingChange

    waiting = services.match_create(creator=alice, options={"match_target": 1}, rated=True)
    match = services.match_join(match=waiting, user=bob)
    leaves(match, alice, seconds_ago=125)
    leaves(match, bob, seconds_ago=121)
    tasks_run_due(now=timezone.now() + timedelta(seconds=130))
    tasks_run_due()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert (match.finish_reason, match.winner_seat) == ("aborted", None)
    assert not RatingChange.objects.exists()
    state = engine.MatchState.from_dict(match.state)
    assert state.phase == "match_over" and state.winner is None
    from django.test import Client

    client = Client()
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    assert client.get(f"/matches/{match.pk}/review/").status_code == 200
    transcript = client.get(f"/matches/{match.pk}/review/transcript.txt").content.decode()
    assert "The match was aborted" in transcript


def test_one_player_left_and_the_other_is_here_the_one_here_wins(match, alice, bob):
    presence.arrives(alice, match=match)
    leaves(match, bob, seconds_ago=121)
    tasks_run_due(now=timezone.now() + timedelta(seconds=130))
    match.refresh_from_db()
    assert (match.finish_reason, match.winner_seat) == ("abandoned", 0)
