"""Who is connected where: counted per user and place ("lobby", "match-<id>").

Consumers call these on connect, ping and disconnect. The match server's consumer may call the
same functions (place ``match_place(match_id)``) so abandonment sees the game socket too.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from lobby.models import Presence

LOBBY_PLACE = "lobby"
MATCH_PLACE_PREFIX = "match-"


def match_place(match_id: int) -> str:
    return f"{MATCH_PLACE_PREFIX}{match_id}"


@transaction.atomic
def presence_connect(*, user: AbstractBaseUser, place: str) -> None:
    now = timezone.now()
    presence, created = Presence.objects.get_or_create(
        user=user, place=place, defaults={"connections": 1, "last_seen": now}
    )
    if not created:
        Presence.objects.filter(pk=presence.pk).update(
            connections=F("connections") + 1, last_seen=now
        )


def presence_disconnect(*, user: AbstractBaseUser, place: str) -> None:
    Presence.objects.filter(user=user, place=place).update(
        connections=Greatest(F("connections") - 1, 0), last_seen=timezone.now()
    )


def presence_touch(*, user: AbstractBaseUser, place: str) -> None:
    """A ping: the user is still there (keeps the count from going stale)."""
    Presence.objects.filter(user=user, place=place).update(last_seen=timezone.now())


def absent_since(
    *, user_id: int, place: str, stale_after: float, default: datetime
) -> datetime | None:
    """None while the user is connected at ``place``; otherwise when they were last seen there.

    A connection count whose last ping is older than ``stale_after`` seconds is treated as gone
    (its server died without a disconnect). With no record at all, ``default`` is returned.
    """
    presence = Presence.objects.filter(user_id=user_id, place=place).first()
    if presence is None:
        return default
    fresh = (timezone.now() - presence.last_seen).total_seconds() < stale_after
    if presence.connections > 0 and fresh:
        return None
    return presence.last_seen
