"""Players' actions: one transaction per action, the match row locked, applied at most once."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

from games import engine
from games.broadcast import broadcast_progress
from games.models import Match
from games.selectors import seats_out_of_time
from games.services import timers
from games.services.action_sql import LockedMatch, match_lock
from games.services.clocks import clock_restart, clock_settle
from games.services.errors import ServiceError
from games.services.recording import Progress, load_state, progress_apply, run_chance, save_progress
from kernel.log_context import log_context
from kernel.metrics import ACTION_LATENCY, ACTIONS, action_timing

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ActionOutcome:
    """What the acting client is told: the last event its action produced, and if it was a resend."""

    action_id: str | None
    seq: int
    duplicate: bool


def action_apply(
    *, match_id: int, user, action: dict[str, Any], action_id: str | None = None
) -> ActionOutcome:
    """Apply ``action`` (a client message without ``seat``) for ``user``'s seat.

    The seat comes from who ``user`` is, never from the message. A resent ``action_id`` that
    was already applied for this seat is answered with the original outcome, unchanged.
    """
    if user is None or not user.is_authenticated:
        raise ServiceError("not_authenticated", "log in to play")

    def users_seat(locked: LockedMatch) -> int:
        seat = next((s for s in locked.seats if s.user_id == user.pk), None)
        if seat is None:
            raise ServiceError(
                "not_seated", "you are not seated in this match (spectators cannot act)"
            )
        if seat.number in seats_out_of_time(locked.match):  # at three or four (services/clocks.py)
            raise ServiceError("out_of_time", "your time ran out: the computer plays your seat")
        return seat.number

    return _apply(match_id, users_seat, action, action_id)


def action_apply_for_seat(
    *, match_id: int, seat: int, action: dict[str, Any], action_id: str | None = None
) -> ActionOutcome:
    """Apply an action for a seat the caller already vouches for (the computer opponent)."""
    return _apply(match_id, lambda _locked: seat, action, action_id)


def match_resign(*, match_id: int, user, action_id: str | None = None) -> ActionOutcome:
    """``user`` gives up the match; the opponent wins it."""
    return action_apply(
        match_id=match_id, user=user, action={"type": "resign"}, action_id=action_id
    )


def _apply(
    match_id: int,
    seat_of: Callable[[LockedMatch], int],
    action: dict[str, Any],
    action_id: str | None,
) -> ActionOutcome:
    """One transaction: lock the match, decide the seat from it, apply; retried on a lost link.

    Counted and timed for /metrics (kernel/metrics.py): the commit here, the first broadcast
    by the send path, which reads the start from the context.
    """

    seats: list[int] = []  # the seat, once the locked match has said whose it is

    def attempt() -> ActionOutcome | ServiceError:
        applied = False

        def committed() -> None:
            if applied:
                ACTION_LATENCY.labels(stage="committed").observe(time.perf_counter() - started)

        with transaction.atomic():
            # The first hook, so it runs at the commit, before the broadcasts' hooks.
            transaction.on_commit(committed)
            locked = _locked_match(match_id, action_id)
            seats[:] = [seat_of(locked)]
            with log_context(seat=seats[0]):
                outcome = _apply_locked(locked, seat=seats[0], action=action, action_id=action_id)
            applied = isinstance(outcome, ActionOutcome) and not outcome.duplicate
            return outcome

    with log_context(match_id=match_id, action_id=action_id), action_timing() as started:
        try:
            result = _once_more_on_a_lost_connection(attempt, action_id)
        except ServiceError:
            ACTIONS.labels(outcome="refused").inc()
            raise
        if isinstance(result, ServiceError):
            ACTIONS.labels(outcome="refused").inc()
            raise result  # a refusal whose cause (a clock that ran out) was committed first
        ACTIONS.labels(outcome="duplicate" if result.duplicate else "applied").inc()
        if not result.duplicate:  # committed: one line an action, with its ids
            with log_context(seat=seats[0]):
                logger.info(
                    "action applied: %s",
                    action.get("type"),
                    extra={"action_type": action.get("type"), "seq": result.seq},
                )
    return result


def _once_more_on_a_lost_connection(
    attempt: Callable[[], ActionOutcome | ServiceError], action_id: str | None
) -> ActionOutcome | ServiceError:
    """Run ``attempt``; if the database connection was lost, run it once more on a new one.

    Kept connections are not health-checked before each use (``CONN_HEALTH_CHECKS`` is off: the
    check was a round trip on every action; docs/performance.md), so after a database restart
    the first statement on a kept connection fails. The retry is safe only with an
    ``action_id``: if the connection broke during the commit, the first try may have applied,
    and the duplicate check answers the second one with its result instead of applying twice.
    """
    try:
        return attempt()
    except (OperationalError, InterfaceError):
        if action_id is None or connection.in_atomic_block:
            raise
        logger.warning("database connection lost during an action; retrying once")
        connection.close()
        return attempt()


def _locked_match(match_id: int, action_id: str | None) -> LockedMatch:
    """Lock the match row, read its seats and check for a resend, in one round trip."""
    locked = match_lock(match_id=match_id, action_id=action_id)
    if locked is None:
        raise ServiceError("match_not_found", f"there is no match {match_id}")
    return locked


def _apply_locked(
    locked: LockedMatch, *, seat: int, action: dict[str, Any], action_id: str | None
) -> ActionOutcome | ServiceError:
    """Apply in the locked transaction. A clock found out of time is committed before the
    action is refused: the refusal is returned, and raised once the transaction is over."""
    match = locked.match
    earlier_seq = locked.earlier_results.get(seat)
    if earlier_seq is not None:
        return ActionOutcome(action_id=action_id, seq=earlier_seq, duplicate=True)
    if match.status == Match.Status.WAITING:
        raise ServiceError("match_not_started", "the match starts when both seats are filled")
    if match.status == Match.Status.FINISHED:
        raise ServiceError("match_over", "this match is over")
    progress = Progress(match=match, state=load_state(match), stored_shuffles=locked.shuffle_count)
    now = timezone.now()
    out_of_time = clock_settle(progress, now=now)
    if out_of_time:
        refusal = None
        if match.status == Match.Status.FINISHED and match.winner_seat == seat:
            refusal = ServiceError(
                "match_over", "this match is over: your opponent's clock ran out"
            )
        elif seat in out_of_time or match.status == Match.Status.FINISHED:
            refusal = ServiceError("out_of_time", "your time ran out")
        if refusal is not None:
            clock_restart(progress, acted=None, now=now)
            _save_and_queue(locked, progress)
            return refusal
    try:
        engine_action = engine.action_from_dict({**action, "seat": seat})
        progress_apply(
            progress=progress, action=engine_action, seat=seat, client_action_id=action_id
        )
    except engine.IllegalAction as error:
        # The engine refuses before anything is written; leaving the atomic block by this
        # exception rolls back the transaction anyway.
        raise ServiceError(error.code, error.message) from error
    run_chance(progress)
    clock_restart(progress, acted=seat, now=now)
    _save_and_queue(locked, progress)
    return ActionOutcome(action_id=action_id, seq=match.last_seq, duplicate=False)


def _save_and_queue(locked: LockedMatch, progress: Progress) -> None:
    save_progress(progress)
    broadcast_progress(progress)
    timers.bot_turn_schedule(match=locked.match, state=progress.state, seats=locked.seats)
