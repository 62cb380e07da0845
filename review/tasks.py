"""The review app's durable task: analyse a finished match once, in the worker."""

from __future__ import annotations

from django_tasks import task


@task()
def match_analyse(*, match_id: int) -> bool:
    """Build and store the timeline and the analysis of ``match_id`` unless they are stored
    already (idempotent), so the review's first view is a read too."""
    from games.models import Match
    from review.access import match_is_reviewable
    from review.analysis import match_analysis_get
    from review.stored import match_timeline_get

    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match_is_reviewable(match=match):
        return False
    match_timeline_get(match=match)
    return match_analysis_get(match=match) is not None
