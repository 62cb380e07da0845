"""The review app's durable task: analyse a finished match once, in the worker."""

from __future__ import annotations

from django_tasks import task


@task()
def match_analyse(*, match_id: int) -> bool:
    """Compute and store the analysis of ``match_id`` unless it is stored already (idempotent)."""
    from games.models import Match
    from review.analysis import match_analysis_get

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return False
    return match_analysis_get(match=match) is not None
