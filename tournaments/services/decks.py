"""Duplicate deals: every table of a round is dealt the same decks, in the same order.

Registered as the deck source ``"tournament-duplicate"`` (games/decks.py) when the app starts.
The decks are derived, not stored: deck *n* of round *r* is a shuffle seeded by
HMAC-SHA256(the tournament's secret, "r:n"). So every process (each server, the worker, one
restarted after a kill -9) deals the same decks with nothing to register per round, and
nobody can foresee them without the secret, which is never shown. Each table still commits to
each deck with its own fresh salt before the deal and reveals it after, so every deck stays
verifiable (games/fairness.py), as in any match.

Why not a ``FixedDecks`` registered per round: the registry is a process's memory, so a
restarted worker would lose the round's decks; deriving them from a stored secret survives it.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets

from games.engine.cards import DECK
from games.fairness import new_salt
from games.models import Match
from games.services.errors import ServiceError
from tournaments.models import Pairing

DUPLICATE_DECKS = "tournament-duplicate"


def deck_secret_new() -> str:
    return secrets.token_hex(32)


def duplicate_deck(*, secret: str, round_number: int, number: int) -> list[str]:
    """Deck ``number`` (1, 2, ...) of round ``round_number``: the same for every table."""
    digest = hmac.new(secret.encode(), f"{round_number}:{number}".encode(), hashlib.sha256).digest()
    deck = [str(card) for card in DECK]
    random.Random(int.from_bytes(digest, "big")).shuffle(deck)
    return deck


class DuplicateDecks:
    """The deck source of a duplicate tournament's tables (see the module docstring)."""

    def next_deck(self, *, match: Match, number: int) -> tuple[list[str], str]:
        pairing = (
            Pairing.objects.select_related("round__tournament")
            .only("round__number", "round__tournament__deck_secret")
            .filter(match_id=match.pk)
            .first()
        )
        if pairing is None or not pairing.round.tournament.deck_secret:
            raise ServiceError(
                "deck_source_unknown", "this match is not a table of a duplicate tournament"
            )
        deck = duplicate_deck(
            secret=pairing.round.tournament.deck_secret,
            round_number=pairing.round.number,
            number=number,
        )
        return deck, new_salt()
