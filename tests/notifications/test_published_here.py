"""The notices the notification centre and tournaments publish themselves: a match's result, a
tournament about to start, a round's table ready. Each keyed so that a repeat tells nobody twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Match
from games.signals import match_finished
from notifications.models import Notification
from tests.support.tasks import tasks_run_due, tasks_waiting
from tests.tournaments.conftest import tasks_settle
from tournaments.services.lifecycle import tournament_create, tournament_join
from tournaments.tasks import tournament_remind

pytestmark = pytest.mark.django_db


def told(user, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(recipient=user, kind=kind))


def test_each_player_is_told_the_result_once(alice, bob):
    waiting = services.match_create(creator=alice, options={"match_target": 1})
    match = services.match_join(match=waiting, user=bob)
    services.match_resign(match_id=match.pk, user=bob)
    tasks_run_due()
    (to_alice,) = told(alice, "match_result")
    (to_bob,) = told(bob, "match_result")
    assert to_alice.text == "You won your match against bob."
    assert to_bob.text == "You lost your match against alice."
    assert to_alice.url == to_bob.url == f"/matches/{match.pk}/"
    # The hook sent again (a failing receiver elsewhere makes it run again): nobody told twice.
    match_finished.send(sender=Match, match_id=match.pk, winner_seat=0, reason="resigned")
    assert len(told(alice, "match_result")) == len(told(bob, "match_result")) == 1


def test_the_computer_is_told_nothing_and_its_opponent_is(alice):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    services.match_resign(match_id=match.pk, user=alice)
    tasks_run_due()
    (notice,) = Notification.objects.all()
    assert notice.recipient == alice and "the computer" in notice.text


def a_cup(creator, *, starts_in: timedelta):
    return tournament_create(
        creator=creator,
        name="Evening cup",
        kind="knockout",
        variant="five",
        capacity=4,
        starts_at=timezone.now() + starts_in,
    )


def test_entrants_are_told_a_few_minutes_before_the_start_once(carol, alice, bob):
    cup = a_cup(carol, starts_in=timedelta(hours=1))
    tournament_join(tournament_id=cup.pk, user=alice)
    tournament_join(tournament_id=cup.pk, user=bob)
    (remind,) = tasks_waiting("tournaments.tasks.tournament_remind")
    assert cup.starts_at - remind.run_after == timedelta(minutes=5)
    # Run early (a worker's clock, a re-queue): not yet within five minutes, nobody is told.
    assert tournament_remind.call(tournament_id=cup.pk) == 0
    cup.__class__.objects.filter(pk=cup.pk).update(starts_at=timezone.now() + timedelta(minutes=4))
    assert tournament_remind.call(tournament_id=cup.pk) == 2
    assert tournament_remind.call(tournament_id=cup.pk) == 2  # run twice: told once each
    for person in (alice, bob):
        (notice,) = told(person, "tournament_starting")
        assert notice.url == f"/tournaments/{cup.pk}/"
    assert told(carol, "tournament_starting") == []  # the creator did not enter


def test_someone_joining_within_the_last_minutes_is_told_at_once(carol, alice):
    cup = a_cup(carol, starts_in=timedelta(minutes=3))
    tournament_join(tournament_id=cup.pk, user=alice)
    assert len(told(alice, "tournament_starting")) == 1


def test_each_person_at_a_new_round_is_told_their_table_once(carol, alice, bob):
    cup = tournament_create(
        creator=carol, name="Quick cup", kind="knockout", variant="five", capacity=2
    )
    tournament_join(tournament_id=cup.pk, user=alice)
    tournament_join(tournament_id=cup.pk, user=bob)
    tasks_settle()
    (to_alice,) = told(alice, "round_paired")
    (to_bob,) = told(bob, "round_paired")
    assert "round 1" in to_alice.text and "bob" in to_alice.text and "alice" in to_bob.text
    assert to_alice.url == to_bob.url and to_alice.url.startswith("/matches/")
