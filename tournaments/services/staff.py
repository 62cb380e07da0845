"""What staff may do to a tournament from the admin: cancel it at any stage, hold it, resume it.

Each runs in one transaction with its record (kernel.staff_audit). A hold (`paused_at`) keeps an
upcoming tournament from starting and a running one from pairing its next round; the tables in
play finish as usual. Resuming queues again whatever the hold held back (the start, or the next
round after the current one), tasks that stand down if there is nothing to do.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from kernel.staff_audit import staff_action_record
from tournaments.broadcast import tournament_changed
from tournaments.models import Tournament
from tournaments.services import timers
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import tournament_locked

OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def _locked(tournament_id: int) -> Tournament:
    tournament = tournament_locked(tournament_id)
    if tournament is None:
        raise TournamentError("not_found", "no such tournament", status=404)
    if tournament.status in OVER:
        raise TournamentError("tournament_over", f"{tournament.name} is already over")
    return tournament


def tournament_staff_cancel(*, tournament_id: int, staff: Any, reason: str) -> None:
    """Cancel a tournament that has not ended, whatever its stage; its tables in play go on as
    ordinary matches, and no further round is paired."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        tournament.status = Tournament.Status.CANCELLED
        tournament.cancel_reason = f"cancelled by the staff: {reason}"[:200]
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "cancel_reason", "finished_at"])
        staff_action_record(
            staff_id=staff.pk,
            action="tournament_cancelled",
            target=f"tournament {tournament.pk} ({tournament.name})",
            reason=reason,
        )
        tournament_changed(tournament.pk)


def tournament_pause(*, tournament_id: int, staff: Any, reason: str) -> bool:
    """Hold the tournament; False (and nothing recorded) when it was already held."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.paused_at is not None:
            return False
        tournament.paused_at = timezone.now()
        tournament.save(update_fields=["paused_at"])
        staff_action_record(
            staff_id=staff.pk,
            action="tournament_paused",
            target=f"tournament {tournament.pk} ({tournament.name})",
            reason=reason,
        )
        tournament_changed(tournament.pk)
        return True


def tournament_resume(*, tournament_id: int, staff: Any, reason: str) -> bool:
    """Lift the hold and queue what it held back; False when it was not held."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.paused_at is None:
            return False
        tournament.paused_at = None
        tournament.save(update_fields=["paused_at"])
        if tournament.status == Tournament.Status.UPCOMING:
            # A start time that passed during the hold means now (the default).
            due = tournament.starts_at
            timers.start_schedule(
                tournament=tournament, at=due if due and due > timezone.now() else None
            )
        else:
            timers.round_next_schedule(tournament=tournament, after_round=tournament.current_round)
        staff_action_record(
            staff_id=staff.pk,
            action="tournament_resumed",
            target=f"tournament {tournament.pk} ({tournament.name})",
            reason=reason,
        )
        tournament_changed(tournament.pk)
        return True
