"""How much work a websocket may ask of a server process: per connection and per address.

Every frame a socket sends costs the server something, and a database query costs the most:
all of a process's thread-sensitive queries share one thread. Without limits, a few anonymous
pages asking for the lobby again and again (``refresh``) or for a match's whole history
(``sync`` from far back) made another player wait seconds for an answer (docs/performance.md).

- :class:`TokenBucket`: ``capacity`` frames at once, ``rate`` more each second. Each connection
  has one and takes a token when a frame *arrives* (kernel/websocket.py), not when the
  consumer gets round to it: counted at handling, a flood waiting behind a slow query looked slow
  and passed.
- :class:`AddressAllowance`: sockets of visitors who are not signed in are counted per client
  address (kernel/addresses.py): how many may be open at once in this process, and one
  bucket their frames share, so fifty anonymous sockets get no more than a few would. Signed-in
  people are limited per connection only (a guest is signed in, and each account is a row that
  sign-up and guest limits already bound).

- :func:`anonymous_database_sync_to_async`: the reads of anonymous sockets (the lobby, a
  match's view and syncs) run on a thread of their own, not on the one thread that Django gives
  all of a process's thread-sensitive database work, where players' actions run on SQLite. Many
  anonymous sockets then wait for each other, not players for them.

The counts live in the process's memory: they are about this process's threads, and a shared
counter would cost a round trip on every frame. Each address's entry lives while it has an
open socket, and after its last closes until its bucket has refilled (swept now and then), so
the memory is bounded by the connections of the last minute or so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from channels.db import DatabaseSyncToAsync
from django.conf import settings

_ANONYMOUS_READS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="anonymous-reads")


def anonymous_database_sync_to_async(function: Callable[..., Any]) -> DatabaseSyncToAsync:
    """``database_sync_to_async`` on the anonymous sockets' own thread (see the module's doc)."""
    return DatabaseSyncToAsync(function, thread_sensitive=False, executor=_ANONYMOUS_READS)


@dataclass
class TokenBucket:
    """A rate limit: ``capacity`` messages at once, ``rate`` more each second."""

    capacity: float = 20.0
    rate: float = 10.0
    tokens: float = field(default=-1.0)
    updated: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.capacity

    def take(self, now: float | None = None) -> bool:
        """Spend one token if there is one; False means the message must be refused."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _setting(name: str, default: float) -> float:
    return getattr(settings, name, default)


@dataclass
class _AddressEntry:
    sockets: int
    bucket: TokenBucket


class AddressAllowance:
    """Anonymous sockets per client address in this process, and the frames they share."""

    # An address whose sockets all closed keeps its (emptied) bucket until it has refilled, or a
    # loop of connect-and-close would start each time from a full one; swept every so many opens.
    SWEEP_EVERY = 256

    def __init__(self) -> None:
        self._entries: dict[str, _AddressEntry] = {}
        self._opens = 0

    def _sweep(self) -> None:
        now = time.monotonic()
        for address, entry in list(self._entries.items()):
            bucket = entry.bucket
            if entry.sockets <= 0 and now - bucket.updated >= bucket.capacity / bucket.rate:
                del self._entries[address]

    def open(self, address: str) -> bool:
        """Count a new anonymous socket from ``address``; False (nothing counted) over the cap.

        Opening costs a frame from the address's bucket too: each connection reads the
        database for its first view, so reconnecting in a loop is work like any frame.
        """
        self._opens += 1
        if self._opens % self.SWEEP_EVERY == 0:
            self._sweep()
        entry = self._entries.get(address)
        if entry is None:
            entry = _AddressEntry(
                0,
                TokenBucket(
                    capacity=_setting("ANONYMOUS_SOCKET_FRAMES_BURST", 20),
                    rate=_setting("ANONYMOUS_SOCKET_FRAMES_PER_SECOND", 5),
                ),
            )
            self._entries[address] = entry
        if (
            entry.sockets >= _setting("ANONYMOUS_SOCKETS_PER_ADDRESS", 10)
            or not entry.bucket.take()
        ):
            if entry.sockets == 0:
                del self._entries[address]
            return False
        entry.sockets += 1
        return True

    def close(self, address: str) -> None:
        entry = self._entries.get(address)
        if entry is None:
            return
        entry.sockets = max(0, entry.sockets - 1)

    def take(self, address: str) -> bool:
        """Spend one of the address's shared frames; False means refuse the frame."""
        entry = self._entries.get(address)
        return entry is not None and entry.bucket.take()

    def reset(self) -> None:
        """Forget every count (for tests, which all connect from one address)."""
        self._entries.clear()

    def open_sockets(self, address: str) -> int:
        entry = self._entries.get(address)
        return 0 if entry is None else entry.sockets


# One per process: the limits are about this process's threads and database connections.
anonymous_sockets = AddressAllowance()
