"""When a tournament's durable tasks run: queued in the transaction that makes them due.

Like ``games.services.timers``: a rollback queues nothing, a commit cannot lose a task, and
the start-up sweep (:func:`tournaments_requeue`, called by ``cribbage_site.worker``) queues
again whatever is due with no task waiting (a worker killed mid-task leaves its row "running").
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Match
from tournaments import tasks
from tournaments.models import Pairing, Round, Tournament


def _require_transaction() -> None:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("timers are queued inside the transaction that makes them due")


def start_schedule(*, tournament: Tournament, at: datetime | None = None) -> None:
    """Queue the start at ``at`` (default: now)."""
    _require_transaction()
    tasks.tournament_start.using(run_after=at or timezone.now()).enqueue(
        tournament_id=tournament.pk
    )


def remind_schedule(*, tournament: Tournament, at: datetime) -> None:
    """Queue the "about to start" notices for ``at`` (a few minutes before the start)."""
    _require_transaction()
    tasks.tournament_remind.using(run_after=max(at, timezone.now())).enqueue(
        tournament_id=tournament.pk
    )


def round_next_schedule(*, tournament: Tournament, after_round: int) -> None:
    """Queue the pairing of the round after ``after_round``: its tables have all ended."""
    _require_transaction()
    tasks.tournament_round_next.enqueue(tournament_id=tournament.pk, after_round=after_round)


def no_show_schedule(*, pairing: Pairing, seconds: float) -> None:
    _require_transaction()
    run_after = timezone.now() + timedelta(seconds=max(0.0, seconds))
    tasks.tournament_no_show_check.using(run_after=run_after).enqueue(pairing_id=pairing.pk)


def round_clock_schedule(*, round_id: int, minutes: float) -> None:
    """Queue the end of the round's time, ``minutes`` from now."""
    _require_transaction()
    run_after = timezone.now() + timedelta(minutes=max(0.0, minutes))
    tasks.tournament_round_clock.using(run_after=run_after).enqueue(round_id=round_id)


def _pending(task_path: str, **kwargs: Any) -> bool:
    from django_tasks_db.models import DBTaskResult

    filters = {f"args_kwargs__kwargs__{name}": value for name, value in kwargs.items()}
    return DBTaskResult.objects.filter(task_path=task_path, status="READY", **filters).exists()


def tournaments_requeue() -> dict[str, int]:
    """The start-up sweep: queue each due start, next round and no-show check that has no task.

    Safe to run any number of times: every task stands down when it finds nothing to do.
    """
    counts = {
        "tournament_starts": 0,
        "tournament_rounds": 0,
        "tournament_no_shows": 0,
        "tournament_clocks": 0,
    }
    upcoming = Tournament.objects.filter(status=Tournament.Status.UPCOMING)
    for tournament in upcoming:
        if _pending("tournaments.tasks.tournament_start", tournament_id=tournament.pk):
            continue
        with transaction.atomic():
            start_schedule(tournament=tournament, at=tournament.starts_at)
        counts["tournament_starts"] += 1
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    for tournament in running:
        open_tables = Pairing.objects.filter(
            round__tournament=tournament, round__number=tournament.current_round, finished=False
        )
        if open_tables.exists():
            continue
        if _pending(
            "tournaments.tasks.tournament_round_next",
            tournament_id=tournament.pk,
            after_round=tournament.current_round,
        ):
            continue
        with transaction.atomic():
            round_next_schedule(tournament=tournament, after_round=tournament.current_round)
        counts["tournament_rounds"] += 1
    playing = Pairing.objects.filter(
        round__tournament__status=Tournament.Status.RUNNING,
        finished=False,
        match__status=Match.Status.ACTIVE,
    ).select_related("round__tournament")
    for pairing in playing:
        if _pending("tournaments.tasks.tournament_no_show_check", pairing_id=pairing.pk):
            continue
        due = pairing.round.started_at + timedelta(seconds=pairing.round.tournament.no_show_seconds)
        with transaction.atomic():
            no_show_schedule(pairing=pairing, seconds=(due - timezone.now()).total_seconds())
        counts["tournament_no_shows"] += 1
    open_rounds = Round.objects.filter(
        tournament__status=Tournament.Status.RUNNING, finished_at__isnull=True
    ).select_related("tournament")
    for round_ in open_rounds:
        if _pending("tournaments.tasks.tournament_round_clock", round_id=round_.pk):
            continue
        due = round_.started_at + timedelta(minutes=round_.tournament.round_minutes)
        with transaction.atomic():
            round_clock_schedule(
                round_id=round_.pk, minutes=(due - timezone.now()).total_seconds() / 60
            )
        counts["tournament_clocks"] += 1
    return counts
