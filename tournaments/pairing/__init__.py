"""Pure tournament maths: pairings, brackets and standings (standard library only).

Written here rather than taken from PyPI: the two pairing libraries the issue names are young,
single-maintainer packages, and what we need (no rematches, score groups then rating, a bye to
the lowest-ranked player without one; the circle method; a seeded bracket) is a few hundred
lines that tests can check by hand (docs/tournaments.md).
"""

from tournaments.pairing.knockout import bracket_first_round, bracket_next_round, bracket_size
from tournaments.pairing.round_robin import round_robin_schedule
from tournaments.pairing.scoring import (
    Standing,
    TableResult,
    acc_game_points,
    duplicate_scores,
    game_margin,
    knockout_qualifiers,
    standings_compute,
)
from tournaments.pairing.swiss import PairingImpossible, SwissRound, swiss_pair

__all__ = [
    "PairingImpossible",
    "Standing",
    "SwissRound",
    "TableResult",
    "acc_game_points",
    "bracket_first_round",
    "bracket_next_round",
    "bracket_size",
    "duplicate_scores",
    "game_margin",
    "knockout_qualifiers",
    "round_robin_schedule",
    "standings_compute",
    "swiss_pair",
]
