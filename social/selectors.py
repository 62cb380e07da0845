"""Reads of the social layer: who is friends with whom, who blocked whom, presence, settings.

Every check is one or two indexed queries, so the chat's per-listener gate
(``chat_silenced``) stays cheap.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db.models import Q
from django.utils import timezone

from accounts.services import profile_for
from games.models import Match, PresenceLease
from social.models import (
    Block,
    Challenge,
    ChatMute,
    FriendRequest,
    Friendship,
    SocialSettings,
)


def pair(first_id: int, second_id: int) -> tuple[int, int]:
    """A friendship's ordered pair of ids (the lower first), as the row stores it."""
    return (first_id, second_id) if first_id < second_id else (second_id, first_id)


def settings_for(*, user_id: int) -> SocialSettings:
    """The person's settings; an unsaved row with every default when they never chose any."""
    return SocialSettings.objects.filter(user_id=user_id).first() or SocialSettings(user_id=user_id)


def are_friends(first_id: int, second_id: int) -> bool:
    low, high = pair(first_id, second_id)
    return Friendship.objects.filter(first_id=low, second_id=high).exists()


def blocked_either_way(first_id: int, second_id: int) -> bool:
    """Whether either of the two blocked the other (a block works both ways but is one-sided:
    only its maker may lift it)."""
    return Block.objects.filter(
        Q(blocker_id=first_id, blocked_id=second_id) | Q(blocker_id=second_id, blocked_id=first_id)
    ).exists()


def has_blocked(*, blocker_id: int, blocked_id: int) -> bool:
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def has_muted(*, muter_id: int, muted_id: int) -> bool:
    return ChatMute.objects.filter(muter_id=muter_id, muted_id=muted_id).exists()


def is_guest(user: User) -> bool:
    return profile_for(user).is_guest


def friend_ids(*, user_id: int) -> set[int]:
    rows = Friendship.objects.filter(Q(first_id=user_id) | Q(second_id=user_id)).values_list(
        "first_id", "second_id"
    )
    return {second if first == user_id else first for first, second in rows}


def chat_silenced(listener_id: int, speaker_ids: frozenset[int]) -> set[int]:
    """The kernel.chat_gates silence finder: of ``speaker_ids``, those the listener muted and
    those on either side of a block with them. One query (a UNION of three indexed reads),
    however many speakers: asked for each listener of each line the chat relays, and once for
    the history a page gets on arrival. (All chat muted is the deaf check's: ``chat_muted_all``.)"""
    muted = ChatMute.objects.filter(muter_id=listener_id, muted_id__in=speaker_ids).values_list(
        "muted_id", flat=True
    )
    blocked = Block.objects.filter(blocker_id=listener_id, blocked_id__in=speaker_ids).values_list(
        "blocked_id", flat=True
    )
    blockers = Block.objects.filter(blocked_id=listener_id, blocker_id__in=speaker_ids).values_list(
        "blocker_id", flat=True
    )
    return set(muted.union(blocked, blockers))


def chat_muted_all(listener_id: int) -> bool:
    """The kernel.chat_gates deafness check: the listener chose to hear no chat at all."""
    return SocialSettings.objects.filter(user_id=listener_id, mute_all_chat=True).exists()


def match_list_hidden(player: User, viewer: Any) -> bool:
    """The games.privacy check behind a profile's match list: hidden from anyone but the
    player and their friends when the player chose so (and always from someone they blocked)."""
    viewer_id = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    if viewer_id == player.pk:
        return False
    if viewer_id is not None and has_blocked(blocker_id=player.pk, blocked_id=viewer_id):
        return True
    if not settings_for(user_id=player.pk).matches_friends_only:
        return False
    return viewer_id is None or not are_friends(player.pk, viewer_id)


def puzzle_sharers(user_ids: list[int]) -> set[int]:
    """The games.privacy finder behind public puzzles from private matches: which of
    ``user_ids`` allow it. A guest never does (a guest cannot open the settings page, and a
    choice recorded before an account became a guest's is not theirs)."""
    return set(
        SocialSettings.objects.filter(user_id__in=user_ids, public_puzzles_from_private=True)
        .exclude(user__profile__is_guest=True)
        .values_list("user_id", flat=True)
    )


def presence_visible(*, person: User, viewer: Any) -> bool:
    """Whether ``viewer`` may see ``person``'s presence: never across a block, and only friends
    when ``person`` chose so."""
    viewer_id = viewer.pk if getattr(viewer, "is_authenticated", False) else None
    if viewer_id == person.pk:
        return True
    if viewer_id is not None and blocked_either_way(person.pk, viewer_id):
        return False
    if not settings_for(user_id=person.pk).presence_friends_only:
        return True
    return viewer_id is not None and are_friends(person.pk, viewer_id)


