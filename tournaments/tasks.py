"""The tournaments' durable tasks, run by the worker; queued by ``tournaments.services.timers``.

Each re-reads the database under the tournament's row lock and does nothing when the
tournament moved on, so a task run twice (a re-queue after a crash, two workers) acts once.
"""

from __future__ import annotations

from django_tasks import task


@task()
def tournament_start(*, tournament_id: int) -> bool:
    """Start the tournament if it is due (its start time, or full) and not started yet."""
    from tournaments.services.lifecycle import tournament_start_if_due

    return tournament_start_if_due(tournament_id=tournament_id)


@task()
def tournament_remind(*, tournament_id: int) -> int:
    """Tell its players the tournament starts in a few minutes (each once, however often)."""
    from tournaments.services.lifecycle import tournament_remind_if_due

    return tournament_remind_if_due(tournament_id=tournament_id)


@task()
def tournament_round_next(*, tournament_id: int, after_round: int) -> bool:
    """Pair the round after ``after_round`` (or finish), once every table of it has ended."""
    from tournaments.services.rounds import round_next_if_done

    return round_next_if_done(tournament_id=tournament_id, after_round=after_round)


@task()
def tournament_no_show_check(*, pairing_id: int) -> bool:
    """Forfeit the table's players who never came to their match."""
    from tournaments.services.rounds import no_show_check_run

    return no_show_check_run(pairing_id=pairing_id)


@task()
def tournament_round_clock(*, round_id: int) -> int:
    """The round's time is up: decide every match of it still in play by its score."""
    from tournaments.services.rounds import round_clock_run

    return round_clock_run(round_id=round_id)
