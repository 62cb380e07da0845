"""Presence leases for service tests: people arriving, leaving, or lost with a killed server.

Each call stands for one socket (a made-up channel name) going through the real presence
service (games/services/presence.py); only the clock is moved, by shifting a lease's end.
"""

from __future__ import annotations

import itertools
from datetime import timedelta

from django.utils import timezone

from games.models import PresenceLease
from games.services.presence import LOBBY, MATCH, presence_lease_close, presence_lease_open

_sockets = itertools.count(1)


def arrives(user, *, match=None) -> str:
    """``user`` opens a socket of ``match`` (or of the lobby); returns the socket's name."""
    socket = f"test-socket-{next(_sockets)}"
    presence_lease_open(
        socket=socket,
        user=user,
        place=LOBBY if match is None else MATCH,
        match_id=None if match is None else match.pk,
    )
    return socket


def leaves(user, *, match=None, seconds_ago: float = 0) -> None:
    """``user`` opens a socket and closes it cleanly, ``seconds_ago``."""
    presence_lease_close(socket=arrives(user, match=match))
    lapses(user, match=match, seconds_ago=seconds_ago)


def lapses(user, *, match=None, seconds_ago: float = 0) -> None:
    """Every lease ``user`` holds there ended ``seconds_ago``: as if their server was killed
    and nothing renewed them since."""
    leases = PresenceLease.objects.filter(user=user)
    leases = leases.filter(place=LOBBY) if match is None else leases.filter(match=match)
    leases.update(expires_at=timezone.now() - timedelta(seconds=seconds_ago))
