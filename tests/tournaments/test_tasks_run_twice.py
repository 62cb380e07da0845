"""Each tournament task run a second time (a re-queue after a crash, two workers) acts once:
it re-reads the tournament under its row lock and stands down when it moved on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Match
from tests.support import presence
from tests.support.tasks import tasks_run_due
from tests.tournaments.conftest import open_tables, round_tables, tasks_settle, tournament_full
from tournaments.models import Pairing, Round, Tournament
from tournaments.services.lifecycle import tournament_create, tournament_join
from tournaments.services.rounds import no_show_check_run, round_clock_run, round_next_if_done

pytestmark = pytest.mark.django_db


def snapshot(cup: Tournament) -> tuple:
    cup.refresh_from_db()
    return (
        cup.status,
        cup.current_round,
        Round.objects.filter(tournament=cup).count(),
        Pairing.objects.filter(round__tournament=cup).count(),
        sorted(Pairing.objects.filter(round__tournament=cup).values_list("pk", "finished")),
        Match.objects.count(),
    )


def test_a_start_run_twice_starts_the_tournament_once(alice, field):
    from tournaments.services.lifecycle import tournament_start_if_due

    cup = tournament_create(
        creator=alice, name="Twice", kind="swiss", variant="five", capacity=4,
        starts_at=timezone.now() + timedelta(minutes=1),
    )  # fmt: skip
    for person in field(2):
        tournament_join(tournament_id=cup.pk, user=person)
    Tournament.objects.filter(pk=cup.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    tournament_start_if_due(tournament_id=cup.pk)
    after_first = snapshot(cup)
    assert after_first[0] == Tournament.Status.RUNNING and after_first[1] == 1
    assert tournament_start_if_due(tournament_id=cup.pk) is False
    assert snapshot(cup) == after_first


def test_the_next_round_run_twice_pairs_it_once(alice, field):
    cup = tournament_full(alice, field(4), kind="swiss", rounds=2)
    for table in open_tables(cup):
        services.match_resign(match_id=table.match_id, user=table.second.user)
    tasks_settle()
    cup.refresh_from_db()
    assert cup.current_round == 2
    after_first = snapshot(cup)
    assert round_next_if_done(tournament_id=cup.pk, after_round=1) is False
    assert snapshot(cup) == after_first
    assert len(round_tables(cup, 2)) == 2


def test_a_no_show_check_run_twice_forfeits_once(alice, field):
    players = field(2)
    cup = tournament_full(alice, players, kind="knockout", no_show_seconds=60)
    (table,) = open_tables(cup)
    presence.arrives(players[0], match=table.match)
    tasks_run_due(now=timezone.now() + timedelta(seconds=61))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.no_shows == [1]
    after_first = snapshot(cup)
    assert no_show_check_run(pairing_id=table.pk) is False
    assert snapshot(cup) == after_first


def test_the_round_clock_run_twice_decides_each_table_once(alice, field):
    players = field(4)
    cup = tournament_full(
        alice, players, kind="swiss", rounds=2, round_minutes=10, no_show_seconds=3600
    )
    tables = open_tables(cup)
    for table in tables:
        for entry in (table.first, table.second):
            presence.arrives(entry.user, match=table.match)
    tasks_run_due(now=timezone.now() + timedelta(minutes=11))
    tasks_settle()
    for table in tables:
        table.refresh_from_db()
        assert table.finished and table.timed_out
    after_first = snapshot(cup)
    assert round_clock_run(round_id=tables[0].round_id) == 0
    assert snapshot(cup) == after_first
