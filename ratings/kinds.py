"""Kinds of play: one rating (and one set of statistics) each, named like "six-2p".

A kind is a variant, a number of players and a speed. Real-time play keeps the names it always
had ("six-2p"), so existing rows and leaderboards are untouched; turn-based play (a days-per-move
clock) is rated apart, as lichess keeps correspondence apart, with "-days" added ("six-2p-days"):
a player's strength with days to think is not their strength on a five-minute clock.
"""

from __future__ import annotations

VARIANT_LABELS = {"six": "Six-card", "five": "Five-card"}
TURN_BASED_SUFFIX = "-days"
REAL_TIME_KINDS = ("six-2p", "five-2p", "six-3p", "six-4p")
"""Both two-player games, and the 121 game at three and at four (partners); three and four play
the six-card game only. Every profile lists these, rated or not."""
TURN_BASED_KINDS = tuple(kind + TURN_BASED_SUFFIX for kind in REAL_TIME_KINDS)
RATED_KINDS = REAL_TIME_KINDS + TURN_BASED_KINDS
"""The kinds a leaderboard is kept for: each real-time kind and its turn-based twin."""


def kind_of(*, variant: str, players: int, turn_based: bool = False) -> str:
    """The key of a kind of play.

    >>> kind_of(variant="six", players=2)
    'six-2p'
    >>> kind_of(variant="six", players=2, turn_based=True)
    'six-2p-days'
    """
    return f"{variant}-{players}p{TURN_BASED_SUFFIX if turn_based else ''}"


def kind_label(kind: str) -> str:
    """ "six-2p" -> "Six-card, two players"; "six-2p-days" -> "Six-card, two players,
    turn-based"."""
    turn_based = kind.endswith(TURN_BASED_SUFFIX)
    if turn_based:
        kind = kind[: -len(TURN_BASED_SUFFIX)]
    variant, _, players = kind.partition("-")
    count = {"2p": "two", "3p": "three", "4p": "four"}.get(players, players)
    label = f"{VARIANT_LABELS.get(variant, variant)}, {count} players"
    return f"{label}, turn-based" if turn_based else label
