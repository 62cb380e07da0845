"""A player who leaves a match while it waits on them loses it, by the clock, with nobody asking.

The check runs in the worker (``games.tasks.abandonment_check``), queued when a player's socket
of the match opens or closes (``games.services.presence``), when the match starts, and by the
start-up sweep; while the player is there it keeps one look queued for when their presence
lease could lapse, so a server killed with their socket open is noticed too. The opponent may also claim the win sooner by a click (lobby/services/endings.py); both
end the match the same way, as the absent seat's resignation with the reason "abandoned".
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine
from games.models import Match, Seat
from games.services import timers
from games.services.actions import ActionOutcome, action_apply_for_seat
from games.services.errors import ServiceError
from games.services.presence import match_present_until, match_seconds_absent
from games.services.recording import load_state

ABANDONED = "abandoned"


def abandon_after_seconds() -> float:
    return float(settings.ABANDON_AFTER_SECONDS)


def recheck_seconds() -> float:
    """How often a gone player is looked at again while the game waits on someone else."""
    return max(1.0, abandon_after_seconds() / 4)


def abandonment_apply(*, match_id: int, seat: int) -> ActionOutcome:
    """End the match as ``seat``'s abandonment (the engine refuses unless it waits on ``seat``).

    The action id is keyed by the match's position, so two checks racing apply it once.
    """
    match = Match.objects.only("last_seq").get(pk=match_id)
    return action_apply_for_seat(
        match_id=match_id,
        seat=seat,
        action={"type": "resign", "reason": ABANDONED},
        action_id=f"abandoned-{match.last_seq}",
    )


def abandonment_check_run(*, match_id: int, user_id: int, absent_since: str | None) -> bool:
    """A look at whether ``user_id`` has abandoned the match: returns whether they lost it.

    Reads the person's presence leases (games/services/presence.py), never the argument
    ``absent_since`` (kept so that checks queued before the leases still run). While they are
    here it looks again when their lease could next lapse, plus the limit: a server that dies
    with their socket closes nothing, so this chain is what notices. While they are gone but the
    game waits on someone else, it looks again every :func:`recheck_seconds`. Only one chain
    is kept per person: a look that finds another already due by its own time queues nothing.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.ACTIVE:
            return False
        seat = Seat.objects.filter(match=match, user_id=user_id, is_bot=False).first()
        if seat is None:
            return False
        limit = abandon_after_seconds()
        here_until = match_present_until(match_id=match_id, user_id=user_id)
        if here_until is not None:
            later = (here_until - timezone.now()).total_seconds() + limit
            timers.abandonment_check_schedule(
                match_id=match_id,
                user_id=user_id,
                absent_since=None,
                after=later,
                unless_due_by=True,
            )
            return False
        absent = match_seconds_absent(match=match, user_id=user_id) or 0.0
        waiting_on_them = seat.number in engine.seats_to_act(load_state(match))
        if absent < limit or not waiting_on_them:
            later = limit - absent if absent < limit else recheck_seconds()
            timers.abandonment_check_schedule(
                match_id=match_id,
                user_id=user_id,
                absent_since=None,
                after=later,
                unless_due_by=True,
            )
            return False
        try:
            abandonment_apply(match_id=match_id, seat=seat.number)
        except ServiceError as error:
            if error.code in {"not_waiting_on_seat", "match_over"}:
                return False
            raise
        return True
