"""The match server's durable tasks, run by the worker (``manage.py run_worker``).

Each is queued by ``games.services.timers`` inside the transaction that makes it due, and each
is idempotent: it re-reads the database and does nothing when the match moved on, so a task
run twice (a re-queue after a crash, two workers) has its effect once.

Tasks are entry points, like consumers: services queue them, so they reach the services only
when they run (an import at module level would be a cycle).
"""

from __future__ import annotations

from django_tasks import task


@task()
def bot_turn(*, match_id: int, seat: int, level: str, seq: int) -> bool:
    """The computer's move for ``seat``, unless the match moved past ``seq`` since it was queued."""
    from games.services.bots import bot_turn_play

    return bot_turn_play(match_id=match_id, seat=seat, level=level, seq=seq)


@task()
def abandonment_check(*, match_id: int, user_id: int, absent_since: str | None) -> bool:
    """``user_id`` loses the match if still gone too long while the game waits on them."""
    from games.services.abandonment import abandonment_check_run

    return abandonment_check_run(match_id=match_id, user_id=user_id, absent_since=absent_since)


@task()
def match_finished_announce(*, match_id: int) -> bool:
    """Send ``games.signals.match_finished`` for the match, once however often this runs."""
    from games.services.finishing import match_finished_announce as announce

    return announce(match_id=match_id)


@task()
def clock_check(*, match_id: int, seq: int) -> bool:
    """End on time whoever ran out while the match waited at ``seq`` (games/services/clocks.py)."""
    from games.services.clocks import clock_check_run

    return clock_check_run(match_id=match_id, seq=seq)
