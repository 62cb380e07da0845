"""The chance to win a two-player game from any pair of scores, and who deals next.

Near the end of a game points stop being the right currency: 3 points that win are worth more
than 10 that do not. This table turns scores into what matters, the chance to win, for the
six-card game (121) and the five-card game (61). It is made offline by
``scripts/make_bot_tables.py`` (dynamic programming over per-hand score distributions from
self-play: docs/engine.md says how) and shipped as ``data/win_probability.json``.

>>> win_probability(121, 40, is_dealer=False)
1.0
>>> win_probability(0, 0, is_dealer=True) > win_probability(0, 0, is_dealer=False)
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent / "data" / "win_probability.json"
TARGETS = {"six": 121, "five": 61}


class BadScores(ValueError):
    """Raised for a variant the table does not know or a score that is not a whole number."""


@cache
def _tables() -> dict[str, tuple[tuple[int, ...], ...]]:
    data = json.loads(DATA_FILE.read_text())
    scale = data["scale"]
    return {
        variant: tuple(tuple(value / scale for value in row) for row in data[variant])
        for variant in TARGETS
    }


def pone_wins(pone_score: int, dealer_score: int, *, variant: str = "six") -> float:
    """The chance that the pone of the hand about to be dealt wins the game."""
    target = TARGETS.get(variant)
    if target is None:
        raise BadScores(f"variant must be one of {', '.join(TARGETS)}, not {variant!r}")
    for score in (pone_score, dealer_score):
        if isinstance(score, bool) or not isinstance(score, int) or score < 0:
            raise BadScores(f"a score is a whole number of points, not {score!r}")
    if pone_score >= target:
        return 1.0
    if dealer_score >= target:
        return 0.0
    return _tables()[variant][pone_score][dealer_score]


def win_probability(
    own_score: int, opponent_score: int, *, is_dealer: bool, variant: str = "six"
) -> float:
    """The chance that a player at ``own_score`` beats one at ``opponent_score``, the next hand
    dealt by this player (``is_dealer``) or by the opponent. 1.0 once ``own_score`` reaches the
    target, 0.0 once the opponent's does."""
    if is_dealer:
        return 1.0 - pone_wins(opponent_score, own_score, variant=variant)
    return pone_wins(own_score, opponent_score, variant=variant)
