"""The easy computer opponent: any legal move, chosen at random.

It discards two cards at random and plays any card that fits under 31. With manual scoring it
counts honestly but overlooks a scoring item a quarter of the time, and calls Muggins on a wrong
claim only now and then (see :mod:`games.bots.claims`).
"""

from __future__ import annotations

from games.bots.base import RandomSource, SeatView, StrategyBot
from games.bots.claims import claim_for, muggins_for
from games.bots.pegging import easy_play
from games.engine.cards import Card


def easy_discard(seen: SeatView, rng: RandomSource) -> tuple[Card, Card]:
    """Two of the dealt cards, at random."""
    first, second = rng.sample(sorted(seen.held), 2)
    return first, second


def easy_bot() -> StrategyBot:
    return StrategyBot(
        level="easy",
        discard=easy_discard,
        play=easy_play,
        claim=claim_for("easy"),
        call_muggins=muggins_for("easy"),
    )
