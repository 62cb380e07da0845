"""Labels for a graded decision and the accuracy figure, with the thresholds the docs publish.

A decision loses ``lost`` expected points against the best choice (never negative). Its label:

========== =====================
best       lost < 0.05
good       0.05 <= lost < 0.5
inaccuracy 0.5 <= lost < 1.5
mistake    1.5 <= lost < 3.0
blunder    3.0 <= lost
========== =====================

Accuracy is the share of a player's graded decisions (discards and plays together) labelled
best or good, in per cent: a number a player can check by counting the labels.

>>> label_for(0.0), label_for(0.7), label_for(3.0)
('best', 'inaccuracy', 'blunder')
"""

from __future__ import annotations

BEST_MARGIN = 0.05
"""Lost less than this is a tie with the best (float noise and equal choices)."""

THRESHOLDS = {"inaccuracy": 0.5, "mistake": 1.5, "blunder": 3.0}
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
SOUND_LABELS = ("best", "good")


def label_for(lost: float) -> str:
    """The label of a decision that lost ``lost`` expected points (or chance, scaled)."""
    if lost < BEST_MARGIN:
        return "best"
    if lost < THRESHOLDS["inaccuracy"]:
        return "good"
    if lost < THRESHOLDS["mistake"]:
        return "inaccuracy"
    if lost < THRESHOLDS["blunder"]:
        return "mistake"
    return "blunder"


def accuracy(labels: list[str]) -> float | None:
    """Per cent of ``labels`` that are best or good; None when nothing was graded."""
    if not labels:
        return None
    sound = sum(1 for label in labels if label in SOUND_LABELS)
    return round(100 * sound / len(labels), 1)
