"""What four kept cards peg at a table of three or four: every seat's average play points.

The two-player table (:mod:`games.strategy.keep_pegging`) stores one net number by role. Past
two seats a kept hand's play moves every seat's score, and what each seat's point is worth
depends on the table (an opponent's point at three costs a seat what it moves the race, a
partner's point in partnerships is the seat's own), so this table keeps each seat's average
apart and the caller weighs them. ``scripts/make_bot_tables.py --only kept`` played every
multiset of four kept ranks from every seat, many times against four random cards in each
other seat, every seat by the rules of thumb, and stored the averages in
``data/keep_pegging_many.json``.

>>> from games.engine.cards import parse_cards
>>> low = kept_play_points(parse_cards("AH 2S 3D 4C"), players=3, role=2)
>>> high = kept_play_points(parse_cards("TH JS QD KC"), players=3, role=2)
>>> low[2] > high[2]
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.engine.cards import Card
from games.strategy.keep_likelihood import rank_key

DATA_FILE = Path(__file__).resolve().parent / "data" / "keep_pegging_many.json"
TABLES = {3: "three", 4: "four"}
KEPT_SIZE = 4


@cache
def _table(players: int) -> list[dict[str, list[float]]]:
    data = json.loads(DATA_FILE.read_text())
    return data[TABLES[players]]  # type: ignore[no-any-return]


def kept_play_points(kept: Sequence[Card], *, players: int, role: int) -> tuple[float, ...]:
    """Each seat's average play points when the seat ``role`` places from the dealer's left
    (0 the dealer's left, ``players - 1`` the dealer) keeps ``kept``: by seat in that order.
    Raises ``ValueError`` for another table size, seat or number of cards."""
    if players not in TABLES or not 0 <= role < players:
        raise ValueError(f"no kept-cards table for seat {role} of {players}")
    if len(kept) != KEPT_SIZE:
        raise ValueError(f"a kept hand at three or four has {KEPT_SIZE} cards, not {len(kept)}")
    return tuple(_table(players)[role][rank_key(card.rank for card in kept)])
