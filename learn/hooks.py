"""The learn app's receiver of games' match-analysed hook: puzzles from the review's grades."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import match_analysed


@receiver(match_analysed, dispatch_uid="learn.match_analysed")
def match_analysed_make_puzzles(
    *, match_id: int, analysis: dict[str, Any], **_details: Any
) -> None:
    """Turn the match's clear-cut decisions into puzzles (idempotent: keyed by decision)."""
    from learn.puzzles import puzzles_from_analysis

    puzzles_from_analysis(match_id=match_id, analysis=analysis)
