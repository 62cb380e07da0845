"""The chance each of three players wins a game to 121, from any scores and any point in a hand.

Three players race: whoever reaches 121 first wins, and the points arrive in the order of the
rules (the dealer's heels at the cut, the play, then the shows: the dealer's left, the next
seat, the dealer's hand and crib). Near the end that order decides games, and all game long a
point is worth more or less by who leads: a point for the leader costs a seat far more than a
point for the player behind. Points stop being the right currency; this module turns scores
into chances so the expert can weigh them (:func:`point_weights`).

How: ``scripts/make_bot_tables.py --only three`` deals many hands from 0 to 0 and lets the hard
level play them at three; each hand's points by role and stage are stored
(``data/win_probability_three.json``). Each seat's race is then taken as independent of the
others' (its points by role as the hands measured, the roles turning with the deal), which
gives for a seat needing ``n`` points the chance that it gets home at each stage of each hand
to come (:func:`_finish_times`, dynamic programming over the need). A seat wins when it gets
home before both others; seats getting home in the same play share that chance (the totals do
not say who pegged first). The chances of the three seats sum to one.

>>> chances = three_player_chances((0, 0, 0), dealer=2)
>>> round(sum(chances), 9)
1.0
>>> three_player_chances((121, 100, 119), dealer=0)
(1.0, 0.0, 0.0)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent / "data" / "win_probability_three.json"
TARGET = 121
PLAYERS = 3

PONE, SECOND, DEALER = 0, 1, 2
"""Roles in a hand: the dealer's left (who leads and shows first), the next seat, the dealer."""

NEXT_ROLE = (DEALER, PONE, SECOND)
"""The deal passes to the left: the pone deals next, the second seat becomes the pone, the
dealer the second seat."""

HEELS, PLAY, PONE_SHOW, SECOND_SHOW, DEALER_SHOW = range(5)
STAGES = 5
"""The stages of a hand in the order the rules score them."""

ROLE_STAGES = ((PLAY, PONE_SHOW), (PLAY, SECOND_SHOW), (HEELS, PLAY, DEALER_SHOW))
"""The stages at which each role scores."""

OUTCOME_FIELDS = (
    "heels",
    "pone_play",
    "second_play",
    "dealer_play",
    "pone_show",
    "second_show",
    "dealer_show",
    "crib",
)
"""One hand's points, in this order, as the data file stores them (one character each)."""

CHAR_ZERO = 48
"""Points ``p`` are stored as ``chr(CHAR_ZERO + p)``: eight characters a hand."""

HORIZON = 40
"""Hands looked ahead: a seat needing 121 gets home within 40 hands all but never (an average
hand brings about 10 points at three)."""

STEP = 2
"""Points either side of a score for the slope of a chance (:func:`point_weights`)."""


class BadScores(ValueError):
    """Raised for scores that are not three whole numbers from 0, or a dealer that is no seat."""


def encode_outcome(points: Sequence[int]) -> str:
    """One hand's :data:`OUTCOME_FIELDS` as the data file's eight characters."""
    return "".join(chr(CHAR_ZERO + value) for value in points)


def decode_outcomes(text: str) -> list[tuple[int, ...]]:
    """The data file's hands, each as its :data:`OUTCOME_FIELDS`."""
    width = len(OUTCOME_FIELDS)
    return [
        tuple(ord(char) - CHAR_ZERO for char in text[start : start + width])
        for start in range(0, len(text), width)
    ]


@cache
def _stage_points() -> tuple[dict[int, tuple[tuple[int, float], ...]], ...]:
    """By role, by stage: the points scored there and their chances, from the data file."""
    outcomes = decode_outcomes(json.loads(DATA_FILE.read_text())["outcomes"])
    return stage_points(outcomes)


