"""Who is here now, as leases: each open socket holds one, renewed while it lives.

The one presence service of the site, for the lobby's socket and for every socket of a match
(the table's and the match chat's). A socket opens a lease (``presence_lease_open``), its
server renews it every :func:`renew_seconds` (``PresenceRenewal``, run by the consumer's own
event loop), and a clean close ends it (``presence_lease_close``). A server that dies without
closing anything (SIGKILL, a lost machine) stops renewing, so its leases lapse within one
:func:`lease_seconds`: nothing depends on a process living long enough to decrement a count.

A person is present at a place while one of their leases there has not expired; absent since
the latest expiry otherwise. Abandonment, claims, the "Disconnected" badge, seek grace, the
lobby's lists and the worker's start-up sweep all read :func:`match_absent_since` and
:func:`absences_since`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.engine.options import TURN_BASED
from games.models import Match, PresenceLease, Seat
from games.services import timers

logger = logging.getLogger(__name__)

LOBBY = PresenceLease.Place.LOBBY
MATCH = PresenceLease.Place.MATCH


def lease_seconds() -> float:
    """How long a lease lasts unrenewed: the longest a dead server's socket still counts."""
    return float(getattr(settings, "PRESENCE_LEASE_SECONDS", 60.0))


def renew_seconds() -> float:
    """How often an open socket's server renews its lease: three times in a lease period, so two
    renewals in a row can fail (a busy database) before a live person is taken for gone."""
    return float(getattr(settings, "PRESENCE_RENEW_SECONDS", lease_seconds() / 3))


def _place_filter(place: str, match_id: int | None) -> dict[str, object]:
    return {"place": place, "match_id": match_id if place == MATCH else None}


@transaction.atomic
def presence_lease_open(
    *, socket: str, user: User | AnonymousUser | None, place: str, match_id: int | None = None
) -> bool:
    """A socket opened: lease ``user``'s presence at ``place`` (a match's: its players only).

    Returns whether a lease was taken. The person's leases there that have already lapsed are
    dropped (only the newest end matters, and a live lease replaces it), so rows stay few.
    At an active match it also makes sure an abandonment check is on its way: if this socket's
    server dies, no close will queue one (games/services/abandonment.py).
    """
    if user is None or not user.is_authenticated or user.pk is None:
        return False
    user_id: int = user.pk
    if place == MATCH and (
        match_id is None or not Seat.objects.filter(match_id=match_id, user_id=user_id).exists()
    ):
        return False
    now = timezone.now()
    where = _place_filter(place, match_id)
    PresenceLease.objects.filter(user_id=user_id, expires_at__lte=now, **where).delete()
    PresenceLease.objects.update_or_create(
        socket=socket,
        defaults={
            "user_id": user_id,
            "opened_at": now,
            "expires_at": now + timedelta(seconds=lease_seconds()),
            **where,
        },
    )
    if (
        place == MATCH
        and match_id is not None
        and Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE)
        .exclude(clock_kind=TURN_BASED)
        .exists()
    ):
        timers.abandonment_check_schedule(
            match_id=match_id,
            user_id=user_id,
            absent_since=None,
            after=lease_seconds() + settings.ABANDON_AFTER_SECONDS,
            unless_due_by=True,
        )
    return True


def presence_lease_renew(*, socket: str) -> bool:
    """The socket's server is alive and the socket open: extend its lease by a period.

    Returns False when the lease is gone (closed, or pruned after it lapsed while the server
    was stopped): the caller opens a new one.
    """
    expires = timezone.now() + timedelta(seconds=lease_seconds())
    return bool(PresenceLease.objects.filter(socket=socket).update(expires_at=expires))


@transaction.atomic
def presence_lease_close(*, socket: str) -> PresenceLease | None:
    """A socket closed cleanly: its lease ends now. Returns the lease (None if it had none).

    The row is kept, expired, so that "absent since" stays known; the person's next lease at
    the place drops it. At an active match the abandonment clock starts now.
    """
    lease = PresenceLease.objects.select_for_update().filter(socket=socket).first()
    if lease is None:
        return None
    now = timezone.now()
    lease.expires_at = min(lease.expires_at, now)
    lease.save(update_fields=["expires_at"])
    if (
        lease.match_id is not None
        and Match.objects.filter(pk=lease.match_id, status=Match.Status.ACTIVE)
        .exclude(clock_kind=TURN_BASED)
        .exists()
    ):
        timers.abandonment_check_schedule(
            match_id=lease.match_id, user_id=lease.user_id, absent_since=now
        )
    return lease


def absences_since(*, user_ids: set[int], place: str) -> dict[int, datetime | None]:
    """Per person, in one query: None while they hold a live lease at ``place`` (not a match),
    else the end of their last one; people who never held one are missing from the result."""
    now = timezone.now()
    rows = (
        PresenceLease.objects.filter(user_id__in=user_ids, **_place_filter(place, None))
        .values("user_id")
        .annotate(latest=Max("expires_at"))
    )
    return {row["user_id"]: None if row["latest"] > now else row["latest"] for row in rows}


