""" "Play this deal": a new match against the computer dealt the same decks as a finished one.

The new match names the deck source ``REPLAY_SOURCE`` (games.decks); the source finds the
original through ``DealReplay`` and gives deck ``n`` of the original as the new match's deck
``n`` (the cut for deal included, so the same seat deals first), each with a fresh salt: the
new match commits to and reveals its decks like any other. Play can go differently and last
more hands than the original had; past the original's last deck the new match is shuffled
securely. The source reads the database, so every process (server or worker) that draws a
deck for the new match finds its decks.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from games.decks import SecureShuffle
from games.fairness import new_salt
from games.models import Match, Shuffle
from games.services import match_create, match_seat_bot
from review.access import ReviewError, review_allowed
from review.models import DealReplay

REPLAY_SOURCE = "review.replay"
REPLAY_LEVEL = "hard"


class ReplayDecks:
    """Deck ``number`` of a "play this deal" match: the original's deck ``number``."""

    def next_deck(self, *, match: Match, number: int) -> tuple[list[str], str]:
        original_id = (
            DealReplay.objects.filter(match_id=match.pk)
            .values_list("original_id", flat=True)
            .first()
        )
        deck = (
            Shuffle.objects.filter(match_id=original_id, number=number)
            .values_list("deck", flat=True)
            .first()
            if original_id is not None
            else None
        )
        if deck is None:
            return SecureShuffle().next_deck(match=match, number=number)
        return list(deck), new_salt()


def deal_replay_create(
    *, original: Match, user: User | AnonymousUser | None, share: str = ""
) -> Match:
    """A new match for ``user`` (seat 0) against the hard computer, dealt ``original``'s decks.

    Anyone who may review the original may play its deals (a finished match's decks are
    public in its review); ``user`` must be signed in (the view makes a visitor a guest). The
    replay of a private match is private too, so its deals are not shown to the live list.
    """
    if user is None or not user.is_authenticated:
        raise ReviewError("not_authenticated", "log in (or play as a guest) to play this deal")
    if not review_allowed(match=original, user=user, share=share):
        raise ReviewError("not_found", "there is no finished match to replay here")
    if original.players != 2:
        # The replay seats one person against the computer: a table of three or four would
        # need its own seating (docs/review.md, "Three and four players"); the page hides it.
        raise ReviewError("replay_two_players", "play this deal is for two-player matches only")
    with transaction.atomic():
        # A private match's deals stay private: its replay is not listed or open to watch.
        match = match_create(
            creator=user,
            options=original.options_dict,
            deck_source=REPLAY_SOURCE,
            private=original.private,
        )
        DealReplay.objects.create(match=match, original=original)
        return match_seat_bot(match=match, level=REPLAY_LEVEL)


def replay_original_id(*, match: Match) -> int | None:
    """The match whose deals ``match`` replays, if it is a "play this deal" match."""
    return DealReplay.objects.filter(match=match).values_list("original_id", flat=True).first()


def replays_of(*, match: Match) -> list[int]:
    """The finished matches that replayed ``match``'s deals, newest first."""
    return list(
        DealReplay.objects.filter(original=match, match__status=Match.Status.FINISHED)
        .order_by("-match_id")
        .values_list("match_id", flat=True)
    )
