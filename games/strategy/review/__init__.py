"""The graded review of a finished match: pure, standard library and the engine only.

``analyze_match(options, actions)`` rebuilds the match from its action log and grades every
discard and every play with a real choice, measures each seat's luck and checks every manual
claim. docs/review.md describes the thresholds, the formulas and the JSON it returns.
"""

from __future__ import annotations

from games.strategy.review.grading import LABELS, THRESHOLDS, label_for
from games.strategy.review.match_review import FORMAT_VERSION, analyze_match

__all__ = ["FORMAT_VERSION", "LABELS", "THRESHOLDS", "analyze_match", "label_for"]
