"""Players' actions: one transaction per action, the match row locked, applied at most once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games import engine
from games.broadcast import broadcast_progress
from games.models import Match, Seat
from games.services import bots
from games.services.action_sql import earlier_action_result, match_lock_with_seats
from games.services.errors import ServiceError
from games.services.recording import Progress, apply_action, load_state, run_chance, save_progress


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
    with transaction.atomic():
        match, seats = _locked_match_and_seats(match_id)
        seat = next((s.number for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise ServiceError(
                "not_seated", "you are not seated in this match (spectators cannot act)"
            )
        return _apply_locked(match, seat=seat, action=action, action_id=action_id, seats=seats)


def action_apply_for_seat(
    *, match_id: int, seat: int, action: dict[str, Any], action_id: str | None = None
) -> ActionOutcome:
    """Apply an action for a seat the caller already vouches for (the computer opponent)."""
    with transaction.atomic():
        match = _locked_match(match_id)
        return _apply_locked(match, seat=seat, action=action, action_id=action_id)


def match_resign(*, match_id: int, user, action_id: str | None = None) -> ActionOutcome:
    """``user`` gives up the match; the opponent wins it."""
    return action_apply(
        match_id=match_id, user=user, action={"type": "resign"}, action_id=action_id
    )


def _locked_match_and_seats(match_id: int) -> tuple[Match, list[Seat]]:
    """Lock the match row and read its seats in one statement (one round trip per action)."""
    locked = match_lock_with_seats(match_id)
    if locked is None:
        raise ServiceError("match_not_found", f"there is no match {match_id}")
    return locked


def _locked_match(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist as error:
        raise ServiceError("match_not_found", f"there is no match {match_id}") from error


def _apply_locked(
    match: Match,
    *,
    seat: int,
    action: dict[str, Any],
    action_id: str | None,
    seats: list | None = None,
) -> ActionOutcome:
    if action_id is not None:
        earlier_seq = earlier_action_result(match_id=match.pk, seat=seat, action_id=action_id)
        if earlier_seq is not None:
            return ActionOutcome(action_id=action_id, seq=earlier_seq, duplicate=True)
    if match.status == Match.Status.WAITING:
        raise ServiceError("match_not_started", "the match starts when both seats are filled")
    if match.status == Match.Status.FINISHED:
        raise ServiceError("match_over", "this match is over")
    progress = Progress(match=match, state=load_state(match))
    try:
        engine_action = engine.action_from_dict({**action, "seat": seat})
        apply_action(progress, engine_action, seat=seat, client_action_id=action_id)
    except engine.IllegalAction as error:
        # The engine refuses before anything is written; leaving the atomic block by this
        # exception rolls back the transaction anyway.
        raise ServiceError(error.code, error.message) from error
    run_chance(progress)
    save_progress(progress)
    broadcast_progress(progress)
    bots.schedule_bot_turns(match=match, state=progress.state, seats=seats)
    return ActionOutcome(action_id=action_id, seq=match.last_seq, duplicate=False)