def stage_points(
    outcomes: Sequence[Sequence[int]],
) -> tuple[dict[int, tuple[tuple[int, float], ...]], ...]:
    """The chance of each number of points by role and stage, from hands' outcomes."""
    total = len(outcomes)
    columns = {
        (PONE, PLAY): [o[1] for o in outcomes],
        (PONE, PONE_SHOW): [o[4] for o in outcomes],
        (SECOND, PLAY): [o[2] for o in outcomes],
        (SECOND, SECOND_SHOW): [o[5] for o in outcomes],
        (DEALER, HEELS): [o[0] for o in outcomes],
        (DEALER, PLAY): [o[3] for o in outcomes],
        (DEALER, DEALER_SHOW): [o[6] + o[7] for o in outcomes],
    }
    by_role: list[dict[int, tuple[tuple[int, float], ...]]] = [{}, {}, {}]
    for (role, stage), values in columns.items():
        counts = Counter(values)
        by_role[role][stage] = tuple((points, counts[points] / total) for points in sorted(counts))
    return tuple(by_role)


def _within_hand(
    role: int, stage: int, need: int, points: tuple[dict[int, tuple[tuple[int, float], ...]], ...]
) -> tuple[list[float], dict[int, float]]:
    """A seat in ``role`` needing ``need`` from ``stage`` of a hand on: its chance of getting
    home at each stage of this hand, and of each need left when the hand is over."""
    home = [0.0] * STAGES
    left = {need: 1.0}
    for at in ROLE_STAGES[role]:
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


@cache
def _finish_table() -> tuple[tuple[tuple[float, ...], ...], ...]:
    """``table[role][need]``: by time ``hand * STAGES + stage`` from the start of a hand in
    ``role``, the chance of getting home then (need 1 to :data:`TARGET`)."""
    return finish_table(_stage_points())


def finish_table(
    points: tuple[dict[int, tuple[tuple[int, float], ...]], ...],
) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """:func:`_finish_table` from stage points (the tests build it from other hands)."""
    length = HORIZON * STAGES
    table: list[list[tuple[float, ...]]] = [[()] * (TARGET + 1) for _ in range(PLAYERS)]
    for need in range(1, TARGET + 1):
        parts = []
        for role in range(PLAYERS):
            home, left = _within_hand(role, HEELS, need, points)
            rows = table[NEXT_ROLE[role]]
            moved = {rest: chance for rest, chance in left.items() if rest != need}
            parts.append((_then_later(home, moved, rows), left.get(need, 0.0)))
        # A hand that brings a seat nothing leaves its need as it was, in the next role: the
        # three roles at one need depend on each other a hand later. Solve by passes (each
        # pass's change shrinks by the chance of a pointless hand, a few in a hundred).
        current = [tuple(below) for below, _ in parts]
        for _ in range(6):
            current = [
                tuple(
                    below[time]
                    + (stay * current[NEXT_ROLE[role]][time - STAGES] if time >= STAGES else 0.0)
                    for time in range(length)
                )
                for role, (below, stay) in enumerate(parts)
            ]
        for role in range(PLAYERS):
            table[role][need] = current[role]
    return tuple(tuple(rows) for rows in table)


def _role_of(seat: int, dealer: int) -> int:
    return (seat - dealer - 1) % PLAYERS


def three_player_chances(
    scores: Sequence[int], *, dealer: int, stage: int = HEELS
) -> tuple[float, float, float]:
    """Each seat's chance to win from ``scores`` (by seat) in a hand dealt by ``dealer``, from
    ``stage`` of it on (:data:`HEELS`: the hand is about to be cut; :data:`PLAY`: the cut is
    over; :data:`PONE_SHOW`: the play is over)."""
    if len(scores) != PLAYERS or any(
        isinstance(score, bool) or not isinstance(score, int) or score < 0 for score in scores
    ):
        raise BadScores(f"three scores, whole numbers from 0, not {scores!r}")
    if dealer not in range(PLAYERS) or stage not in range(STAGES):
        raise BadScores(f"no seat {dealer!r} deals, or no stage {stage!r}")
    home = [seat for seat in range(PLAYERS) if scores[seat] >= TARGET]
    if home:
        return tuple(1.0 if seat == home[0] else 0.0 for seat in range(PLAYERS))  # type: ignore[return-value]
    needs = tuple(TARGET - scores[(dealer + 1 + role) % PLAYERS] for role in range(PLAYERS))
    by_role = _chances_by_role(needs, stage)
    return tuple(by_role[_role_of(seat, dealer)] for seat in range(PLAYERS))  # type: ignore[return-value]


