"""The discard hint: the best throws for the seat asking, in casual play against the computer.

A hint is advice a human opponent would not get, so it is offered only where nobody is wronged
by it: a match with a computer seat that counts for nothing (not rated and no tournament's
table: ``games.competition``), to the seat whose cards they are, while that seat still has to
throw. Everyone else gets a :class:`HintRefused` naming why. The numbers are strategy's
(:func:`games.strategy.analysis.analyze_discard`); this module only decides who may
see them.
"""

from __future__ import annotations

from typing import Any

from games import engine
from games.competition import match_results_count
from games.models import Match
from games.selectors import seat_for_user
from games.strategy.analysis import analyze_discard
from kernel.errors import SiteError

# How many throws the hint lists, best first: enough to compare, few enough to read aloud.
HINT_THROWS = 3


# A refusal's status: who is asking (403) differs from when they ask (409).
HINT_REFUSAL_STATUS = {"hint_not_seated": 403, "hint_not_casual": 403, "hint_results_count": 403}


class HintRefused(SiteError):
    """The hint was refused; ``code`` says why (docs/protocol.md lists the codes)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.status = HINT_REFUSAL_STATUS.get(code, 409)


def hint_allowed(*, match: Match) -> bool:
    """Whether this match offers hints at all: casual (unrated, no tournament's table) with a
    computer seat, two players (the analysis averages a two-player crib)."""
    if match.players != 2 or match_results_count(match=match):
        return False
    return match.seats.filter(is_bot=True).exists()


def discard_hint_get(*, match: Match, user) -> dict[str, Any]:
    """The best throws of ``user``'s dealt cards with their expected hand and crib values.

    Raises :class:`HintRefused` for a spectator or a stranger (``hint_not_seated``), a match
    between people (``hint_not_casual``), a rated match or a tournament's table, where results
    count (``hint_results_count``), outside the seat's discard
    (``hint_not_discarding``), or a deal the analysis does not cover (``hint_unavailable``).
    """
    seat = seat_for_user(match=match, user=user)
    if seat is None:
        raise HintRefused("hint_not_seated", "Only a seated player gets a hint for their cards.")
    if match_results_count(match=match):
        raise HintRefused(
            "hint_results_count",
            "No hints here: this match is rated or a tournament's table, where results count.",
        )
    if not hint_allowed(match=match):
        raise HintRefused(
            "hint_not_casual", "Hints are offered only in casual games against the computer."
        )
    state = engine.MatchState.from_dict(match.state)
    if state.phase != "discard" or state.discards[seat] is not None:
        raise HintRefused("hint_not_discarding", "A hint is for choosing your discard.")
    if len(state.seats) != 2:
        raise HintRefused("hint_unavailable", "Hints are for two-player games.")
    throws = analyze_discard(state.held[seat], is_dealer=state.dealer == seat)
    return {
        "seat": seat,
        "hand": state.hand,
        "is_dealer": state.dealer == seat,
        "throws": [throw.to_dict() for throw in throws[:HINT_THROWS]],
    }
