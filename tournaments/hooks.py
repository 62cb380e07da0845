"""The tournaments' receiver of games' match-finished hook (games/signals.py).

Idempotent, as the hook asks: a table already finished is left alone.
"""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import match_finished
from tournaments.services.rounds import pairing_result_record


@receiver(match_finished, dispatch_uid="tournaments.match_finished")
def match_finished_record(*, match_id: int, **_details) -> None:
    """Record a tournament table's result; the round's last result queues the next round."""
    pairing_result_record(match_id=match_id)
