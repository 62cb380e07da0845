"""Who may see a match: a private match (made by an invitation link) is for its players only.

Match ids are sequential, so anyone can guess one: a private match's table, its view, its
websocket and its chat are for its seated players, and its empty seat is taken only through the
secret link. A public match, or an unknown id (callers report that as not found), hides
nothing.

The secret link itself belongs to the app that made it (the lobby's invitations), which sits
above games: it registers a finder here at start-up (``lobby.apps``), so the match page can
show a private match's creator the link to send without games importing the lobby.

A **sealed** match is hidden from everyone but its players for a while: a table of a duplicate
tournament round while any table of that round is still in play, because every table plays the
same decks and one table's cards are another's future hands. The tournaments app registers the
finder of sealed matches here at start-up (``tournaments.apps``). A sealed match is refused to
spectators on every route that refuses a private one (its page, socket, view, log and chat),
left off the live list, and has no review (``review.access``) until the seal lifts.

A private match's clear-cut decisions become **public puzzles** only when every human player
in it allows it (the social app's setting, asked through
:func:`puzzle_sharing_finder_register`); the learn app asks :func:`private_puzzles_allowed` when
it makes a match's puzzles.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser, User

from games.models import Match, Seat
from kernel.errors import SiteError


class MatchNotFound(SiteError):
    status = 404


class MatchPrivate(SiteError):
    status = 403


def match_is_private(*, match_id: int) -> bool:
    """True for a match made by an invitation link: it is not listed and joins need the link."""
    return Match.objects.filter(pk=match_id, private=True).exists()


def user_is_seated(*, match_id: int, user: User | AnonymousUser | None) -> bool:
    """True when ``user`` is signed in and sits at ``match_id``."""
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(match_id=match_id, user_id=user.pk).exists()


def match_hidden_from(*, match_id: int, user: User | AnonymousUser | None) -> bool:
    """True when ``match_id`` is private or sealed and ``user`` is not one of its players."""
    if not match_is_private(match_id=match_id) and not match_is_sealed(match_id=match_id):
        return False
    return not user_is_seated(match_id=match_id, user=user)


def match_hidden_refusal(*, match_id: int) -> tuple[str, str]:
    """The code and sentence that tell a stranger why a hidden match is closed to them."""
    if match_is_sealed(match_id=match_id):
        return (
            "match_sealed",
            "this table's duplicate round is still in play: it opens to others once every "
            "table of the round has finished",
        )
    return "match_private", "only its players may see a private match"


SealedFinder = Callable[[list[int]], "set[int]"]
_sealed_finders: list[SealedFinder] = []


def sealed_finder_register(finder: SealedFinder) -> None:
    """Let an app seal some matches: ``finder(match_ids)`` returns those of them now sealed.

    Registering the same finder twice (a reloaded app config) keeps one copy.
    """
    if finder not in _sealed_finders:
        _sealed_finders.append(finder)


def matches_sealed(*, match_ids: list[int]) -> set[int]:
    """Which of ``match_ids`` are sealed now (hidden from all but their players)."""
    sealed: set[int] = set()
    for finder in _sealed_finders:
        sealed |= finder(list(match_ids))
    return sealed


def match_is_sealed(*, match_id: int) -> bool:
    """True while ``match_id`` is sealed (a table of a duplicate round still in play)."""
    return bool(matches_sealed(match_ids=[match_id]))


PrivateLinkFinder = Callable[[Match], "str | None"]
_private_link_finders: list[PrivateLinkFinder] = []


def match_visible_get(*, match_id: int, user: User | AnonymousUser | None) -> Match:
    """The match, for a viewer who may see it; :class:`MatchNotFound` or :class:`MatchPrivate`.

    The one check every JSON route of a match makes before it reads anything of it.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise MatchNotFound("match_not_found", f"there is no match {match_id}")
    if match_hidden_from(match_id=match.pk, user=user):
        raise MatchPrivate(*match_hidden_refusal(match_id=match.pk))
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


ListHiddenCheck = Callable[[User, object], bool]
_match_list_checks: list[ListHiddenCheck] = []


def match_list_hidden_register(check: ListHiddenCheck) -> None:
    """Let an app hide a player's list of matches (the profile's, the finished-matches page)
    from some viewers: ``check(player, viewer)`` is True to hide it. The social app registers
    the "friends only" preference and blocks (``social.apps``). Idempotent, like the above."""
    if check not in _match_list_checks:
        _match_list_checks.append(check)


def match_list_hidden(*, player: User, viewer: object) -> bool:
    """Whether ``viewer`` may not see ``player``'s list of matches (each match keeps its own
    rules: a public match stays reachable by its address)."""
    return any(check(player, viewer) for check in _match_list_checks)


PuzzleSharingFinder = Callable[[list[int]], "set[int]"]
_puzzle_sharing_finders: list[PuzzleSharingFinder] = []


def puzzle_sharing_finder_register(finder: PuzzleSharingFinder) -> None:
    """Let an app say which people allow their private matches' puzzles to be public:
    ``finder(user_ids)`` returns those of them who allow it. The social app registers its
    setting (``social.apps``). Idempotent, like the above."""
    if finder not in _puzzle_sharing_finders:
        _puzzle_sharing_finders.append(finder)


def private_puzzles_allowed(*, user_ids: list[int]) -> bool:
    """True when every one of ``user_ids`` (a private match's human players) allows its puzzles
    to be public. With no one to ask, or no app that records the choice, the answer is no:
    a private match stays private unless its players all said otherwise."""
    if not user_ids:
        return False
    allowing: set[int] = set()
    for finder in _puzzle_sharing_finders:
        allowing |= finder(list(user_ids))
    return set(user_ids) <= allowing
