"""Whether a match's result counts for something beyond the match: where help is unfair.

A rated match counts (games knows it: ``Match.rated``). A tournament table counts too, but
tournaments sit above games, so the tournaments app registers a check here at start-up
(``tournaments.apps``) instead of games importing it, the same way the lobby plugs in the
finder of a private match's secret link (``games.privacy``). Hints (``games.hints``) and any
analysis of a match in play ask :func:`match_results_count` before they help anyone.
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Match

ResultsCountCheck = Callable[[Match], bool]
_checks: list[ResultsCountCheck] = []


def results_count_check_register(check: ResultsCountCheck) -> None:
    """Let an app say that some matches count for it (a tournament's tables).

    Registering the same check twice (a reloaded app config) keeps one copy.
    """
    if check not in _checks:
        _checks.append(check)


def match_results_count(*, match: Match) -> bool:
    """True when ``match``'s result moves a rating or a tournament's standings."""
    if match.rated:
        return True
    return any(check(match) for check in _checks)
