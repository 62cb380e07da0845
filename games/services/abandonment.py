"""A player who leaves a match while it waits on them loses it, by the clock, with nobody asking.

The check runs in the worker (``games.tasks.abandonment_check``), queued when a player's socket
of the match opens or closes (``games.services.presence``), when the match starts, and by the
start-up sweep; while the player is there it keeps one look queued for when their presence
lease could lapse, so a server killed with their socket open is noticed too. The opponent may
also claim the win sooner by a click (lobby/services/endings.py); both
end the match the same way, as the absent seat's resignation with the reason "abandoned".

A turn-based match (days per move) is never abandoned: closing the page between moves is how
it is played, and its clock is the only timer (no check is queued for it, and one queued
before stands down).

At a table whose result counts elsewhere (a tournament's, ``games.competition``), a player who
never came is left to the no-show rule, which runs first; and when every player has gone, the
app is told before the match ends, so the table is a loss for both rather than a win for the
one who left second. Anywhere else a match that every player (two or more people) has left
is aborted: it ends with no winner and moves no rating.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine
from games.competition import everyone_absent_record, no_show_rule_applies
from games.engine.options import TURN_BASED
from games.models import Match, Seat
from games.selectors import seats_out_of_time
from games.services import timers
from games.services.actions import ActionOutcome, action_apply_for_seat
from games.services.errors import ServiceError
from games.services.presence import (
    match_ever_attended,
    match_present_until,
    match_seconds_absent,
)
from games.services.recording import load_state

ABANDONED = "abandoned"
ABORTED = "aborted"


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


def match_abort(*, match_id: int, seat: int) -> ActionOutcome:
    """End the match with no winner: every player has left it (issue 25, item 2). No result,
    so no rating moves (the ratings' hook counts no match without a winner)."""
    match = Match.objects.only("last_seq").get(pk=match_id)
    return action_apply_for_seat(
        match_id=match_id,
        seat=seat,
        action={"type": "resign", "reason": ABORTED},
        action_id=f"aborted-{match.last_seq}",
    )


def _every_player_absent(match: Match) -> list[int]:
    """The seat numbers of the match's people when every one of them came and has left (none
    connected now), else []. A player who never opened the match has not left it: at a
    tournament table the no-show rule judges them; elsewhere the opponent may still win."""
    people = list(Seat.objects.filter(match=match, is_bot=False, user__isnull=False))
    came = match_ever_attended(match=match)
    if any(seat.user_id not in came for seat in people):
        return []
    if any(match_seconds_absent(match=match, user_id=seat.user_id) is None for seat in people):
        return []
    return sorted(seat.number for seat in people)


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
        if match.clock_kind == TURN_BASED:
            return False  # closing the page is normal there: the clock is the only timer
        seat = Seat.objects.filter(match=match, user_id=user_id, is_bot=False).first()
        if seat is None or seat.number in seats_out_of_time(match):
            return False  # not seated, or out of time: the computer plays that seat now
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
        if user_id not in match_ever_attended(match=match) and no_show_rule_applies(match=match):
            # They never came, and a no-show rule (a tournament's) judges that first: it may
            # find both players absent, which abandonment alone would give one of them.
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
        everyone_gone = _every_player_absent(match)
        counted_elsewhere = bool(everyone_gone) and everyone_absent_record(
            match=match, seats=everyone_gone
        )
        try:
            if len(everyone_gone) > 1 and not counted_elsewhere:
                match_abort(match_id=match_id, seat=seat.number)
                return True
            abandonment_apply(match_id=match_id, seat=seat.number)
        except ServiceError as error:
            if error.code in {"not_waiting_on_seat", "match_over"}:
                return False
            raise
        return True
