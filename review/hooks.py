"""The review app's receiver of games' match-finished hook (games/signals.py).

It only queues the analysis (``review.tasks.match_analyse``) in the hook's transaction: the
analysis takes a fraction of a second and must not hold the hook's lock, and the task is
idempotent, so a hook sent again just queues a task that finds the analysis stored.
"""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import match_finished


@receiver(match_finished, dispatch_uid="review.match_finished")
def match_finished_analyse(*, match_id: int, **_details) -> None:
    """Queue the analysis of the finished match for the worker."""
    from review.tasks import match_analyse

    match_analyse.enqueue(match_id=match_id)
