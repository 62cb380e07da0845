"""Who is connected to the lobby: counted per user and place (only "lobby" today).

The lobby's consumer calls these on connect, ping and disconnect. Presence at a match (the
table's socket and the match chat) is the match server's: games/services/presence.py.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from lobby.models import Presence

LOBBY_PLACE = "lobby"


@transaction.atomic
def presence_connect(*, user: User, place: str) -> None:
    now = timezone.now()
    presence, created = Presence.objects.get_or_create(
        user=user, place=place, defaults={"connections": 1, "last_seen": now}
    )
    if not created:
        Presence.objects.filter(pk=presence.pk).update(
            connections=F("connections") + 1, last_seen=now
        )


def presence_disconnect(*, user: User, place: str) -> None:
    Presence.objects.filter(user=user, place=place).update(
        connections=Greatest(F("connections") - 1, 0), last_seen=timezone.now()
    )


def presence_touch(*, user: User, place: str) -> None:
    """A ping: the user is still there (keeps the count from going stale)."""
    Presence.objects.filter(user=user, place=place).update(last_seen=timezone.now())
