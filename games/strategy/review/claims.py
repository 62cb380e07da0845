"""Manual scoring in review: each claim against the truth, what was missed, and Muggins.

Built from the events alone: ``claim_made`` (what was claimed and pegged), ``score_revealed``
(the truth and its combinations, when the Muggins window closes) and ``muggins_called``.

Which combinations a player missed cannot be known from a number; the review names the fewest
combinations of the true count whose points add up to exactly what was missed (later ones in
the announced order first: nobs and the last fifteens are what people forget), or all of them
when no set adds up. An over-claim names no combination (there is none to name): ``over`` says
how many points the cards do not hold.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

MAX_MISSED_SEARCH = 12
"""Combinations searched for a missed set; a count has at most a handful more in practice."""


def describe_item(item: dict[str, Any]) -> str:
    """'fifteen 5H+KS' from an event's ``{"kind", "cards", "points"}``."""
    return f"{item['kind']} {'+'.join(item['cards'])}"


def missed_items(items: list[dict[str, Any]], missed: int) -> list[str]:
    """The fewest combinations of ``items`` worth exactly ``missed`` points (see above)."""
    if missed <= 0:
        return []
    indexed = list(enumerate(items))[-MAX_MISSED_SEARCH:]
    for size in range(1, len(indexed) + 1):
        # Latest combinations first: reversed order makes the first hit prefer later items.
        for chosen in combinations(reversed(indexed), size):
            if sum(item["points"] for _, item in chosen) == missed:
                return [describe_item(item) for _, item in sorted(chosen, key=lambda pair: pair[0])]
    return [describe_item(item) for item in items]


class ClaimTracker:
    """Follows claims through the events of a match, in order; one record per claim."""

    def __init__(self, muggins: bool) -> None:
        self.muggins = muggins
        self.records: list[dict[str, Any]] = []
        self._open: dict[str, Any] | None = None
        self._callable = False

    def claim_made(self, data: dict[str, Any], play_index: int | None) -> dict[str, Any]:
        record = {
            "seat": data["seat"],
            "what": data["subject"],
            "play": play_index if data["subject"] == "play" else None,
            "claimed": data["claimed"],
            "actual": None,
            "missed": [],
            "over": [],
            "muggins_called": False,
            "muggins_points_available": 0,
            "muggins_points_taken": 0,
        }
        # A window opens only for a claim that could be called: not one checked at once
        # because it would reach the game's target.
        self._callable = data.get("muggins") is not None
        self.records.append(record)
        self._open = record
        return record

    def muggins_called(self, data: dict[str, Any]) -> None:
        if self._open is not None:
            self._open["muggins_called"] = True
            self._open["muggins_points_taken"] = data["points"]

    def score_revealed(self, data: dict[str, Any]) -> None:
        record = self._open
        if record is None or record["seat"] != data["seat"] or record["what"] != data["subject"]:
            return
        actual = data["actual"]
        claimed = record["claimed"]
        record["actual"] = actual
        record["missed"] = missed_items(data.get("items") or [], actual - claimed)
        if claimed > actual:
            extra = claimed - actual
            record["over"] = [f"{extra} point{'s' if extra > 1 else ''} more than the cards hold"]
        if self.muggins and self._callable and claimed != actual:
            record["muggins_points_available"] = abs(actual - claimed)
        self._open = None


def claim_tests_counting(claimed: int, actual: int) -> bool:
    """Whether a revealed claim counts towards counting accuracy: the one definition, used by
    the review and by the profile's statistics (ratings).

    A claim of nothing for nothing (most cards in the play score nothing) is no test of
    counting, so it is left out; every other claim counts, right or wrong.

    >>> claim_tests_counting(0, 0), claim_tests_counting(0, 2), claim_tests_counting(8, 8)
    (False, True, True)
    """
    return bool(claimed or actual)


def counting_accuracy_percent(right: int, counted: int) -> float | None:
    """Counting accuracy: per cent of the claims that test counting that were exactly right,
    to one decimal; None when there is none.

    >>> counting_accuracy_percent(4, 7), counting_accuracy_percent(0, 0)
    (57.1, None)
    """
    return round(100 * right / counted, 1) if counted else None


def counting_accuracy(records: list[dict[str, Any]], seat: int) -> float | None:
    """``seat``'s counting accuracy over its revealed claims (:func:`claim_tests_counting`)."""
    own = [
        r
        for r in records
        if r["seat"] == seat
        and r["actual"] is not None
        and claim_tests_counting(r["claimed"], r["actual"])
    ]
    return counting_accuracy_percent(sum(1 for r in own if r["claimed"] == r["actual"]), len(own))
