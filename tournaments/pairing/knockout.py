"""Single-elimination brackets, seeded so the best meet last, with byes to the top seeds.

The bracket has the next power of two of places. Seeds are laid out in the usual order (1 and
2 in opposite halves, 1 meets 8 in an eight-place bracket, ...); a place beyond the field is a
bye, and byes fall to the top seeds, so round 2 always holds a power of two of players.

>>> bracket_first_round(6)
[(1, None), (4, 5), (2, None), (3, 6)]
"""

from __future__ import annotations

from typing import Any


def bracket_size(players: int) -> int:
    """The smallest power of two that holds ``players`` (at least 2)."""
    size = 2
    while size < players:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order: [1, 8, 4, 5, 2, 7, 3, 6] for 8 places."""
    order = [1, 2]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def bracket_first_round(players: int) -> list[tuple[int, int | None]]:
    """Round 1 by seed number (1 = best); ``(seed, None)`` is a bye into round 2."""
    if players < 2:
        raise ValueError("a knockout needs at least two players")
    order = seed_order(bracket_size(players))
    pairs = []
    for index in range(0, len(order), 2):
        a, b = order[index], order[index + 1]
        pairs.append((a, b if b <= players else None))
    return pairs


def bracket_next_round(winners: list[Any]) -> list[tuple[Any, Any]]:
    """The next round: the winners of neighbouring ties, in bracket order, meet."""
    if len(winners) % 2:
        raise ValueError("a bracket round holds an even number of winners")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
