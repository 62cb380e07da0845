"""Walkaways at tournament tables (issue 25, item 2): a table both players are absent from is a
loss for both, whether they never came or both left; a no-show is judged by the no-show rule
before abandonment can give the table to one of them. Both orders of the two timers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from tests.support import presence
from tests.support.tasks import tasks_run_due
from tests.tournaments.conftest import open_tables, tasks_settle, tournament_full

pytestmark = pytest.mark.django_db


def started_ago(table, seconds: float) -> None:
    Match.objects.filter(pk=table.match_id).update(
        started_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_two_no_shows_lose_both_when_abandonment_would_fire_first(settings, field, carol):
    """The measured attack: no-show at 600 s, abandonment at 16 s; abandonment gave one of the
    two absent players the win. Now the no-show rule judges them, and both lose."""
    settings.ABANDON_AFTER_SECONDS = 16
    cup = tournament_full(carol, field(2), kind="swiss", rounds=1, no_show_seconds=600)
    (table,) = open_tables(cup)
    started_ago(table, 20)
    tasks_run_due(now=timezone.now() + timedelta(seconds=20))
    tasks_settle()
    assert Match.objects.get(pk=table.match_id).status == Match.Status.ACTIVE
    started_ago(table, 601)
    tasks_run_due(now=timezone.now() + timedelta(seconds=601))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.winner is None and table.no_shows == [0, 1]


def test_two_no_shows_lose_both_when_the_no_show_check_fires_first(settings, field, carol):
    settings.ABANDON_AFTER_SECONDS = 900
    cup = tournament_full(carol, field(2), kind="swiss", rounds=1, no_show_seconds=60)
    (table,) = open_tables(cup)
    started_ago(table, 61)
    tasks_run_due(now=timezone.now() + timedelta(seconds=61))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.winner is None and table.no_shows == [0, 1]


def test_a_table_both_players_left_during_the_discard_is_a_loss_for_both(settings, field, carol):
    """The measured attack: both opened their table, then both closed their browsers during the
    discard; the match was abandoned with one of them the winner."""
    settings.ABANDON_AFTER_SECONDS = 120
    players = field(2)
    cup = tournament_full(carol, players, kind="swiss", rounds=1, no_show_seconds=60)
    (table,) = open_tables(cup)
    for person in players:
        presence.leaves(person, match=table.match, seconds_ago=130)
    tasks_run_due(now=timezone.now() + timedelta(seconds=130))
    tasks_settle()
    table.refresh_from_db()
    match = Match.objects.get(pk=table.match_id)
    assert match.finish_reason == "abandoned"
    assert table.finished and table.winner is None
    assert sorted(table.no_shows) == [0, 1]


def test_one_player_left_and_the_other_stayed_the_stayer_wins(settings, field, carol):
    settings.ABANDON_AFTER_SECONDS = 120
    players = field(2)
    cup = tournament_full(carol, players, kind="swiss", rounds=1, no_show_seconds=60)
    (table,) = open_tables(cup)
    stayer, leaver = table.first.user, table.second.user
    presence.arrives(stayer, match=table.match)
    presence.leaves(leaver, match=table.match, seconds_ago=130)
    tasks_run_due(now=timezone.now() + timedelta(seconds=130))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.winner.user == stayer and table.no_shows == []