@lru_cache(maxsize=65536)
def _chances_by_role(needs: tuple[int, ...], stage: int) -> tuple[float, float, float]:
    """The chances by role (pone, second, dealer) for those roles' needs."""
    finish = _finish_table()
    times = [_times_from(role, needs[role], stage, finish) for role in range(PLAYERS)]
    length = len(times[0])
    not_yet = [[1.0] * (length + 1) for _ in range(PLAYERS)]
    for role in range(PLAYERS):
        remaining = 1.0
        for time in range(length):
            not_yet[role][time] = remaining  # not home before ``time``
            remaining -= times[role][time]
        not_yet[role][length] = remaining
    wins = [0.0, 0.0, 0.0]
    for role in range(PLAYERS):
        one, two = ((role + 1) % PLAYERS, (role + 2) % PLAYERS)
        total = 0.0
        for time, home in enumerate(times[role]):
            if not home:
                continue
            # Each other seat: still out after this stage, or home at it too (a tie).
            late_one = max(not_yet[one][time] - times[one][time], 0.0)
            late_two = max(not_yet[two][time] - times[two][time], 0.0)
            if time % STAGES == PLAY:
                tie_one, tie_two = times[one][time], times[two][time]
                share = (
                    late_one * late_two
                    + (tie_one * late_two + late_one * tie_two) / 2
                    + tie_one * tie_two / 3
                )
            else:
                share = late_one * late_two
            total += home * share
        wins[role] = total
    settled = sum(wins)
    return (wins[0] / settled, wins[1] / settled, wins[2] / settled)


def _times_from(
    role: int, need: int, stage: int, finish: tuple[tuple[tuple[float, ...], ...], ...]
) -> list[float]:
    """By time from the start of this hand: the chance a seat in ``role`` needing ``need`` from
    ``stage`` of the hand on gets home then."""
    if stage == HEELS:
        return list(finish[role][need])
    home, left = _within_hand(role, stage, need, _stage_points())
    return _then_later(home, left, finish[NEXT_ROLE[role]])


def _then_later(
    home: list[float], left: dict[int, float], rows: Sequence[tuple[float, ...]]
) -> list[float]:
    """By time from the start of this hand: home at this hand's stages, then, for each need
    ``left`` after it (with its chance), that need's finish times a hand later in ``rows``."""
    length = HORIZON * STAGES
    times = [0.0] * length
    times[:STAGES] = home
    for rest, chance in left.items():
        later = rows[rest]
        for time in range(length - STAGES):
            value = later[time]
            if value:
                times[time + STAGES] += chance * value
    return times


Weights = tuple[tuple[float, float, float], tuple[float, float, float]]
"""For one seat: what a point of each seat is worth to it, in its own points (its own 1.0),
and what each seat's getting home at once is worth to it, in the same points."""


def point_weights(scores: Sequence[int], *, dealer: int, seat: int, stage: int = PLAY) -> Weights:
    """What each seat's point is worth to ``seat`` at these scores, by the slope of its chance
    to win (:data:`STEP` points either side), in ``seat``'s own points; and what each seat's
    winning outright (reaching 121 in the play) is worth to it, on the same scale.

    At 0 to 0 an opponent's point is worth about half a point of one's own (the three chances
    sum to one); an opponent far ahead is worth more than that, one far behind less.
    """
    base = three_player_chances(scores, dealer=dealer, stage=stage)[seat]
    slopes = []
    for other in range(PLAYERS):
        up = list(scores)
        up[other] = min(scores[other] + STEP, TARGET)
        down = list(scores)
        down[other] = max(scores[other] - STEP, 0)
        high = three_player_chances(up, dealer=dealer, stage=stage)[seat]
        low = three_player_chances(down, dealer=dealer, stage=stage)[seat]
        slopes.append((high - low) / max(up[other] - down[other], 1))
    own = slopes[seat]
    if own <= 1e-9:
        own = 1e-9
    points = tuple(slope / own for slope in slopes)
    home = tuple((1.0 - base) / own if other == seat else -base / own for other in range(PLAYERS))
    return points, home  # type: ignore[return-value]
