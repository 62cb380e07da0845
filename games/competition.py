"""Whether a match's result counts for something beyond the match: where help is unfair.

A rated match counts (games knows it: ``Match.rated``). A tournament table counts too, but
tournaments sit above games, so the tournaments app registers a check here at start-up
(``tournaments.apps``) instead of games importing it, the same way the lobby plugs in the
finder of a private match's secret link (``games.privacy``). Hints (``games.hints``) and any
analysis of a match in play ask :func:`match_results_count` before they help anyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

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


# Walkaways at tables whose results count elsewhere (issue 25, item 2). The tournaments app
# registers its referee at start-up: it judges a player who never came by its no-show rule,
# before the site's abandonment may, and records a table that everyone walked away from.
NoShowRule = Callable[[Match], bool]


class EveryoneAbsent(Protocol):
    """``handler(match, seats=...)``: see :func:`everyone_absent_register`."""

    def __call__(self, match: Match, *, seats: list[int]) -> bool: ...


_no_show_rules: list[NoShowRule] = []
_everyone_absent_handlers: list[EveryoneAbsent] = []


def no_show_rule_register(rule: NoShowRule) -> None:
    """``rule(match)`` is True when a no-show rule judges ``match``'s players who never came."""
    if rule not in _no_show_rules:
        _no_show_rules.append(rule)


def no_show_rule_applies(*, match: Match) -> bool:
    return any(rule(match) for rule in _no_show_rules)


def everyone_absent_register(handler: EveryoneAbsent) -> None:
    """``handler(match, seats=...)`` records that every player (``seats``) has left ``match`` as it
    is ended; True when it did (the match counts for that app)."""
    if handler not in _everyone_absent_handlers:
        _everyone_absent_handlers.append(handler)


def everyone_absent_record(*, match: Match, seats: list[int]) -> bool:
    """Tell the apps that count ``match`` that all its players left; True if one recorded it."""
    return any([handler(match, seats=seats) for handler in _everyone_absent_handlers])
