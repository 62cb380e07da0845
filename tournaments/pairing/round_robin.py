"""Round robin by the circle method: everyone meets everyone, once per round.

The first player stays put and the rest turn one place each round; with an odd number a
``None`` joins the circle, and whoever meets it has the bye that round.

>>> round_robin_schedule(["a", "b", "c", "d"])
[[('a', 'd'), ('b', 'c')], [('a', 'c'), ('d', 'b')], [('a', 'b'), ('c', 'd')]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def round_robin_schedule(players: Sequence[Any]) -> list[list[tuple[Any, Any]]]:
    """Every round's pairs; a pair holding ``None`` is a bye for the other player.

    n players (n even) play n - 1 rounds, n players (n odd) play n rounds, one bye each.
    """
    circle = list(players)
    if len(circle) < 2:
        return []
    if len(circle) % 2:
        circle.append(None)
    count = len(circle)
    rounds = []
    for _ in range(count - 1):
        pairs = [(circle[i], circle[count - 1 - i]) for i in range(count // 2)]
        rounds.append([(b, a) if a is None else (a, b) for a, b in pairs])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds
