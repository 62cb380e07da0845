"""Emptying the cache between tests without touching anyone else's keys.

Rate limits live in the cache. With Redis, Django's ``cache.clear()`` is FLUSHDB: it would also
wipe the counts of a parallel test worker (or another site) sharing the database, each of which
keeps its keys under its own ``REDIS_KEY_PREFIX`` (tests/settings.py). This deletes only this
process's keys there; an in-memory cache is this process's alone and is simply cleared.
"""

from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache


def cache_empty() -> None:
    """Forget every key this process's cache holds, and nothing of anyone else's."""
    cache = caches["default"]
    if not isinstance(cache, RedisCache):
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(match=f"{cache.key_prefix}:*", count=500))
    if keys:
        client.delete(*keys)