def match_absent_since(*, match: Match, user_id: int | None) -> datetime | None:
    """None while ``user_id`` has a live socket of ``match``; otherwise since when they are gone.

    Someone who never came (or whose account was deleted: ``user_id`` None) is gone since the
    match began.
    """
    if user_id is None:
        return match.started_at or match.created_at
    leases = PresenceLease.objects.filter(match=match, user_id=user_id)
    latest = leases.aggregate(latest=Max("expires_at"))["latest"]
    if latest is None:
        return match.started_at or match.created_at
    if latest > timezone.now():
        return None
    return latest


def match_present_until(*, match_id: int, user_id: int) -> datetime | None:
    """When ``user_id``'s live presence at the match lapses unless renewed (None: not there)."""
    latest = PresenceLease.objects.filter(match_id=match_id, user_id=user_id).aggregate(
        latest=Max("expires_at")
    )["latest"]
    return latest if latest is not None and latest > timezone.now() else None


def match_seconds_absent(*, match: Match, user_id: int | None) -> float | None:
    """How long ``user_id`` has had no socket of ``match`` open (None: connected now)."""
    since = match_absent_since(match=match, user_id=user_id)
    if since is None:
        return None
    return (timezone.now() - since).total_seconds()


def match_seats_absent_seconds(*, match: Match) -> dict[int, float | None]:
    """Seat -> how long its person has been gone (None: here now), for the seats people hold."""
    seats = Seat.objects.filter(match=match, user__isnull=False, is_bot=False)
    return {
        seat.number: match_seconds_absent(match=match, user_id=seat.user_id)
        for seat in seats.only("number", "user_id")
    }


def match_ever_attended(*, match: Match) -> set[int]:
    """Ids of the people who opened a socket of ``match`` at least once (tournament no-shows)."""
    return set(PresenceLease.objects.filter(match=match).values_list("user_id", flat=True))


def matches_with_a_player_present() -> set[int]:
    """Ids of matches where a seated player has a live socket now."""
    live = PresenceLease.objects.filter(place=MATCH, expires_at__gt=timezone.now())
    return set(live.values_list("match_id", flat=True))


def people_present() -> set[int]:
    """Ids of signed-in people with a live socket anywhere on the site (lobby or a match)."""
    live = PresenceLease.objects.filter(expires_at__gt=timezone.now())
    return set(live.values_list("user_id", flat=True))


class PresenceRenewal:
    """The lease of one socket, renewed by a task on the socket's own event loop.

    The task lives and dies with the server process, which is the point: a server that is
    killed stops renewing, and the lease lapses. Consumers call :meth:`start` after accepting
    and :meth:`stop` on disconnect.
    """

    def __init__(
        self,
        *,
        socket: str,
        user: User | AnonymousUser | None,
        place: str,
        spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task] | None = None,
    ) -> None:
        # ``spawn``: the consumer's own (kernel/websocket.py), which cancels the renewals
        # however the consumer ends; a crashed consumer must not keep a lease alive.
        self.spawn = spawn
        self.socket = socket
        self.user = user
        self.place = place
        self.match_id: int | None = None
        self.held = False
        self._task: asyncio.Task | None = None

    async def start(self, *, match_id: int | None = None) -> bool:
        """Open the lease and start renewing it; returns whether this socket counts."""
        self.match_id = match_id
        self.held = await database_sync_to_async(presence_lease_open)(
            socket=self.socket, user=self.user, place=self.place, match_id=match_id
        )
        if self.held:
            spawn = self.spawn or asyncio.get_running_loop().create_task
            self._task = spawn(self._renew_forever())
        return self.held

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(renew_seconds())
            try:
                renewed = await database_sync_to_async(presence_lease_renew)(socket=self.socket)
                if not renewed:  # lapsed and dropped while the server stalled: take a new one
                    await database_sync_to_async(presence_lease_open)(
                        socket=self.socket, user=self.user, place=self.place, match_id=self.match_id
                    )
            except Exception:
                # The database is away: the lease may lapse meanwhile (the person then looks
                # gone, as they would to anyone); keep trying, the socket itself is fine.
                logger.warning("presence lease %s not renewed", self.socket, exc_info=True)

    async def stop_renewing(self) -> None:
        """Stop the renewals only (a caller that ends the lease in a transaction of its own)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def stop(self) -> PresenceLease | None:
        """End the lease now (the socket closed); returns it, or None if it held none."""
        await self.stop_renewing()
        if not self.held:
            return None
        self.held = False
        return await database_sync_to_async(presence_lease_close)(socket=self.socket)
