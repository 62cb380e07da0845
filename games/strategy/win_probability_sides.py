"""The chance each side of a partnership game wins, from any scores and any point in a hand.

In partnerships two sides race to 121, and the points arrive in the order of the rules: the
dealer's heels at the cut, the play (both sides), then the shows in turn from the dealer's
left, which alternate sides (the dealer's left, the dealer's partner, the dealer's right, the
dealer's hand and the crib). So the side that deals counts second and last; the other side
counts first and third. Near the end that order decides games, as it does at two and three.

How: ``scripts/make_bot_tables.py --only sides`` deals many partnership hands from 0 to 0 and
lets the hard level play them; each hand's points by side and stage are stored
(``data/win_probability_sides.json``). Each side's race is taken as independent of the other's
(its points by role as the hands measured, the roles turning with the deal), which gives for a
side needing ``n`` points the chance that it gets home at each stage of each hand to come
(:mod:`games.strategy.race`). A side wins when it gets home first; two sides getting home in
the same play share that chance (the totals do not say who pegged first).

>>> chances = side_chances((0, 0), dealing=0)
>>> round(sum(chances), 9)
1.0
>>> side_chances((121, 119), dealing=1)
(1.0, 0.0)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from games.strategy.race import (
    FinishTable,
    Race,
    StagePoints,
    stage_chances,
    still_out,
    times_from,
)
from games.strategy.race import decode_outcomes as race_decode_outcomes
from games.strategy.race import finish_table as race_finish_table

DATA_FILE = Path(__file__).resolve().parent / "data" / "win_probability_sides.json"
TARGET = 121
SIDES = 2

DEALING, PONE = 0, 1
"""Roles of a side in a hand: the dealer's side, and the side on the dealer's left."""

NEXT_ROLE = (PONE, DEALING)
"""The deal passes to the left, to the other side."""

HEELS, PLAY, FIRST_SHOW, SECOND_SHOW, THIRD_SHOW, DEALER_SHOW = range(6)
STAGES = 6
"""The stages of a hand in the order the rules score them: the cut, the play, then the shows
of the dealer's left, the dealer's partner, the dealer's right and the dealer (hand and crib)."""

ROLE_STAGES = ((HEELS, PLAY, SECOND_SHOW, DEALER_SHOW), (PLAY, FIRST_SHOW, THIRD_SHOW))
"""The stages at which each role scores."""

OUTCOME_FIELDS = (
    "heels",
    "dealing_play",
    "pone_play",
    "first_show",
    "second_show",
    "third_show",
    "dealer_show",
    "crib",
)
"""One hand's points, in this order, as the data file stores them (one character each,
:func:`games.strategy.race.encode_outcome`): the plays are each side's two seats together."""

HORIZON = 30
"""Hands looked ahead: a side brings about 20 points a hand, so a side needing 121 gets home
within 30 hands all but never."""


class BadScores(ValueError):
    """Raised for scores that are not two whole numbers from 0 (by side), or no side dealing."""


RACE = Race(role_stages=ROLE_STAGES, next_role=NEXT_ROLE, stages=STAGES, horizon=HORIZON)
"""A side's race (:mod:`games.strategy.race`)."""


def decode_outcomes(text: str) -> list[tuple[int, ...]]:
    """The data file's hands, each as its :data:`OUTCOME_FIELDS`."""
    return race_decode_outcomes(text, len(OUTCOME_FIELDS))


@cache
def _stage_points() -> StagePoints:
    """By role, by stage: the points scored there and their chances, from the data file."""
    return stage_points(decode_outcomes(json.loads(DATA_FILE.read_text())["outcomes"]))


def stage_points(outcomes: Sequence[Sequence[int]]) -> StagePoints:
    """The chance of each number of points by role and stage, from hands' outcomes."""
    columns = {
        (DEALING, HEELS): [o[0] for o in outcomes],
        (DEALING, PLAY): [o[1] for o in outcomes],
        (PONE, PLAY): [o[2] for o in outcomes],
        (PONE, FIRST_SHOW): [o[3] for o in outcomes],
        (DEALING, SECOND_SHOW): [o[4] for o in outcomes],
        (PONE, THIRD_SHOW): [o[5] for o in outcomes],
        (DEALING, DEALER_SHOW): [o[6] + o[7] for o in outcomes],
    }
    return stage_chances(columns, SIDES)


@cache
def _finish_table() -> FinishTable:
    return race_finish_table(RACE, _stage_points())


def crib_mean() -> float:
    """The partnership crib's average over the measured hands."""
    outcomes = decode_outcomes(json.loads(DATA_FILE.read_text())["outcomes"])
    return sum(o[7] for o in outcomes) / len(outcomes)


def side_chances(scores: Sequence[int], *, dealing: int, stage: int = HEELS) -> tuple[float, float]:
    """Each side's chance to win from ``scores`` (by side: seats 0 and 2, then 1 and 3) in a
    hand dealt by side ``dealing``, from ``stage`` of it on (:data:`HEELS`: the hand is about
    to be cut; :data:`PLAY`: the cut is over; :data:`FIRST_SHOW`: the play is over)."""
    if len(scores) != SIDES or any(
        isinstance(score, bool) or not isinstance(score, int) or score < 0 for score in scores
    ):
        raise BadScores(f"two scores, whole numbers from 0, not {scores!r}")
    if dealing not in range(SIDES) or stage not in range(STAGES):
        raise BadScores(f"no side {dealing!r} deals, or no stage {stage!r}")
    if scores[0] >= TARGET or scores[1] >= TARGET:
        return (1.0, 0.0) if scores[0] >= TARGET else (0.0, 1.0)
    ours = _dealing_chance(TARGET - scores[dealing], TARGET - scores[1 - dealing], stage)
    return (ours, 1.0 - ours) if dealing == 0 else (1.0 - ours, ours)


@lru_cache(maxsize=65536)
def _dealing_chance(need: int, their_need: int, stage: int) -> float:
    """The dealing side's chance when it needs ``need`` and the other side ``their_need``."""
    finish = _finish_table()
    points = _stage_points()
    times = (
        times_from(RACE, DEALING, need, stage, finish, points),
        times_from(RACE, PONE, their_need, stage, finish, points),
    )
    not_yet = (still_out(times[0]), still_out(times[1]))
    wins = [0.0, 0.0]
    for role in (DEALING, PONE):
        other = 1 - role
        total = 0.0
        for time, home in enumerate(times[role]):
            if not home:
                continue
            late = max(not_yet[other][time] - times[other][time], 0.0)
            tie = times[other][time] if time % STAGES == PLAY else 0.0
            total += home * (late + tie / 2)
        wins[role] = total
    return wins[DEALING] / (wins[DEALING] + wins[PONE])
