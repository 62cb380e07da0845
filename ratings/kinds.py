"""Kinds of play: one rating (and one set of statistics) each, named like "six-2p"."""

from __future__ import annotations

VARIANT_LABELS = {"six": "Six-card", "five": "Five-card"}
RATED_KINDS = ("six-2p", "five-2p", "six-3p", "six-4p")
"""The kinds a leaderboard is kept for: both two-player games, and the 121 game at three and at
four (partners); three and four play the six-card game only."""


def kind_of(*, variant: str, players: int) -> str:
    """The key of a kind of play: ``kind_of(variant="six", players=2) == "six-2p"``."""
    return f"{variant}-{players}p"


def kind_label(kind: str) -> str:
    """ "six-2p" -> "Six-card, two players"."""
    variant, _, players = kind.partition("-")
    count = {"2p": "two", "3p": "three", "4p": "four"}.get(players, players)
    return f"{VARIANT_LABELS.get(variant, variant)}, {count} players"
