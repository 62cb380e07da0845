"""Swiss pairing: everyone plays each round, nobody meets the same opponent twice.

Players come in rank order (score, then rating: the caller sorts). The first unpaired player
meets the next-ranked player they have not met, so pairs form inside score groups first and
fall to the next group only when they must; a depth-first search backs up when a choice would
leave someone without a legal opponent. With an odd number, the bye goes to the lowest-ranked
player who has not had one (and whose bye leaves the rest pairable); a bye is worth a win.

>>> swiss_pair(["a", "b", "c", "d", "e"], played={frozenset({"a", "b"})}, had_bye=set())
SwissRound(pairs=[('a', 'c'), ('b', 'd')], bye='e')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


class PairingImpossible(ValueError):
    """No pairing of these players avoids every rematch (too many rounds for the field), or
    none was found within the search's budget."""


SEARCH_BUDGET = 200_000
"""Steps the search may take for one round (about a tenth of a second). Late in a long Swiss
(rounds near the field's size) proving that no rematch-free round exists can take exponential
time; past the budget the round counts as impossible and the tournament ends there."""


@dataclass(frozen=True)
class SwissRound:
    """One round's pairs (higher-ranked player first) and the player with the bye, if any."""

    pairs: list[tuple[Any, Any]]
    bye: Any = None


def swiss_pair(
    ranked: Sequence[Hashable],
    *,
    played: Iterable[frozenset],
    had_bye: Iterable[Hashable],
) -> SwissRound:
    """Pair ``ranked`` (best first) avoiding every pair in ``played``; raise PairingImpossible."""
    players = list(ranked)
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the ranking")
    met: dict[Hashable, set] = {player: set() for player in players}
    for pair in played:
        a, b = tuple(pair)
        if a in met and b in met:
            met[a].add(b)
            met[b].add(a)
    budget = [SEARCH_BUDGET]
    if len(players) % 2 == 0:
        pairs = _pair_all(players, met, budget)
        if pairs is None:
            raise PairingImpossible("every pairing of this round repeats an earlier one")
        return SwissRound(pairs=pairs)
    byes = set(had_bye)
    candidates = [p for p in reversed(players) if p not in byes] or list(reversed(players))
    for bye in candidates:
        rest = [p for p in players if p != bye]
        pairs = _pair_all(rest, met, budget)
        if pairs is not None:
            return SwissRound(pairs=pairs, bye=bye)
        if budget[0] <= 0:
            break
    raise PairingImpossible("every pairing of this round repeats an earlier one")


def _pair_all(players: list, met: dict[Hashable, set], budget: list[int]) -> list[tuple] | None:
    """Depth-first: the first unpaired player takes the best-ranked legal opponent.

    Iterative (a list as the stack), so a field of thousands cannot hit the recursion limit.
    Each frame remembers the next opponent index to try for its player. ``budget[0]``: steps
    left (shared by the caller's attempts); None when it runs out.
    """
    count = len(players)
    if count == 0:
        return []
    paired = [False] * count
    stack: list[list[int]] = []  # [player index, opponent index tried last]
    first: int | None = 0
    while True:
        if first is not None:
            while first < count and paired[first]:
                first += 1
            if first == count:
                return [(players[a], players[b]) for a, b in stack]
            stack.append([first, first])
            paired[first] = True
        # advance the top frame to its next legal opponent
        budget[0] -= 1
        if budget[0] <= 0:
            return None
        frame = stack[-1]
        a, b = frame
        if b != a:
            paired[b] = False
        b += 1
        while b < count and (paired[b] or players[b] in met[players[a]]):
            b += 1
        if b < count:
            frame[1] = b
            paired[b] = True
            first = a + 1
            continue
        # no opponent left for a: undo this frame and retry the one below
        stack.pop()
        paired[a] = False
        if not stack:
            return None
        first = None
