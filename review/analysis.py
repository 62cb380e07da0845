"""A finished match's analysis: computed once by the pure analysis (games.strategy.review), stored
in ``MatchAnalysis``, read on every later view.

Computed by the durable task the match-finished hook queues (review.hooks), and on the first
view if that has not run yet (a match finished before this app existed, a worker behind). A
stored analysis of an older version is recomputed. A match whose log cannot be analysed (an
engine without the analysis, an unknown rules version) has no analysis: the page says so.
"""

from __future__ import annotations

import logging
from typing import Any

from games import engine
from games.models import Match, MatchAction
from games.rules import REPLAYERS
from games.signals import match_analysed
from review.access import match_is_reviewable
from review.models import MatchAnalysis

logger = logging.getLogger(__name__)


def _analyzer() -> tuple[Any, int] | None:
    """``(analyze_match, version)`` from the pure analysis package, or None without it."""
    try:
        from games.strategy import review as pure_review
    except ImportError:
        return None
    version = getattr(pure_review, "FORMAT_VERSION", 1)
    return pure_review.analyze_match, int(version)


def match_actions(*, match: Match) -> list[engine.Action]:
    """The match's engine actions, in order."""
    payloads = (
        MatchAction.objects.filter(match=match).order_by("number").values_list("payload", flat=True)
    )
    return [engine.action_from_dict(payload) for payload in payloads]


def match_options(*, match: Match) -> engine.MatchOptions:
    return engine.MatchOptions.from_dict(match.options_dict)


def match_analysis_compute(*, match: Match) -> dict[str, Any] | None:
    """Analyse ``match`` now and store the result (replacing an older version's)."""
    analyzer = _analyzer()
    if analyzer is None or not match_is_reviewable(match=match):
        return None
    if match.rules_version not in REPLAYERS:
        return None
    analyze_match, version = analyzer
    data = analyze_match(match_options(match=match), match_actions(match=match))
    MatchAnalysis.objects.update_or_create(match=match, defaults={"version": version, "data": data})
    for receiver, outcome in match_analysed.send_robust(
        sender=Match, match_id=match.pk, analysis=data
    ):
        if isinstance(outcome, Exception):
            logger.error("after analysing match %s, %r failed: %r", match.pk, receiver, outcome)
    return data


def match_analysis_get(*, match: Match) -> dict[str, Any] | None:
    """The stored analysis of a finished match, computed first if missing or out of date."""
    analyzer = _analyzer()
    stored = MatchAnalysis.objects.filter(match=match).values_list("version", "data").first()
    if stored is not None and (analyzer is None or stored[0] >= analyzer[1]):
        return stored[1]
    try:
        return match_analysis_compute(match=match)
    except Exception:  # the replay must still open if the analysis fails: it is logged
        logger.exception("analysing match %s failed", match.pk)
        return None
