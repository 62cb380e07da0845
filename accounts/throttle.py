"""Cache-based rate limits: login attempts, guest creation, chat messages.

A fixed window per key: time is cut into windows of ``window_seconds``, and more than ``limit``
hits inside one are refused until it ends. Counting is atomic (the cache's ``add`` then
``incr``: one Redis INCR, or a locked update in the memory cache), so hits that arrive together,
in several threads or several server processes, are each counted: none can slip between a read
and a write, as they could when the count was read, compared and written back. With REDIS_URL
the cache is Redis, so limits hold across server processes; otherwise Django's per-process
memory cache is used.

When the cache cannot be reached (Redis down), every method raises :class:`LimitsUnavailable`
instead of the cache's own error: the limits *fail closed*. A limit that stopped counting would
let a password-guessing script run unchecked for as long as the outage lasts, so logins, new
guests and sign-ups wait instead; :class:`kernel.error_renderings.SiteErrorMiddleware` turns
the error into a clear 503 page ("try again in a minute"), never a 500 (docs/security.md).

Why not django-axes or django-ratelimit: the site needs the same small counter for logins,
guests and chat, keyed by name or address, and one rule for addresses behind proxies
(kernel/addresses.py); these forty lines do that without a second model or middleware.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.core.cache import cache

from kernel.errors import SiteError

logger = logging.getLogger(__name__)
Result = TypeVar("Result")


class LimitsUnavailable(SiteError):
    """The counters cannot be read or written (the cache is down): refuse, do not guess."""

    status = 503
    title = "Please try again in a minute"
    retry_after = 60

    def __init__(self) -> None:
        super().__init__(
            "limits_unavailable",
            "This is paused for a moment while the site recovers; please try again in a minute.",
        )


def _cached(operation: Callable[[], Result]) -> Result:
    try:
        return operation()
    except Exception as error:  # noqa: BLE001 - Redis' errors are many (connection, timeout, OS)
        logger.warning("rate-limit cache unavailable: %s", error.__class__.__name__)
        raise LimitsUnavailable() from error


@dataclass(frozen=True)
class Throttle:
    """A named limit of ``limit`` events per ``window_seconds`` for each key."""

    name: str
    limit: int
    window_seconds: int

    def _window(self) -> int:
        return int(time.time() // self.window_seconds)

    def _cache_key(self, key: str, window: int) -> str:
        # Hash so any text (user names, addresses) makes a valid, bounded cache key.
        digest = hashlib.sha256(key.encode()).hexdigest()[:32]
        return f"throttle:{self.name}:{digest}:{window}"

    def count(self, key: str) -> int:
        """Hits counted for ``key`` in the current window."""
        return int(_cached(lambda: cache.get(self._cache_key(key, self._window()))) or 0)

    def is_blocked(self, key: str) -> bool:
        """True when ``key`` has used up its allowance in the current window."""
        return self.count(key) >= self.limit

    def retry_after(self, key: str) -> int:
        """Whole seconds until the current window ends (0 when not blocked)."""
        if not self.is_blocked(key):
            return 0
        ends = (self._window() + 1) * self.window_seconds
        return max(1, int(ends - time.time() + 0.999))

    def hit(self, key: str) -> bool:
        """Count one event; False when it is over the limit (the caller must then refuse it)."""
        cache_key = self._cache_key(key, self._window())
        return _cached(lambda: self._count_one(cache_key)) <= self.limit

    def _count_one(self, cache_key: str) -> int:
        cache.add(cache_key, 0, timeout=self.window_seconds + 1)
        try:
            return cache.incr(cache_key)
        except ValueError:  # the key expired between add and incr: this is the first hit
            cache.add(cache_key, 1, timeout=self.window_seconds + 1)
            return 1

    def forget_one(self, key: str) -> None:
        """Take back one hit counted for ``key`` in the current window (never below zero)."""
        cache_key = self._cache_key(key, self._window())

        def take_back() -> None:
            try:
                if cache.decr(cache_key) < 0:
                    cache.set(cache_key, 0, timeout=self.window_seconds + 1)
            except ValueError:  # the window ended (or the key expired): nothing to take back
                pass

        _cached(take_back)

    def reset(self, key: str) -> None:
        _cached(lambda: cache.delete(self._cache_key(key, self._window())))
