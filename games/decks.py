"""Where a match's next deck comes from: the deck-source seam.

Every deck a match uses is committed before it is used and revealed after (games.fairness);
*which* deck it is comes from the match's deck source, named by ``Match.deck_source``:

- ``""``: the secure shuffle, from the operating system's secure random source, with a fresh
  secret salt. Every ordinary match uses it.
- a registered name: any :class:`DeckSource`, such as :class:`FixedDecks`, which deals the same
  decks in the same order to every match that names it. Duplicate tournaments will give every
  table of a round the same decks this way; each table still commits to each deck (with its
  own salt) before the deal and reveals it after, so fairness stays verifiable.

Tests may replace the default (``""``) by a repeatable source through the ``TEST_DECK_SOURCE``
setting, which the settings module refuses unless DEBUG is on; production never sets it.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from django.conf import settings
from django.utils.module_loading import import_string

from games.engine.cards import DECK
from games.fairness import deck_problem, new_salt
from games.services.errors import ServiceError

if TYPE_CHECKING:
    from games.models import Match

SECURE = ""


class DeckSource(Protocol):
    """Gives a match its ``number``-th deck (1, 2, 3, ...) and the secret salt to commit with."""

    def next_deck(self, *, match: Match, number: int) -> tuple[list[str], str]: ...


class SecureShuffle:
    """A uniformly shuffled deck from the operating system's secure source, and a fresh salt."""

    def next_deck(self, *, match: Match, number: int) -> tuple[list[str], str]:
        deck = [str(card) for card in DECK]
        secrets.SystemRandom().shuffle(deck)
        return deck, new_salt()


class FixedDecks:
    """The given decks in order: deck ``number`` is ``decks[number - 1]``, with a fresh salt.

    Every deck is checked to be the 52 distinct cards when the source is made, so a bad list
    fails at once rather than in the middle of a match. A match that needs more decks than the
    list holds is refused (``decks_exhausted``) with nothing written.
    """

    def __init__(self, decks: Sequence[Sequence[str]]) -> None:
        for index, deck in enumerate(decks, start=1):
            problem = deck_problem(deck)
            if problem is not None:
                raise ValueError(f"deck {index}: {problem}")
        self.decks = [list(deck) for deck in decks]

    def next_deck(self, *, match: Match, number: int) -> tuple[list[str], str]:
        if not 1 <= number <= len(self.decks):
            raise ServiceError(
                "decks_exhausted",
                f"this match's deck source holds {len(self.decks)} decks; deck {number} was asked for",
            )
        return list(self.decks[number - 1]), new_salt()


_registered: dict[str, DeckSource] = {}


def deck_source_register(*, name: str, source: DeckSource) -> None:
    """Make ``source`` available to matches whose ``deck_source`` is ``name``."""
    if not name or len(name) > 64:
        raise ValueError(
            "a deck source's name is 1 to 64 characters (the empty name is the secure shuffle)"
        )
    _registered[name] = source


def deck_source_unregister(*, name: str) -> None:
    """Forget a registered source (a finished tournament round, a test)."""
    _registered.pop(name, None)


@functools.cache
def _test_default(path: str) -> DeckSource:
    return import_string(path)()


def deck_source_for(*, name: str) -> DeckSource:
    """The source a match naming ``name`` draws from; an unknown name is a ServiceError."""
    if name == SECURE:
        path = getattr(settings, "TEST_DECK_SOURCE", "")
        if path and settings.DEBUG:
            return _test_default(path)
        return _secure
    source = _registered.get(name)
    if source is None:
        raise ServiceError("deck_source_unknown", f"there is no deck source named {name!r}")
    return source


def next_deck(*, match: Match, number: int) -> tuple[list[str], str]:
    """The ``number``-th deck of ``match`` and its salt, from the match's own source."""
    return deck_source_for(name=match.deck_source).next_deck(match=match, number=number)


_secure = SecureShuffle()
