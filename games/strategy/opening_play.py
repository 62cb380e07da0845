"""The first two cards of a two-player hand, searched offline: the pone's lead, the dealer's reply.

These are the dearest decisions of the play to search at the table (the opponent's four or
three cards dealt many times, each deal searched to the end), and away from the end of a game
they depend only on the kept ranks, the lead and what the opponent is likely to hold. So
``scripts/make_opening_tables.py`` searched them once for every kept rank multiset, with the
same search as the table (:func:`games.strategy.pegging_search.rank_values`) over 200 dealt hands
of the opponent weighed by :mod:`games.strategy.keep_likelihood`, and stored each playable rank's
expected net points in ``data/opening_play.json``. The reply also reads the lead, as the expert
reads it in the play (:func:`opening_choice_prior` at sharpness 3, the table's ``read_lead``): the
pone's hands are weighed by how good that lead was with each by the lead table, so a lead a
player seldom makes from a hand says the hand is unlikely (+0.024 ± 0.016 points a hand head to
head, +0.014 ± 0.024 against hard: docs/performance.md).

What the table does not know: the starter and the seat's own throw (three cards the search at
the table would take out of the opponent's possible hands), and the target: near the end of a
game the search runs at the table instead.

>>> values = opening_values((1, 4, 5, 10), lead=None)
>>> max(values, key=values.get) != 5    # leading a five gives the dealer a fifteen
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from games.engine.cards import Card
from games.strategy.keep_likelihood import KEPT_SIZES, rank_key

DATA_FILE = Path(__file__).resolve().parent / "data" / "opening_play.json"


@cache
def _tables() -> tuple[int, dict[str, dict[str, list[int]]]]:
    data = json.loads(DATA_FILE.read_text())
    return data["scale"], {variant: data[variant] for variant in KEPT_SIZES}


def opening_values(
    kept: Sequence[int], *, lead: int | None, variant: str = "six"
) -> dict[int, float]:
    """Each rank of ``kept`` (the whole kept hand's ranks, 1 ace to 13 king) and its expected net
    points to the end of the play: as the pone's lead (``lead`` None) or as the dealer's reply to
    the pone's ``lead``. Raises ``ValueError`` for a hand of the wrong size or an impossible
    lead (a fifth card of a rank)."""
    ranks = sorted(kept)
    if KEPT_SIZES.get(variant) != len(ranks):
        raise ValueError(f"a kept {variant}-card hand has {KEPT_SIZES.get(variant)} cards")
    scale, tables = _tables()
    key = rank_key(ranks)
    if lead is not None:
        key = f"{key}/{lead:x}"
    values = tables[variant].get(key)
    if values is None:
        raise ValueError(f"no opening position {key!r}")
    return {rank: value / scale for rank, value in zip(sorted(set(ranks)), values, strict=True)}


def opening_position_values(
    kept: Sequence[Card], played: Sequence[Card], *, is_dealer: bool, variant: str = "six"
) -> dict[int, float] | None:
    """:func:`opening_values` when the seat to play faces the first lead (the pone, nothing
    played) or the reply to it (the dealer, one card played: the pone always leads with two
    players); None for any other position. ``kept``: the seat's whole kept hand; ``played``:
    the cards played this hand, in order."""
    ranks = tuple(card.rank for card in kept)
    if not played and not is_dealer:
        return opening_values(ranks, lead=None, variant=variant)
    if len(played) == 1 and is_dealer:
        return opening_values(ranks, lead=played[0].rank, variant=variant)
    return None


def opening_choice_prior(
    played: Sequence[int],
    chose: int,
    *,
    faced: int | None,
    sharpness: float,
    variant: str = "six",
) -> Callable[[tuple[int, ...]], float]:
    """What the opponent's first card says about the ranks it still holds: the weight of its
    holding ``ranks`` as well as the ranks it has ``played`` this hand, given that it laid
    ``chose`` as the pone's lead (``faced`` None) or as the dealer's reply to ``faced``.

    A player seldom lays a card much worse than its best, and the table's values are a strong
    player's: the weight is ``exp(sharpness * (value of chose - best value))`` for the kept hand
    the ranks make, so a hand with which the card was a small slip keeps most of its weight
    and one with which it was a blunder little (1 for a hand the table does not hold)."""
    memo: dict[tuple[int, ...], float] = {}

    def prior(ranks: tuple[int, ...]) -> float:
        found = memo.get(ranks)
        if found is not None:
            return found
        try:
            values = opening_values((*ranks, *played), lead=faced, variant=variant)
        except ValueError:
            weight = 1.0
        else:
            weight = math.exp(sharpness * (values[chose] - max(values.values())))
        memo[ranks] = weight
        return weight

    return prior
