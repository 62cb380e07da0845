"""What a player's kept hand says about its cards: a weight by kept ranks and role.

Players do not keep four (three) cards at random: they keep the hand worth the most, so a
kept hand of 5s, pairs and runs is far likelier than one of odd high cards. To guess an
opponent's cards in the play, the pegging search deals them uniformly from the cards it has
not seen and weighs each deal by this table: how much more often an exact expected-value
discarder (:func:`games.strategy.analysis.analyze_discard`) keeps that rank multiset, as pone or
as dealer, than four (three) random cards would have those ranks. It is made offline by
``scripts/make_opening_tables.py`` and shipped as ``data/keep_likelihood.json``.

>>> kept_fives = weight_of_ranks((5, 5, 10, 11), role="dealer")
>>> odd_highs = weight_of_ranks((1, 7, 9, 13), role="dealer")
>>> kept_fives > 1 > odd_highs
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent / "data" / "keep_likelihood.json"
ONE_THROW = "one_throw"
"""The table of a seat at three or four players: four cards kept of five dealt, one thrown."""
KEPT_SIZES = {"six": 4, "five": 3}
"""Cards kept for the play in each two-player variant: the size of every rank table's hands."""
TABLE_SIZES = {**KEPT_SIZES, ONE_THROW: 4}
"""The kept hands' size in each of this module's tables."""
ROLES = ("pone", "dealer")
ONE_THROW_CRIB_WEIGHTS = {"crib": 1.0, "three_against": -0.5, "partners_against": -1.0}
"""The one-throw table's roles and what a crib point is worth to a seat in each when it throws
(its own side's crib; an opponent's at three, where a point to one of two opponents costs
about half; the other side's in partnerships): the expert's weights
(:mod:`games.bots.expert_many_seats`), by which the table's thrower keeps its four."""
ROLES_BY_VARIANT = {"six": ROLES, "five": ROLES, ONE_THROW: tuple(ONE_THROW_CRIB_WEIGHTS)}


def rank_key(ranks: Iterable[int]) -> str:
    """A kept hand's ranks as the key of the tables by kept ranks (this one, the opening table
    and :mod:`games.strategy.keep_pegging`): sorted, one hex digit each (1 ace to d king)."""
    return "".join(f"{rank:x}" for rank in sorted(ranks))


@cache
def _tables() -> dict[str, dict[str, dict[str, float]]]:
    data = json.loads(DATA_FILE.read_text())
    return {variant: data[variant] for variant in TABLE_SIZES}


def reload() -> None:
    """Forget the loaded table (after ``make_opening_tables.py`` rewrites it)."""
    _tables.cache_clear()


def weight_of_ranks(ranks: Iterable[int], *, role: str, variant: str = "six") -> float:
    """How much likelier the kept hand with these ranks (1 ace to 13 king) is than a random one,
    for a pone or a dealer (at three and four, variant :data:`ONE_THROW`, for a role of
    :data:`ONE_THROW_CRIB_WEIGHTS`). Raises ``ValueError`` for a wrong number of ranks or an unknown
    role or variant."""
    ranks = sorted(ranks)
    size = TABLE_SIZES.get(variant)
    if size is None or role not in ROLES_BY_VARIANT[variant]:
        raise ValueError(f"unknown variant {variant!r} or role {role!r}")
    if len(ranks) != size:
        raise ValueError(
            f"a kept hand of the {variant}-card game has {size} cards, not {len(ranks)}"
        )
    found = _tables()[variant][role].get(rank_key(ranks))
    if found is None:
        raise ValueError(f"no kept hand has the ranks {ranks}")
    return found
