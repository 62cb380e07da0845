"""A finished match's timeline, built once from its log and then read (review.models).

Like the analysis (review.analysis), the timeline is a pure function of a finished match's log,
so the hook's task builds it with the analysis and every view after reads one row.
"""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchAction, MatchEvent
from review.analysis import match_actions, match_options
from review.models import MatchTimeline
from review.timeline import TIMELINE_VERSION, timeline_build


def match_action_clocks(*, match: Match) -> list[list[int] | None] | None:
    """A timed match's clock after each action (None for a match without a clock).

    Every transaction of a timed match ends with one ``clock_changed`` event
    (games/services/clocks.py), after the events of its actions: an action's clock is the
    first one logged after that action's last event.
    """
    if match.clock_kind == "none":
        return None
    results = MatchAction.objects.filter(match=match).order_by("number")
    changes = list(
        MatchEvent.objects.filter(match=match, type="clock_changed")
        .order_by("seq")
        .values_list("seq", "public")
    )
    clocks: list[list[int] | None] = []
    index = 0
    for result_seq in results.values_list("result_seq", flat=True):
        while index < len(changes) and changes[index][0] <= result_seq:
            index += 1
        clocks.append(changes[index][1]["clock"]["remaining"] if index < len(changes) else None)
    return clocks


def match_takeovers(*, match: Match) -> dict[int, list[int]]:
    """Seats whose clock ran out at three or four (the computer played them from then on), by
    the index of the last action before it (-1: before any): ``seat_timed_out`` is a site event,
    not an engine one, so the timeline rebuilt from the actions does not hold it."""
    timed_out = MatchEvent.objects.filter(match=match, type="seat_timed_out").order_by("seq")
    if not timed_out.exists():
        return {}
    results = list(
        MatchAction.objects.filter(match=match)
        .order_by("number")
        .values_list("result_seq", flat=True)
    )
    found: dict[int, list[int]] = {}
    for seq, public in timed_out.values_list("seq", "public"):
        before = sum(1 for result_seq in results if result_seq is not None and result_seq < seq) - 1
        found.setdefault(before, []).append(public["seat"])
    return found


def match_timeline_get(*, match: Match) -> dict[str, Any]:
    """The stored timeline of a finished match, built and stored first if missing or old."""
    stored = MatchTimeline.objects.filter(match=match).values_list("version", "data").first()
    if stored is not None and stored[0] == TIMELINE_VERSION:
        return stored[1]
    data = timeline_build(
        options=match_options(match=match),
        actions=match_actions(match=match),
        clocks=match_action_clocks(match=match),
    )
    MatchTimeline.objects.update_or_create(
        match=match, defaults={"version": TIMELINE_VERSION, "data": data}
    )
    return data
