"""A finished match's timeline, built once from its log and then read (review.models).

Like the analysis (review.analysis), the timeline is a pure function of a finished match's log,
so the hook's task builds it with the analysis and every view after reads one row.
"""

from __future__ import annotations

from typing import Any

from games.models import Match
from review.analysis import match_actions, match_options
from review.models import MatchTimeline
from review.timeline import TIMELINE_VERSION, timeline_build


def match_timeline_get(*, match: Match) -> dict[str, Any]:
    """The stored timeline of a finished match, built and stored first if missing or old."""
    stored = MatchTimeline.objects.filter(match=match).values_list("version", "data").first()
    if stored is not None and stored[0] == TIMELINE_VERSION:
        return stored[1]
    data = timeline_build(options=match_options(match=match), actions=match_actions(match=match))
    MatchTimeline.objects.update_or_create(
        match=match, defaults={"version": TIMELINE_VERSION, "data": data}
    )
    return data
