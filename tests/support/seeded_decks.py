"""A repeatable deck source for test servers: the same decks for the same match and deck number.

Browser tests run a real server process, and a deal that changes every run would make them
flaky; this source (enabled by the ``TEST_DECK_SOURCE`` setting, which needs DEBUG) derives
each deck and salt from a seed, the match id and the deck's number, so every run and every
server restart sees the same deals. It is test support: the production code never names it.
"""

from __future__ import annotations

import os
import random

from games.engine.cards import DECK
from games.fairness import SALT_BYTES

ENVIRONMENT_PATH = "tests.support.seeded_decks.from_environment"
DEFAULT_SEED = "1234"


class SeededDecks:
    """Deck ``number`` of match ``match_id`` is a shuffle seeded by ``seed:match_id:number``
    (``by_match=False``: by ``seed:number``, the same decks for every match, whatever its id)."""

    def __init__(self, seed: str, *, by_match: bool = True) -> None:
        self.seed = seed
        self.by_match = by_match

    def next_deck(self, *, match, number: int) -> tuple[list[str], str]:
        key = f"{self.seed}:{match.pk}:{number}" if self.by_match else f"{self.seed}:{number}"
        rng = random.Random(key)
        salt = f"{rng.getrandbits(SALT_BYTES * 8):064x}"
        deck = [str(card) for card in DECK]
        rng.shuffle(deck)
        return deck, salt


def from_environment() -> SeededDecks:
    """The source a test server uses, seeded by ``TEST_SHUFFLE_SEED`` (1234 if unset)."""
    return SeededDecks(os.environ.get("TEST_SHUFFLE_SEED", DEFAULT_SEED))


def same_for_every_match() -> SeededDecks:
    """A source whose decks do not depend on the match's id (which depends on what other tests
    ran first), for in-process tests whose outcome depends on the deal."""
    return SeededDecks(DEFAULT_SEED, by_match=False)
