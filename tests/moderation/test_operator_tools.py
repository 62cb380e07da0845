"""Operators' tools in the admin (issue 28, item 6): end a stuck match, cancel, pause and resume
a tournament, see the task queue and run a failed task again, recompute ratings. Each asks why
first and is recorded; none is open to a player who is not staff."""

from __future__ import annotations

import pytest
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from games.models import Match
from games.services.recording import load_state
from moderation.models import StaffAction
from ratings.models import PlayerRating
from tests.support.people import make_user
from tests.tournaments.conftest import round_settle, tasks_settle, tournament_full
from tournaments.models import Tournament
from tournaments.services.lifecycle import tournament_create, tournament_join

pytestmark = pytest.mark.django_db


def confirmed(client, url, action, pk, reason="stuck since the outage"):
    """An admin action's two steps; the first must change nothing by itself."""
    recorded = StaffAction.objects.count()
    page = client.post(url, {"action": action, "_selected_action": [pk]})
    assert page.status_code == 200 and b'data-testid="staff-action-form"' in page.content
    assert StaffAction.objects.count() == recorded
    return client.post(
        url,
        {"action": action, "_selected_action": [pk], "staff_confirm": "yes", "reason": reason},
        follow=True,
    )


def test_staff_end_a_stuck_match_as_aborted_through_the_engine(playing, stella, client):
    client.force_login(stella)
    confirmed(client, "/admin/games/match/", "end_stuck", playing.pk)
    playing.refresh_from_db()
    assert playing.status == Match.Status.FINISHED and playing.finish_reason == "aborted"
    state = load_state(playing)
    assert state.phase == "match_over" and state.winner is None
    record = StaffAction.objects.get()
    assert (record.action, record.target, record.reason) == (
        "match_ended",
        f"match {playing.pk}",
        "stuck since the outage",
    )


def test_a_match_not_in_play_is_not_ended_and_nothing_is_recorded(alice, stella, client):
    from games import services as game_services

    waiting = game_services.match_create(creator=alice, options={"match_target": 1})
    client.force_login(stella)
    answer = confirmed(client, "/admin/games/match/", "end_stuck", waiting.pk)
    assert "is not in play" in answer.content.decode()
    assert not StaffAction.objects.exists()


def a_cup(alice) -> Tournament:
    return tournament_create(
        creator=alice, name="Night cup", kind="swiss", variant="five", capacity=2
    )


def test_a_paused_tournament_does_not_start_until_resumed(alice, bob, carol, stella, client):
    cup = a_cup(alice)
    client.force_login(stella)
    confirmed(client, "/admin/tournaments/tournament/", "pause", cup.pk, reason="server move")
    tournament_join(tournament_id=cup.pk, user=bob)
    tournament_join(tournament_id=cup.pk, user=carol)
    tasks_settle()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.UPCOMING and cup.paused_at is not None

    StaffAction.objects.all().delete()
    confirmed(client, "/admin/tournaments/tournament/", "resume", cup.pk, reason="moved")
    tasks_settle()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.RUNNING and cup.paused_at is None
    assert StaffAction.objects.get().action == "tournament_resumed"


def test_a_paused_running_tournament_pairs_no_round_until_resumed(alice, stella, client):
    players = [make_user(f"p{number}") for number in range(1, 5)]
    cup = tournament_full(alice, players, kind="swiss", rounds=2)
    assert (cup.status, cup.current_round) == (Tournament.Status.RUNNING, 1)
    client.force_login(stella)
    confirmed(client, "/admin/tournaments/tournament/", "pause", cup.pk, reason="a bug in round 1")
    round_settle(cup)  # the tables in play go on to their ends
    tasks_settle()
    cup.refresh_from_db()
    assert cup.current_round == 1 and cup.status == Tournament.Status.RUNNING

    confirmed(client, "/admin/tournaments/tournament/", "resume", cup.pk, reason="fixed")
    tasks_settle()
    cup.refresh_from_db()
    assert cup.current_round == 2 and cup.paused_at is None


def test_staff_cancel_a_running_tournament_and_no_round_follows(alice, bob, carol, stella, client):
    cup = a_cup(alice)
    tournament_join(tournament_id=cup.pk, user=bob)
    tournament_join(tournament_id=cup.pk, user=carol)
    tasks_settle()
    client.force_login(stella)
    confirmed(client, "/admin/tournaments/tournament/", "cancel", cup.pk, reason="cheating ring")
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED
    assert "cheating ring" in cup.cancel_reason
    assert StaffAction.objects.get().action == "tournament_cancelled"
    # Cancelling again is refused, and recorded once only.
    StaffAction.objects.all().delete()
    answer = confirmed(client, "/admin/tournaments/tournament/", "cancel", cup.pk)
    assert "already over" in answer.content.decode()
    assert not StaffAction.objects.exists()


