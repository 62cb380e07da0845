"""Who may see a match: a private match (made by an invitation link) is for its players only.

Match ids are sequential, so anyone can guess one: a private match's table, its view, its
websocket and its chat are for its seated players, and its empty seat is taken only through the
secret link. A public match, or an unknown id (callers report that as not found), hides
nothing.

The secret link itself belongs to the app that made it (the lobby's invitations), which sits
above games: it registers a finder here at start-up (``lobby.apps``), so the match page can
show a private match's creator the link to send without games importing the lobby.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser

from games.models import Match, Seat
from kernel.errors import SiteError


class MatchNotFound(SiteError):
    status = 404


class MatchPrivate(SiteError):
    status = 403


def match_is_private(*, match_id: int) -> bool:
    """True for a match made by an invitation link: it is not listed and joins need the link."""
    return Match.objects.filter(pk=match_id, private=True).exists()


def user_is_seated(*, match_id: int, user: AbstractBaseUser | None) -> bool:
    """True when ``user`` is signed in and sits at ``match_id``."""
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(match_id=match_id, user_id=user.pk).exists()


def match_hidden_from(*, match_id: int, user: AbstractBaseUser | None) -> bool:
    """True when ``match_id`` is private and ``user`` is not one of its seated players."""
    if not match_is_private(match_id=match_id):
        return False
    return not user_is_seated(match_id=match_id, user=user)


PrivateLinkFinder = Callable[[Match], "str | None"]
_private_link_finders: list[PrivateLinkFinder] = []


def match_visible_get(*, match_id: int, user: AbstractBaseUser | None) -> Match:
    """The match, for a viewer who may see it; :class:`MatchNotFound` or :class:`MatchPrivate`.

    The one check every JSON route of a match makes before it reads anything of it.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise MatchNotFound("match_not_found", f"there is no match {match_id}")
    if match_hidden_from(match_id=match.pk, user=user):
        raise MatchPrivate("match_private", "only the players may see a private match")
    return match


def private_link_finder_register(finder: PrivateLinkFinder) -> None:
    """Let an app that makes private matches say where a match's secret link is (a URL path).

    Registering the same finder twice (a reloaded app config) keeps one copy.
    """
    if finder not in _private_link_finders:
        _private_link_finders.append(finder)


def private_link_path(*, match: Match) -> str | None:
    """The path of the secret link that seats a private match's empty seat, if one is open."""
    for finder in _private_link_finders:
        path = finder(match)
        if path:
            return path
    return None
