"""Staff ending a stuck match from the admin: the engine's own abort, with the reason recorded.

A match can stick where no rule moves it on (a seat whose player and bot are both gone, a bug).
Ending it is an engine action (`Resign(seat, "aborted")`: no winner, no rating moved), applied
through the same locked path as any action, so the log, `match_ended` on the sockets,
`Match.finish_reason` and a rebuild all agree; no row is written by hand. The staff member's
reason is kept in the audit (kernel.staff_audit), in the same transaction.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.models import Match
from games.services.abandonment import match_abort
from games.services.errors import ServiceError
from kernel.staff_audit import staff_action_record


def match_staff_end(*, match_id: int, staff: Any, reason: str) -> None:
    """End match ``match_id`` with no winner; refused unless it is in play."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("match_not_found", f"There is no match {match_id}.", status=404)
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("match_not_active", f"Match {match_id} is not in play.")
        match_abort(match_id=match_id, seat=0)
        staff_action_record(
            staff_id=staff.pk, action="match_ended", target=f"match {match_id}", reason=reason
        )
