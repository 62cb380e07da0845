"""The ratings app's receiver of games' match-finished hook (games/signals.py).

Connected in ``RatingsConfig.ready``. Idempotent, as the hook asks: the work is keyed by the
match (``ratings.services.match_tally_record``).
"""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import match_finished
from ratings.services import match_tally_record


@receiver(match_finished, dispatch_uid="ratings.match_finished")
def match_finished_count(*, match_id: int, **_details) -> None:
    """Add the finished match to its players' statistics, and to their ratings if rated."""
    match_tally_record(match_id=match_id)
