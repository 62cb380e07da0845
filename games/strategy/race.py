"""When a racer gets home: the machinery the win tables at three and in partnerships share.

A game to 121 is a race in which points arrive in the order of the rules, stage by stage
within a hand (the cut, the play, each show in turn), and a racer's role turns with the deal.
A racer (a seat at three, a side in partnerships) is described by :class:`Race`: at which
stages each role scores and which role it takes in the next hand. From the chance of each
number of points by role and stage (measured over hands played out, :func:`stage_chances`),
dynamic programming over the points still needed gives, for each role and need, the chance of
getting home at each stage of each hand to come (:func:`finish_table`, :func:`times_from`).
Each racer's points are taken as independent of the others'; how the racers' finish times
combine into chances to win is the caller's (who wins a tie differs by table).

>>> race = Race(role_stages=((0,), (0,)), next_role=(1, 0), stages=1, horizon=3, target=2)
>>> points = ({0: ((1, 1.0),)}, {0: ((1, 1.0),)})
>>> finish_table(race, points)[0][2]
(0.0, 1.0, 0.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

StagePoints = tuple[dict[int, tuple[tuple[int, float], ...]], ...]
"""By role, by stage: the points scored there and their chances."""

FinishTable = tuple[tuple[tuple[float, ...], ...], ...]
"""``table[role][need]``: by time ``hand * stages + stage`` from the start of a hand in
``role``, the chance of getting home then (need 1 to the target)."""

CHAR_ZERO = 48
"""A table's data file stores a hand's points ``p`` as ``chr(CHAR_ZERO + p)``, a character a
field."""

PASSES = 6
"""A hand that brings a racer nothing leaves its need as it was, in the next role, so the roles
at one need depend on each other a hand later; they are solved by passes, each pass's change
shrinking by the chance of a pointless hand (a few in a hundred)."""


@dataclass(frozen=True)
class Race:
    """How one racer's points arrive: by role, the stages it scores at (in order); by role,
    its role in the next hand; the stages a hand has; the hands looked ahead; the target."""

    role_stages: tuple[tuple[int, ...], ...]
    next_role: tuple[int, ...]
    stages: int
    horizon: int
    target: int = 121

    @property
    def length(self) -> int:
        return self.horizon * self.stages


def encode_outcome(points: Sequence[int]) -> str:
    """One hand's points (a table's fields in order) as the data file's characters."""
    return "".join(chr(CHAR_ZERO + value) for value in points)


def decode_outcomes(text: str, width: int) -> list[tuple[int, ...]]:
    """The data file's hands, ``width`` fields each."""
    return [
        tuple(ord(char) - CHAR_ZERO for char in text[start : start + width])
        for start in range(0, len(text), width)
    ]


def stage_chances(columns: Mapping[tuple[int, int], Sequence[int]], roles: int) -> StagePoints:
    """The chance of each number of points by role and stage, from each (role, stage)'s points
    over the measured hands."""
    by_role: list[dict[int, tuple[tuple[int, float], ...]]] = [{} for _ in range(roles)]
    for (role, stage), values in columns.items():
        counts = Counter(values)
        total = len(values)
        by_role[role][stage] = tuple((points, counts[points] / total) for points in sorted(counts))
    return tuple(by_role)


def within_hand(
    race: Race, role: int, stage: int, need: int, points: StagePoints
) -> tuple[list[float], dict[int, float]]:
    """A racer in ``role`` needing ``need`` from ``stage`` of a hand on: its chance of getting
    home at each stage of this hand, and of each need left when the hand is over."""
    home = [0.0] * race.stages
    left = {need: 1.0}
    for at in race.role_stages[role]:
        if at < stage:
            continue
        after: dict[int, float] = {}
        for still, chance in left.items():
            for scored, weight in points[role][at]:
                if scored >= still:
                    home[at] += chance * weight
                else:
                    rest = still - scored
                    after[rest] = after.get(rest, 0.0) + chance * weight
        left = after
    return home, left


def finish_table(race: Race, points: StagePoints) -> FinishTable:
    """:data:`FinishTable` for ``race`` from its stage points."""
    roles = len(race.role_stages)
    length = race.length
    stages = race.stages
    table: list[list[tuple[float, ...]]] = [[()] * (race.target + 1) for _ in range(roles)]
    for need in range(1, race.target + 1):
        parts = []
        for role in range(roles):
            home, left = within_hand(race, role, 0, need, points)
            rows = table[race.next_role[role]]
            moved = {rest: chance for rest, chance in left.items() if rest != need}
            parts.append((then_later(race, home, moved, rows), left.get(need, 0.0)))
        current = [tuple(below) for below, _ in parts]
        for _ in range(PASSES):
            current = [
                tuple(
                    below[time]
                    + (
                        stay * current[race.next_role[role]][time - stages]
                        if time >= stages
                        else 0.0
                    )
                    for time in range(length)
                )
                for role, (below, stay) in enumerate(parts)
            ]
        for role in range(roles):
            table[role][need] = current[role]
    return tuple(tuple(rows) for rows in table)


def then_later(
    race: Race, home: list[float], left: dict[int, float], rows: Sequence[tuple[float, ...]]
) -> list[float]:
    """By time from the start of this hand: home at this hand's stages, then, for each need
    ``left`` after it (with its chance), that need's finish times a hand later in ``rows``."""
    length = race.length
    stages = race.stages
    times = [0.0] * length
    times[:stages] = home
    for rest, chance in left.items():
        later = rows[rest]
        for time in range(length - stages):
            value = later[time]
            if value:
                times[time + stages] += chance * value
    return times


def times_from(
    race: Race, role: int, need: int, stage: int, finish: FinishTable, points: StagePoints
) -> list[float]:
    """By time from the start of this hand: the chance a racer in ``role`` needing ``need``
    from ``stage`` of the hand on gets home then."""
    if stage == 0:
        return list(finish[role][need])
    home, left = within_hand(race, role, stage, need, points)
    return then_later(race, home, left, finish[race.next_role[role]])


def still_out(times: Sequence[float]) -> list[float]:
    """By time: the chance of not being home before it (one more entry: after the horizon)."""
    remaining = 1.0
    out = []
    for home in times:
        out.append(remaining)
        remaining -= home
    out.append(remaining)
    return out
