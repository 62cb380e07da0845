"""Who may review a match, and the share link that opens a private one.

A match in play, or a table of a duplicate round not yet over (a sealed match), has no review
for anyone: its hidden cards (the hands, the crib, the deck) are
not public yet, so every review route answers 404 until it is finished, players included. A
finished match's review is open to its players always, to anyone when the match is public, and
for a private match (games.privacy) to anyone holding its share link while the link is on.
"""

from __future__ import annotations

import hmac
import secrets

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from games.models import Match
from games.privacy import match_is_sealed, user_is_seated
from kernel.errors import SiteError
from review.models import ShareLink


class ReviewError(SiteError):
    """A review action refused (sharing by a non-player, a match not finished)."""


def match_is_reviewable(*, match: Match) -> bool:
    """True once a match is over and was dealt at least once (a cancelled seek never was)."""
    return match.status == Match.Status.FINISHED and match.action_count > 0


def review_allowed(*, match: Match, user: User | AnonymousUser | None, share: str = "") -> bool:
    """True when ``user`` (or the holder of ``share``) may see ``match``'s review.

    A sealed match (a table of a duplicate round whose other tables still play its decks,
    games.privacy) has no review for anyone, its players included, until the seal lifts.
    """
    if not match_is_reviewable(match=match) or match_is_sealed(match_id=match.pk):
        return False
    if user_is_seated(match_id=match.pk, user=user):
        return True
    if not match.private:
        return True
    if not share:
        return False
    token = ShareLink.objects.filter(match=match).values_list("token", flat=True).first()
    return token is not None and hmac.compare_digest(token, share)


def _require_player(*, match: Match, user: User | AnonymousUser | None) -> User:
    """``user``, when they played ``match`` (so are signed in); anyone else is refused."""
    if not match_is_reviewable(match=match):
        raise ReviewError("match_not_finished", "this match has no review until it is finished")
    if (
        user is None
        or not user.is_authenticated
        or not user_is_seated(match_id=match.pk, user=user)
    ):
        raise ReviewError("not_a_player", "only the match's players may share its review")
    return user


def share_link_token(*, match: Match) -> str | None:
    """The share token of ``match`` while its link is on, else None."""
    return ShareLink.objects.filter(match=match).values_list("token", flat=True).first()


def share_link_create(*, match: Match, user: User | AnonymousUser | None) -> str:
    """Turn on ``match``'s share link (either player); the same token if it is already on."""
    player = _require_player(match=match, user=user)
    with transaction.atomic():
        link, _ = ShareLink.objects.get_or_create(
            match=match, defaults={"token": secrets.token_urlsafe(24), "made_by": player}
        )
    return link.token


def share_link_revoke(*, match: Match, user: User | AnonymousUser | None) -> bool:
    """Turn the link off (either player): the old token stops working. True if one was on."""
    _require_player(match=match, user=user)
    deleted, _ = ShareLink.objects.filter(match=match).delete()
    return deleted > 0
