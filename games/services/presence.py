"""Who is at a match now: each seated person's open sockets of that match, counted.

Every socket of the match counts: the game consumer (the table) and the lobby's match chat both
call these, so a player on either is present. When a person's last socket of an active match
closes, the abandonment check is queued in the same transaction (games/tasks.py): if they are
still gone ``ABANDON_AFTER_SECONDS`` later while the game waits on them, they lose the match.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from games.models import Match, MatchPresence, Seat
from games.services import timers


def presence_stale_seconds() -> float:
    """A socket not heard from (no ping) for this long counts as gone; clients ping every 25 s."""
    return float(getattr(settings, "PRESENCE_STALE_SECONDS", 75.0))


def _seated(match_id: int, user: User) -> bool:
    return Seat.objects.filter(match_id=match_id, user_id=user.pk).exists()


@transaction.atomic
def match_presence_connect(*, match_id: int, user: User | AnonymousUser | None) -> bool:
    """A socket of the match opened; counted only for its players. Returns whether it counted."""
    if user is None or not user.is_authenticated or not _seated(match_id, user):
        return False
    now = timezone.now()
    presence, created = MatchPresence.objects.get_or_create(
        match_id=match_id, user=user, defaults={"connections": 1, "last_seen": now}
    )
    if not created:
        MatchPresence.objects.filter(pk=presence.pk).update(
            connections=F("connections") + 1, last_seen=now
        )
    return True


@transaction.atomic
def match_presence_disconnect(*, match_id: int, user: User | AnonymousUser | None) -> None:
    """A socket of the match closed: start the abandonment clock.

    Queued on every close, not only when the count reaches 0: a count left too high by a server
    that died mid-connection only goes stale, and the check then finds the player gone.
    """
    if user is None or not user.is_authenticated:
        return
    now = timezone.now()
    updated = MatchPresence.objects.filter(match_id=match_id, user=user).update(
        connections=Greatest(F("connections") - 1, 0), last_seen=now
    )
    if not updated:
        return
    if Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).exists():
        timers.abandonment_check_schedule(match_id=match_id, user_id=user.pk, absent_since=now)


def match_presence_touch(*, match_id: int, user: User | AnonymousUser | None) -> None:
    """A ping: the person is still there (keeps the count from going stale)."""
    if user is None or not user.is_authenticated:
        return
    MatchPresence.objects.filter(match_id=match_id, user=user).update(last_seen=timezone.now())


def match_absent_since(*, match: Match, user_id: int | None) -> datetime | None:
    """None while ``user_id`` has a live socket of ``match``; otherwise since when they are gone.

    A count whose last ping is older than :func:`presence_stale_seconds` is treated as gone
    (its server died without closing it). Someone who never came (or whose account was deleted:
    ``user_id`` None) is gone since the match began.
    """
    presence = None
    if user_id is not None:
        presence = MatchPresence.objects.filter(match=match, user_id=user_id).first()
    if presence is None:
        return match.started_at or match.created_at
    fresh = (timezone.now() - presence.last_seen).total_seconds() < presence_stale_seconds()
    if presence.connections > 0 and fresh:
        return None
    return presence.last_seen


def match_seconds_absent(*, match: Match, user_id: int | None) -> float | None:
    """How long ``user_id`` has had no socket of ``match`` open (None: connected now)."""
    since = match_absent_since(match=match, user_id=user_id)
    if since is None:
        return None
    return (timezone.now() - since).total_seconds()


def matches_with_a_player_present() -> set[int]:
    """Ids of matches where a seated player has a live socket now."""
    fresh_since = timezone.now() - timedelta(seconds=presence_stale_seconds())
    return set(
        MatchPresence.objects.filter(connections__gt=0, last_seen__gte=fresh_since).values_list(
            "match_id", flat=True
        )
    )