def a_failed_task() -> DBTaskResult:
    from lobby import tasks as lobby_tasks

    lobby_tasks.seeks_expire.enqueue()
    row = DBTaskResult.objects.get()
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.FAILED)
    return row


def test_the_task_queue_filters_by_task_and_status_and_reruns_a_failed_one(stella, client):
    failed = a_failed_task()
    client.force_login(stella)
    listing = client.get(
        "/admin/django_tasks_database/dbtaskresult/",
        {"status__exact": "FAILED", "task": failed.task_path},
    )
    assert list(listing.context["cl"].result_list) == [failed]
    overdue = client.get("/admin/django_tasks_database/dbtaskresult/", {"age": "overdue"})
    assert list(overdue.context["cl"].result_list) == []
    assert "Due now: <strong>0</strong>" in listing.content.decode()

    confirmed(client, "/admin/django_tasks_database/dbtaskresult/", "rerun_failed", failed.pk)
    copy = DBTaskResult.objects.exclude(pk=failed.pk).get()
    assert copy.task_path == failed.task_path and copy.status == TaskResultStatus.READY
    assert copy.args_kwargs == failed.args_kwargs
    assert DBTaskResult.objects.get(pk=failed.pk).status == TaskResultStatus.FAILED
    assert StaffAction.objects.get().action == "task_rerun"


def test_a_task_due_for_over_a_minute_is_listed_overdue_with_the_queue_figures(stella, client):
    from datetime import timedelta

    from django.utils import timezone

    from lobby import tasks as lobby_tasks

    lobby_tasks.seeks_expire.enqueue()  # no run_after: due from its enqueueing
    stuck = DBTaskResult.objects.get()
    lobby_tasks.seeks_expire.using(run_after=timezone.now() + timedelta(hours=1)).enqueue()
    client.force_login(stella)
    url = "/admin/django_tasks_database/dbtaskresult/"
    assert list(client.get(url, {"age": "overdue"}).context["cl"].result_list) == []
    DBTaskResult.objects.filter(pk=stuck.pk).update(
        enqueued_at=timezone.now() - timedelta(minutes=5)
    )
    listing = client.get(url, {"age": "overdue"})
    assert list(listing.context["cl"].result_list) == [stuck]
    figures = listing.content.decode()
    assert (
        "Due now: <strong>1</strong>" in figures
        and "scheduled for later: <strong>1</strong>" in figures
    )


def test_a_task_that_did_not_fail_is_not_run_again(stella, client):
    from lobby import tasks as lobby_tasks

    lobby_tasks.seeks_expire.enqueue()
    waiting = DBTaskResult.objects.get()
    client.force_login(stella)
    answer = confirmed(
        client, "/admin/django_tasks_database/dbtaskresult/", "rerun_failed", waiting.pk
    )
    assert "Only a failed task" in answer.content.decode()
    assert DBTaskResult.objects.count() == 1 and not StaffAction.objects.exists()


def test_recomputing_ratings_asks_first_then_rebuilds_from_the_logs(alice, stella, client):
    PlayerRating.objects.create(user=alice, kind="six-2", rating=2400)
    client.force_login(stella)
    url = "/admin/ratings/playerrating/recompute/"
    assert b"Recompute ratings" in client.get("/admin/ratings/playerrating/").content
    page = client.get(url)
    assert page.status_code == 200 and b"staff-action-form" in page.content
    assert PlayerRating.objects.count() == 1  # asking changed nothing
    client.post(url, {"staff_confirm": "yes", "reason": "statistics rule changed"})
    assert PlayerRating.objects.count() == 0  # no finished match: nothing to count
    record = StaffAction.objects.get()
    assert (record.action, record.target) == ("ratings_recomputed", "0 finished matches")


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/match/",
        "/admin/tournaments/tournament/",
        "/admin/django_tasks_database/dbtaskresult/",
        "/admin/ratings/playerrating/recompute/",
        "/admin/moderation/staffaction/",
    ],
)
def test_players_who_are_not_staff_get_none_of_the_tools(alice, playing, client, url):
    client.force_login(alice)
    assert client.get(url).status_code == 302
    client.post(
        "/admin/games/match/",
        {
            "action": "end_stuck",
            "_selected_action": [playing.pk],
            "staff_confirm": "yes",
            "reason": "x",
        },
    )
    playing.refresh_from_db()
    assert playing.status == Match.Status.ACTIVE
    assert not StaffAction.objects.exists()


def test_staff_without_the_permission_cannot_act(playing, client):
    from tests.support.people import make_user

    viewer = make_user("viewer")
    viewer.is_staff = True
    viewer.save()
    client.force_login(viewer)
    assert client.get("/admin/ratings/playerrating/recompute/").status_code == 403
    client.post(
        "/admin/games/match/",
        {
            "action": "end_stuck",
            "_selected_action": [playing.pk],
            "staff_confirm": "yes",
            "reason": "x",
        },
    )
    playing.refresh_from_db()
    assert playing.status == Match.Status.ACTIVE
