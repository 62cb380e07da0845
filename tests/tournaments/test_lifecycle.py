"""Creating, joining, withdrawing, cancelling and starting: every refusal changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import guest_create
from games import services
from games.models import Match, Seat
from games.services.errors import ServiceError
from tests.support import presence
from tests.support.tasks import tasks_run_due, tasks_waiting
from tests.tournaments.conftest import (
    open_tables,
    round_settle,
    round_tables,
    tasks_settle,
    tournament_full,
)
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.lifecycle import (
    tournament_cancel,
    tournament_create,
    tournament_join,
    tournament_withdraw,
)
from tournaments.services.timers import tournaments_requeue

pytestmark = pytest.mark.django_db


def upcoming(creator, **options):
    options = {"kind": "swiss", "variant": "five", "capacity": 4, **options}
    return tournament_create(creator=creator, name="Tuesday cup", **options)


def refused(code: str, action, *args, **kwargs) -> None:
    """``action`` raises a TournamentError with ``code`` and writes nothing."""
    before = (
        Tournament.objects.count(),
        list(Tournament.objects.values_list("status", "current_round")),
        list(Entry.objects.values_list("pk", "withdrawn_at")),
        Pairing.objects.count(),
    )
    with pytest.raises(TournamentError) as error:
        action(*args, **kwargs)
    assert error.value.code == code, error.value.message
    assert error.value.message
    after = (
        Tournament.objects.count(),
        list(Tournament.objects.values_list("status", "current_round")),
        list(Entry.objects.values_list("pk", "withdrawn_at")),
        Pairing.objects.count(),
    )
    assert after == before


@pytest.mark.parametrize(
    ("code", "options"),
    [
        ("bad_name", {"name": "  "}),
        ("bad_kind", {"kind": "ladder"}),
        ("bad_options", {"variant": "seven"}),
        ("bad_options", {"capacity": 1}),
        ("bad_options", {"kind": "round_robin", "capacity": 17}),
        ("bad_options", {"rounds": 0}),
        ("bad_options", {"rounds": True}),
        ("bad_options", {"no_show_seconds": 5}),
        ("rated_with_computer", {"rated": True, "computers_fill": True}),
        ("bad_options", {"computers_fill": True, "computer_level": "grandmaster"}),
        ("bad_options", {"rank_by_duplicate": True}),
        ("bad_options", {"acc_knockout": True}),
        ("bad_start", {"starts_at": "past"}),
    ],
)
def test_bad_options_are_refused(alice, code, options):
    if options.get("starts_at") == "past":
        options["starts_at"] = timezone.now() - timedelta(minutes=1)
    options = {"name": "Cup", "kind": "swiss", **options}
    refused(code, tournament_create, creator=alice, **options)


def test_a_stranger_cannot_create(db):
    from django.contrib.auth.models import AnonymousUser

    refused("not_authenticated", tournament_create, creator=AnonymousUser(), name="x", kind="swiss")


def test_joining_twice_is_refused(alice, bob):
    cup = upcoming(alice)
    tournament_join(tournament_id=cup.pk, user=bob)
    refused("already_entered", tournament_join, tournament_id=cup.pk, user=bob)


def test_joining_a_full_tournament_is_refused(alice, field):
    cup = upcoming(alice, capacity=4, starts_at=timezone.now() + timedelta(hours=1))
    for person in field(4):
        tournament_join(tournament_id=cup.pk, user=person)
    refused("tournament_full", tournament_join, tournament_id=cup.pk, user=alice)


def test_joining_a_started_tournament_is_refused(alice, field, mallory):
    cup = tournament_full(alice, field(4), kind="round_robin")
    assert cup.status == Tournament.Status.RUNNING
    refused("tournament_started", tournament_join, tournament_id=cup.pk, user=mallory)


def test_late_join_in_a_swiss_until_half_the_rounds_have_started(alice, field, mallory, carol):
    cup = upcoming(alice, rounds=4, capacity=8, starts_at=timezone.now() + timedelta(minutes=1))
    for person in field(4):
        tournament_join(tournament_id=cup.pk, user=person)
    tasks_run_due(now=timezone.now() + timedelta(minutes=2))
    tasks_settle()
    # One round of four started: mallory may still come in, seeded last, paired next round.
    late = tournament_join(tournament_id=cup.pk, user=mallory)
    assert late.seed == 5
    round_settle(cup)
    assert "p5" not in str(round_tables(cup, 2))
    assert any("mallory" in table for table in round_tables(cup, 2))
    # Two of four rounds have started: closed.
    refused("tournament_started", tournament_join, tournament_id=cup.pk, user=carol)


def test_joining_a_finished_tournament_and_withdrawing_after_the_end_are_refused(
    alice, field, mallory
):
    players = field(2)
    cup = tournament_full(alice, players, kind="knockout")
    round_settle(cup)
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED
    refused("tournament_over", tournament_join, tournament_id=cup.pk, user=mallory)
    refused("tournament_over", tournament_withdraw, tournament_id=cup.pk, user=players[0])


def test_a_guest_cannot_join_a_rated_tournament(alice):
    guest = guest_create()
    cup = upcoming(alice, rated=True)
    refused("rated_needs_account", tournament_join, tournament_id=cup.pk, user=guest)


def test_a_stranger_cannot_cancel_and_the_creator_can_before_the_start(alice, mallory):
    cup = upcoming(alice)
    refused("not_creator", tournament_cancel, tournament_id=cup.pk, user=mallory)
    tournament_cancel(tournament_id=cup.pk, user=alice)
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED
    assert cup.cancel_reason == "cancelled by its creator"


def test_the_creator_cannot_cancel_a_started_tournament(alice, field):
    cup = tournament_full(alice, field(2), kind="knockout")
    refused("tournament_started", tournament_cancel, tournament_id=cup.pk, user=alice)


def test_withdrawing_before_the_start_frees_the_place(alice, bob):
    cup = upcoming(alice)
    tournament_join(tournament_id=cup.pk, user=bob)
    tournament_withdraw(tournament_id=cup.pk, user=bob)
    assert not cup.entries.exists()
    refused("not_entered", tournament_withdraw, tournament_id=cup.pk, user=bob)


def test_withdrawing_mid_match_is_refused_and_between_rounds_is_allowed(alice, field):
    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=3)
    refused("playing", tournament_withdraw, tournament_id=cup.pk, user=players[3])
    round_settle(cup)
    tasks_settle()
    # Round 2 has started: p4 is at a table again. Settle it, then p4 leaves before round 3.
    round_settle(cup)
    cup.refresh_from_db()
    assert cup.current_round == 3
    refused("playing", tournament_withdraw, tournament_id=cup.pk, user=players[3])


def test_a_withdrawn_player_is_not_paired_again(alice, field):
    players = field(5)
    cup = tournament_full(alice, players, kind="swiss", rounds=3)
    # p5 had the bye in round 1, so is between matches: they may leave.
    tournament_withdraw(tournament_id=cup.pk, user=players[4])
    refused("already_withdrawn", tournament_withdraw, tournament_id=cup.pk, user=players[4])
    round_settle(cup)
    assert all("p5" not in table for table in round_tables(cup, 2))
    assert len(round_tables(cup, 2)) == 2  # four players left: no bye


def test_too_few_players_at_the_start_cancels_it_with_the_reason(alice, bob):
    cup = upcoming(alice, starts_at=timezone.now() + timedelta(minutes=5))
    tournament_join(tournament_id=cup.pk, user=bob)
    (start,) = tasks_waiting("tournaments.tasks.tournament_start")
    tasks_run_due(now=timezone.now() + timedelta(minutes=6))
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED
    assert cup.cancel_reason == "too few players: 1 entered, at least 2 are needed"
    assert not Match.objects.exists()


def test_computers_fill_an_odd_field_when_allowed(alice, field):
    cup = tournament_full(alice, field(3), kind="swiss", rounds=2, computers_fill=True)
    assert cup.entries.count() == 4
    tables = round_tables(cup, 1)
    assert len(tables) == 2 and all(second is not None for _, second in tables)
    assert any("Computer" in name for table in tables for name in table)


def test_the_computer_that_fills_a_seat_is_the_level_the_creator_chose(alice, field):
    cup = tournament_full(
        alice, field(3), kind="swiss", rounds=2, computers_fill=True, computer_level="expert"
    )
    (computer,) = cup.entries.filter(user__isnull=True)
    assert computer.bot_level == "expert"
    tables = Pairing.objects.filter(round__tournament=cup).values_list("match_id", flat=True)
    seats = list(Seat.objects.filter(match_id__in=tables, is_bot=True))
    assert [seat.display_name for seat in seats] == ["Computer (expert)"]


def test_a_stranger_cannot_play_another_players_table(alice, field, mallory):
    cup = tournament_full(alice, field(2), kind="knockout")
    (table,) = open_tables(cup)
    with pytest.raises(ServiceError) as error:
        services.match_resign(match_id=table.match_id, user=mallory)
    assert error.value.code == "not_seated"
    assert Match.objects.get(pk=table.match_id).status == Match.Status.ACTIVE


def test_a_no_show_forfeits_after_the_set_time(alice, field):
    players = field(2)
    cup = tournament_full(alice, players, kind="knockout", no_show_seconds=60)
    (table,) = open_tables(cup)
    presence.arrives(players[0], match=table.match)
    assert tasks_run_due(now=timezone.now() + timedelta(seconds=30)) == 0
    tasks_run_due(now=timezone.now() + timedelta(seconds=61))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.forfeit and table.no_shows == [1]
    assert table.winner.user == players[0]
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED


def test_both_no_shows_lose_in_a_swiss(alice, field):
    cup = tournament_full(alice, field(2), kind="swiss", rounds=1, no_show_seconds=60)
    (table,) = open_tables(cup)
    tasks_run_due(now=timezone.now() + timedelta(seconds=61))
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.winner is None and table.no_shows == [0, 1]


def test_the_sweep_requeues_a_lost_next_round_and_pairs_it_once(alice, field):
    from django_tasks_db.models import DBTaskResult

    cup = tournament_full(alice, field(4), kind="swiss", rounds=2)
    for table in open_tables(cup):
        loser = table.second.user
        services.match_resign(match_id=table.match_id, user=loser)
    # The hooks run; the next-round tasks they queue are lost (a worker killed mid-task).
    tasks_run_due()
    DBTaskResult.objects.filter(task_path="tournaments.tasks.tournament_round_next").delete()
    cup.refresh_from_db()
    assert cup.current_round == 1
    counts = tournaments_requeue()
    assert counts["tournament_rounds"] == 1
    assert tournaments_requeue()["tournament_rounds"] == 0  # queued once
    tasks_settle()
    cup.refresh_from_db()
    assert cup.current_round == 2
    assert len(round_tables(cup, 2)) == 2


def test_when_the_rounds_time_is_up_the_player_behind_resigns(alice, field):
    players = field(4)
    cup = tournament_full(
        alice, players, kind="swiss", rounds=2, round_minutes=10, no_show_seconds=3600
    )
    first, second = open_tables(cup)
    services.match_resign(match_id=first.match_id, user=first.second.user)
    for entry in (second.first, second.second):  # both at the table: nobody abandons
        presence.arrives(entry.user, match=second.match)
    tasks_settle()
    tasks_run_due(now=timezone.now() + timedelta(minutes=9))
    second.refresh_from_db()
    assert not second.finished
    # Table 2 is still in play when the time is up: the player behind (in the five-card game
    # the pone starts 3 up, and the dealer came from the cut) resigns it.
    from games.services.recording import load_state
    from tournaments.services.rounds import clock_loser

    state = load_state(Match.objects.get(pk=second.match_id))
    assert state.scores[0] != state.scores[1]
    behind = 0 if state.scores[0] < state.scores[1] else 1
    assert clock_loser(state) == behind
    tasks_run_due(now=timezone.now() + timedelta(minutes=11))
    tasks_settle()
    second.refresh_from_db()
    assert second.finished and second.timed_out
    assert second.winner == (second.second if behind == 0 else second.first)
    first.refresh_from_db()
    assert not first.timed_out
    cup.refresh_from_db()
    assert cup.current_round == 2


def test_the_clock_decides_by_match_points_then_the_game_in_play():
    from types import SimpleNamespace

    from tournaments.services.rounds import clock_loser

    assert clock_loser(SimpleNamespace(match_scores=(1, 0), scores=(10, 50))) == 1
    assert clock_loser(SimpleNamespace(match_scores=(0, 0), scores=(40, 30))) == 1
    assert clock_loser(SimpleNamespace(match_scores=(0, 0), scores=(30, 40))) == 0
    assert clock_loser(SimpleNamespace(match_scores=(0, 0), scores=(30, 30))) == 0


def test_the_sweep_requeues_a_lost_start_and_it_runs_once(alice, field):
    from django_tasks_db.models import DBTaskResult

    cup = upcoming(alice, starts_at=timezone.now() + timedelta(minutes=1))
    for person in field(2):
        tournament_join(tournament_id=cup.pk, user=person)
    DBTaskResult.objects.filter(task_path="tournaments.tasks.tournament_start").delete()
    assert tournaments_requeue()["tournament_starts"] == 1
    assert tournaments_requeue()["tournament_starts"] == 0
    tasks_run_due(now=timezone.now() + timedelta(minutes=2))
    tasks_settle()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.RUNNING and cup.current_round == 1
    assert len(round_tables(cup, 1)) == 1


def test_an_abandoned_table_is_a_forfeit_and_a_rated_tournament_plays_rated_matches(alice, field):
    from games import engine
    from games.services.abandonment import abandonment_apply
    from games.services.recording import load_state

    players = field(2)
    cup = tournament_full(alice, players, kind="knockout", rated=True)
    (table,) = open_tables(cup)
    assert table.match.rated
    waiting_on = sorted(engine.seats_to_act(load_state(table.match)))[0]
    abandonment_apply(match_id=table.match_id, seat=waiting_on)
    tasks_settle()
    table.refresh_from_db()
    assert table.finished and table.forfeit
    assert table.winner == (table.second if waiting_on == 0 else table.first)
    assert Match.objects.get(pk=table.match_id).finish_reason == "abandoned"
