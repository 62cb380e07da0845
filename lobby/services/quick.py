"""Quick pairing: one click for a common game. The click takes the oldest open seek of exactly
those terms posted by someone else (through ``seek_accept``, so the row lock still makes one
match), or else posts that seek; two players who click the same tile meet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from accounts.services import profile_for
from games.engine.options import TOURNAMENT_CLOCK, MatchOptions, TimeControl
from games.models import Match
from lobby.models import Seek
from lobby.services.errors import LobbyError
from lobby.services.seeks import seek_accept, seek_create


@dataclass(frozen=True)
class QuickGame:
    """A tile of the grid: its words, the match options, and whether members play it rated
    (a guest's click is casual: guests never play rated)."""

    title: str
    detail: str
    options: dict[str, Any] = field(default_factory=dict)
    rated: bool = False


QUICK_GAMES: dict[str, QuickGame] = {
    "six": QuickGame(
        "Six-card",
        f"to 121 · {TOURNAMENT_CLOCK.label} · rated for members",
        {"variant": "six", "match_target": 1},
        True,
    ),
    "five": QuickGame(
        "Five-card",
        f"to 61 · {TOURNAMENT_CLOCK.label} · rated for members",
        {"variant": "five", "match_target": 1},
        True,
    ),
    "three": QuickGame(
        "Three players", "five cards each, to 121", {"players": 3, "match_target": 1}
    ),
}


def quick_pair(*, user: User, key: str) -> Match | Seek:
    """Join the oldest open seek of tile ``key``'s terms, or post one (or keep the user's own
    one already open). Returns the match joined, or the seek waiting for an opponent."""
    game = QUICK_GAMES.get(key)
    if game is None:
        raise LobbyError("unknown_quick_game", "There is no such quick game.")
    options = MatchOptions.from_dict(game.options)
    rated = game.rated and user.is_authenticated and not profile_for(user).is_guest
    # A rated tile plays the rated default clock; a casual click, none. The clock is one of the
    # terms: a click never lands in someone's seek of another clock.
    clock = TOURNAMENT_CLOCK if rated else TimeControl()
    terms = {
        "variant": options.variant,
        "scoring": options.scoring,
        "muggins": options.muggins,
        "match_target": options.match_target,
        "players": options.players,
        "deal": options.deal,
        "rated": rated,
        "clock_kind": clock.kind,
        "clock_bank": clock.bank,
        "clock_increment": clock.increment,
    }
    open_seeks = Seek.objects.filter(
        status=Seek.Status.OPEN, rating_min=None, rating_max=None, **terms
    )
    for seek in open_seeks.exclude(creator_id=user.pk).order_by("created_at", "pk"):
        try:
            return seek_accept(seek_id=seek.pk, user=user)
        except LobbyError:
            continue  # taken a moment ago, or its player left: try the next
    own = open_seeks.filter(creator_id=user.pk).first()
    if own is not None:
        return own
    return seek_create(creator=user, options=options.to_dict(), rated=rated, clock=clock)
