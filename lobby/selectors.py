"""Reads for the lobby: open seeks, live matches, players online, chat history, chat rooms.

Everything returned is JSON-able, so the same dicts feed the lobby socket and the templates.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Seat

# Who may see a match is decided by games; re-exported for the lobby's socket and pages.
from games.privacy import match_hidden_from as match_hidden_from
from games.privacy import match_is_private as match_is_private
from games.privacy import matches_sealed
from games.services.presence import (
    LOBBY,
    absences_since,
    match_ever_attended,
    matches_with_a_player_present,
    people_present,
)
from kernel import chat_gates
from lobby import settings as lobby_settings
from lobby.models import ChatMessage, Invitation, Seek
from ratings.kinds import kind_of
from ratings.selectors import rated_pair_exhausted, rating_shown, ratings_shown_for

LIVE_MATCH_LIMIT = 30


def options_label(options: dict[str, Any]) -> str:
    """A short human description: "Six-card · manual + Muggins · 1 game"."""
    variant = "Six-card (121)" if options["variant"] == "six" else "Five-card (61)"
    scoring = "manual" if options["scoring"] == "manual" else "automatic"
    if options["muggins"]:
        scoring += " + Muggins"
    target = options["match_target"]
    length = "1 game" if target == 1 else f"to {target} points"
    players = {3: "three players · ", 4: "four players (partners) · "}.get(
        options.get("players", 2), ""
    )
    if options.get("deal") == "dealer_six":
        players = "three players, dealer takes six · "
    return f"{players}{variant} · {scoring} scoring · {length}"


def seek_terms_label(seek: Seek) -> str:
    """ "rated", "casual", and a rating range when it has one: "rated · 1400–1700"."""
    label = "rated" if seek.rated else "casual"
    if seek.rating_min is not None or seek.rating_max is not None:
        low = "" if seek.rating_min is None else str(seek.rating_min)
        high = "" if seek.rating_max is None else str(seek.rating_max)
        label += f" · for {low}–{high}"
    return label


def seek_dict(seek: Seek, *, shown: dict | None = None) -> dict[str, Any]:
    """A seek as the lobby lists it. ``shown``: the creators' ratings (``ratings_shown_for``)
    when the caller lists many seeks, so they are read once, not once a seek."""
    if shown is None:
        shown = ratings_shown_for(user_ids={seek.creator_id})
    kind = kind_of(
        variant=seek.variant, players=seek.players, turn_based=seek.time_control.turn_based
    )
    rating_label, rating_value = rating_shown(shown, user_id=seek.creator_id, kind=kind)
    return {
        "id": seek.pk,
        "creator": seek.creator.get_username(),
        "creator_id": seek.creator_id,
        "rating": rating_label,
        "rating_value": rating_value,
        "rated": seek.rated,
        "rating_range": [seek.rating_min, seek.rating_max],
        "options": seek.options,
        "clock": seek.time_control.key,
        # Marked apart in the list: a days-per-move match is played over days, not now.
        "turn_based": seek.time_control.turn_based,
        "label": " · ".join(
            part
            for part in (
                options_label(seek.options),
                seek.time_control.label if seek.time_control.timed else "",
                seek_terms_label(seek),
            )
            if part
        ),
        "created_at": seek.created_at.isoformat(),
    }


def seek_creator_gone(seek: Seek, *, lobby_absences: dict[int, Any] | None = None) -> bool:
    """True once the creator has had no lobby connection for longer than the grace period.

    ``lobby_absences`` (creator id -> None or the end of their last lobby lease, from
    ``games.services.presence.absences_since``) lets a caller checking many seeks read the
    leases once instead of once per seek.

    A seek for three or four whose match is made is never gone: its creator waits at the
    table, not in the lobby, while the other seats fill.
    """
    if seek.match_id is not None:
        return False
    if lobby_absences is None:
        lobby_absences = absences_since(user_ids={seek.creator_id}, place=LOBBY)
    if seek.creator_id in lobby_absences and lobby_absences[seek.creator_id] is None:
        return False
    since = lobby_absences.get(seek.creator_id) or seek.created_at
    return (timezone.now() - since).total_seconds() > lobby_settings.seek_creator_grace_seconds()


# How long after a seek of theirs became a match its creator's lobby still sends them there.
SEEK_MATCH_UNOPENED_SECONDS = 120


def seek_match_unopened(*, user: User | AnonymousUser | None) -> dict[str, Any] | None:
    """The match a seek of ``user``'s became in the last two minutes, while they have not yet
    opened it, or None.

    The lobby tells a seek's creator that it was accepted by a push ("match_started"). A lobby
    page whose socket joins a moment too late (just after the seek was created, or after a
    reconnect) misses that push, and its creator would sit in the lobby while the match's
    clocks run. The page's hello names the match instead; once they have opened it (a socket
    of theirs at the match, games' presence), it is no longer named.
    """
    if user is None or not user.is_authenticated:
        return None
    since = timezone.now() - timedelta(seconds=SEEK_MATCH_UNOPENED_SECONDS)
    seek = (
        Seek.objects.filter(creator_id=user.pk, match__isnull=False, match__created_at__gte=since)
        .exclude(match__status=Match.Status.FINISHED)
        .select_related("match")
        .order_by("-match__created_at")
        .first()
    )
    if seek is None or seek.match is None or user.pk in match_ever_attended(match=seek.match):
        return None
    return {"match_id": seek.match.pk, "url": f"/matches/{seek.match.pk}/"}


def open_seeks() -> list[dict[str, Any]]:
    """Seeks anyone may accept now, oldest first (a creator who left is filtered out at once)."""
    seeks = list(
        Seek.objects.filter(status=Seek.Status.OPEN)
        .select_related("creator")
        .order_by("created_at")
    )
    creators = {seek.creator_id for seek in seeks}
    absences = absences_since(user_ids=creators, place=LOBBY)
    listed = [seek for seek in seeks if not seek_creator_gone(seek, lobby_absences=absences)]
    shown = ratings_shown_for(user_ids={seek.creator_id for seek in listed})
    return [seek_dict(seek, shown=shown) for seek in listed]


def live_matches(*, limit: int = LIVE_MATCH_LIMIT) -> list[dict[str, Any]]:
    """Public matches being played now, newest first; private (invitation) ones and sealed ones
    (tables of a duplicate round in play, games.privacy) are never listed.

    "Being played" means a move within ``LIVE_MATCH_IDLE_SECONDS`` (10 minutes) or a player at
    the table now, so a match both players walked away from drops off the list instead of
    inviting people to watch nothing. It stays active (and claimable) all the same.
    """
    recent_since = timezone.now() - timedelta(seconds=lobby_settings.live_match_idle_seconds())
    matches = list(
        Match.objects.filter(status=Match.Status.ACTIVE, private=False)
        .filter(Q(updated_at__gte=recent_since) | Q(pk__in=matches_with_a_player_present()))
        .order_by("-started_at")[:limit]
    )
    sealed = matches_sealed(match_ids=[match.pk for match in matches])
    matches = [match for match in matches if match.pk not in sealed]
    seats = Seat.objects.filter(match__in=matches).select_related("user").order_by("number")
    names: dict[int, list[str]] = {}
    for seat in seats:
        names.setdefault(seat.match_id, []).append(seat.display_name or "?")
    return [
        {
            "id": match.pk,
            "url": f"/matches/{match.pk}/",
            "players": names.get(match.pk, []),
            "label": options_label(match.options_dict),
            "scores": list(match.match_scores or []),
        }
        for match in matches
    ]


def online_count() -> int:
    """Distinct signed-in people (members and guests) with a live connection anywhere on the site:
    the lobby, or a match they play (a live presence lease, games/services/presence.py)."""
    return len(people_present())


def chat_dict(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "room": message.room,
        "author": message.author.get_username(),
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def chat_recent(
    *, room: str, limit: int | None = None, listener_id: int | None = None
) -> list[dict[str, Any]]:
    """The last messages of ``room``, oldest first, for someone who just arrived: only the lines
    ``listener_id`` hears (kernel/chat_gates.py: none but their own when they muted all chat,
    none from people they muted or who are on either side of a block with them)."""
    limit = limit or lobby_settings.chat_history_size()
    latest = list(
        ChatMessage.objects.filter(room=room).select_related("author").order_by("-id")[:limit]
    )
    heard = chat_gates.speakers_heard(listener_id, {message.author_id for message in latest})
    return [chat_dict(message) for message in reversed(latest) if message.author_id in heard]


def match_chat_room(*, match: Match, user: User) -> str:
    """Seated players talk in the players' room; everyone else in the spectators' room.

    Each sees only their own room, so a spectator can never pass advice to a player.
    """
    seated = user.is_authenticated and Seat.objects.filter(match=match, user_id=user.pk).exists()
    return f"match-{match.pk}-{'players' if seated else 'spectators'}"


def open_invitation_path(match: Match) -> str | None:
    """The secret link's path while ``match``'s invitation is open (registered with games.privacy)."""
    invitation = Invitation.objects.filter(match=match, status=Invitation.Status.OPEN).first()
    if invitation is None:
        return None
    return reverse("lobby:invitation", args=[invitation.token])


def invitations_open_for(*, user: User) -> list[Invitation]:
    """The user's own open invitations (only the creator ever sees these)."""
    return list(
        Invitation.objects.filter(creator=user, status=Invitation.Status.OPEN)
        .filter(Q(match__status=Match.Status.WAITING))
        .order_by("-created_at")
    )


def rated_pair_spent(*, first: User | AnonymousUser, second: User | AnonymousUser | None) -> bool:
    """True when a rated match between these two would count as casual: they have had their
    allowance of rated results together in the last 24 hours (ratings.services)."""
    if second is None or not second.is_authenticated or first.pk is None or first.pk == second.pk:
        return False
    return rated_pair_exhausted(user_ids=(first.pk, second.pk))


def seeks_marked_casual_for(
    *, seeks: list[dict[str, Any]], user: User | AnonymousUser | None
) -> list[dict[str, Any]]:
    """The seeks, each rated one that would be casual between its creator and ``user`` marked
    ``casual_for_you`` (the seek says so before ``user`` accepts it)."""
    if user is None or not user.is_authenticated:
        return seeks
    for seek in seeks:
        creator = seek.get("creator_id")
        seek["casual_for_you"] = bool(
            seek.get("rated")
            and creator not in (None, user.pk)
            and rated_pair_exhausted(user_ids=(creator, user.pk))
        )
    return seeks