def presences(*, users: list[User]) -> dict[int, dict[str, Any]]:
    """Per person: ``{"state": "playing" | "online" | "away", "last_seen": datetime | None}``.

    Read from the presence leases (games.PresenceLease) in one query: a live lease at an active
    match is "playing", any other live lease "online". "Last seen" costs no write of its own:
    the end of the person's latest lease (a closed or lapsed lease row stays until the person's
    next lease at that place, or housekeeping) or, failing that, their last login.
    """
    now = timezone.now()
    ids = [user.pk for user in users]
    rows = PresenceLease.objects.filter(user_id__in=ids).values_list(
        "user_id", "expires_at", "place", "match__status"
    )
    live: dict[int, str] = {}
    latest: dict[int, datetime] = {}
    for user_id, expires_at, place, match_status in rows:
        if expires_at > now:
            playing = place == PresenceLease.Place.MATCH and match_status == Match.Status.ACTIVE
            if playing or user_id not in live:
                live[user_id] = "playing" if playing else "online"
        elif user_id not in latest or expires_at > latest[user_id]:
            latest[user_id] = expires_at
    result = {}
    for user in users:
        seen = latest.get(user.pk)
        if user.last_login and (seen is None or user.last_login > seen):
            seen = user.last_login
        result[user.pk] = {
            "state": live.get(user.pk, "away"),
            "last_seen": seen,
            "just_now": seen is not None and now - seen < timedelta(minutes=1),
        }
    return result


def friends_of(*, user: User) -> list[dict[str, Any]]:
    """The person's friends by name, each with their presence (friends always see it, unless
    a block stands between them, which ends the friendship anyway)."""
    people = list(
        get_user_model().objects.filter(pk__in=friend_ids(user_id=user.pk)).order_by("username")
    )
    seen = presences(users=people)
    return [{"user": person, **seen[person.pk]} for person in people]


def friend_requests_incoming(*, user: User) -> list[FriendRequest]:
    return list(
        FriendRequest.objects.filter(to_user=user, status=FriendRequest.Status.PENDING)
        .select_related("from_user")
        .order_by("-created_at")
    )


def friend_requests_outgoing(*, user: User) -> list[FriendRequest]:
    return list(
        FriendRequest.objects.filter(from_user=user, status=FriendRequest.Status.PENDING)
        .select_related("to_user")
        .order_by("-created_at")
    )


def challenges_open_for(*, user: User) -> list[Challenge]:
    """Open challenges to and from ``user``, not yet past their time."""
    return list(
        Challenge.objects.filter(
            Q(challenged=user) | Q(challenger=user),
            status=Challenge.Status.OPEN,
            expires_at__gt=timezone.now(),
        )
        .select_related("challenger", "challenged")
        .order_by("-created_at")
    )


def blocked_people(*, user: User) -> list[Block]:
    return list(
        Block.objects.filter(blocker=user).select_related("blocked").order_by("-created_at")
    )


def muted_people(*, user: User) -> list[ChatMute]:
    return list(ChatMute.objects.filter(muter=user).select_related("muted").order_by("-created_at"))


def people_search(*, viewer: User, query: str, limit: int) -> list[User]:
    """Members whose name starts with ``query`` (not guests, not the viewer, not across a
    block), shortest names first."""
    query = query.strip()
    if not query:
        return []
    blocked = Block.objects.filter(Q(blocker=viewer) | Q(blocked=viewer)).values_list(
        "blocker_id", "blocked_id"
    )
    hidden = {viewer.pk} | {person for row in blocked for person in row}
    people = (
        get_user_model()
        .objects.filter(username__istartswith=query, is_active=True)
        .exclude(profile__is_guest=True)
        .exclude(pk__in=hidden)
        .order_by("username")[:limit]
    )
    return list(people)


def relation(*, viewer: User, other: User) -> dict[str, Any]:
    """What the viewer's buttons about ``other`` should offer (profile section, match page)."""
    return {
        "friends": are_friends(viewer.pk, other.pk),
        "request_sent": FriendRequest.objects.filter(
            from_user=viewer, to_user=other, status=FriendRequest.Status.PENDING
        ).first(),
        "request_received": FriendRequest.objects.filter(
            from_user=other, to_user=viewer, status=FriendRequest.Status.PENDING
        ).first(),
        "blocked": has_blocked(blocker_id=viewer.pk, blocked_id=other.pk),
        "muted": has_muted(muter_id=viewer.pk, muted_id=other.pk),
    }
