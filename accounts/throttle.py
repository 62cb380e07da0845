"""Cache-based rate limits (no extra dependency): login attempts, chat messages.

A fixed window per key: the first hit starts a window of ``window_seconds``; more than ``limit``
hits inside it are refused until it expires. With REDIS_URL set the cache is Redis, so limits
hold across server processes; otherwise Django's per-process memory cache is used.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Throttle:
    """A named limit of ``limit`` events per ``window_seconds`` for each key."""

    name: str
    limit: int
    window_seconds: int

    def _cache_key(self, key: str) -> str:
        # Hash so any text (user names, addresses) makes a valid, bounded cache key.
        digest = hashlib.sha256(key.encode()).hexdigest()[:32]
        return f"throttle:{self.name}:{digest}"

    def _read(self, key: str) -> tuple[int, float]:
        value = cache.get(self._cache_key(key))
        if not value:
            return 0, 0.0
        count, started = value
        if time.time() - started >= self.window_seconds:
            return 0, 0.0
        return count, started

    def is_blocked(self, key: str) -> bool:
        """True when ``key`` has used up its allowance in the current window."""
        count, _ = self._read(key)
        return count >= self.limit

    def retry_after(self, key: str) -> int:
        """Whole seconds until the current window ends (0 when not blocked)."""
        count, started = self._read(key)
        if count < self.limit:
            return 0
        return max(1, int(started + self.window_seconds - time.time() + 0.999))

    def hit(self, key: str) -> bool:
        """Count one event; return False (and count nothing) when the key is already blocked."""
        count, started = self._read(key)
        if count >= self.limit:
            return False
        if count == 0:
            started = time.time()
        cache.set(self._cache_key(key), (count + 1, started), timeout=self.window_seconds + 1)
        return True

    def reset(self, key: str) -> None:
        cache.delete(self._cache_key(key))
