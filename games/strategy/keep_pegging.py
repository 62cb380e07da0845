"""What kept cards are worth in the play, on average: a table by kept ranks and role.

The exact discard analysis (:mod:`games.strategy.analysis`) counts the hand and the crib; the
play is the third source of points and depends on the kept cards too (a hand of low cards and
pairs pegs better than four tens). ``scripts/make_bot_tables.py`` played every multiset of kept
ranks (four in the six-card game, three in the five-card game) many times against a random
hand of the other cards, both seats by the rules of thumb, as pone and as dealer, and stored the
average net play points (own less the opponent's) in ``data/keep_pegging.json``.

>>> from games.engine.cards import parse_cards
>>> low = keep_pegging(parse_cards("AH 2S 3D 4C"), is_dealer=True)
>>> high = keep_pegging(parse_cards("TH JS QD KC"), is_dealer=True)
>>> low > high
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.engine.cards import Card
from games.strategy.keep_likelihood import KEPT_SIZES, rank_key

DATA_FILE = Path(__file__).resolve().parent / "data" / "keep_pegging.json"
VARIANT_OF_SIZE = {size: variant for variant, size in KEPT_SIZES.items()}


@cache
def _table() -> dict[str, dict[str, dict[str, float]]]:
    data = json.loads(DATA_FILE.read_text())
    return {variant: data[variant] for variant in KEPT_SIZES}


def keep_pegging(kept: Sequence[Card], *, is_dealer: bool) -> float:
    """Average net play points of ``kept`` (four cards: six-card game, three: five-card game)
    for the dealer or the pone. Raises ``ValueError`` for any other number of cards."""
    variant = VARIANT_OF_SIZE.get(len(kept))
    if variant is None:
        raise ValueError(f"a kept hand has 4 or 3 cards, not {len(kept)}")
    return _table()[variant]["dealer" if is_dealer else "pone"][rank_key(c.rank for c in kept)]
