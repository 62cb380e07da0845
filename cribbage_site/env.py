"""Small typed readers for settings that come from the environment (twelve-factor style).

Kept separate from settings.py so the parsing rules are testable on their own and the settings
module reads as a list of decisions.
"""

from __future__ import annotations

import os
from typing import Any

import dj_database_url

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean; refuse anything that is not clearly yes or no rather than guess."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{name} must be a boolean (true/false), not {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return int(raw)


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return float(raw)


# A process's pool: at most this many PostgreSQL connections at once (DATABASE_POOL_MAX_SIZE).
# A request that finds none free waits up to DATABASE_POOL_TIMEOUT seconds, then fails.
DEFAULT_POOL_MAX_SIZE = 16
DEFAULT_POOL_TIMEOUT = 10.0


def database_pool_options() -> dict:
    """psycopg_pool's settings for one process, from the environment."""
    max_size = env_int("DATABASE_POOL_MAX_SIZE", DEFAULT_POOL_MAX_SIZE)
    if max_size < 1:
        raise ValueError("DATABASE_POOL_MAX_SIZE must be at least 1")
    return {
        "min_size": min(2, max_size),
        "max_size": max_size,
        "timeout": env_float("DATABASE_POOL_TIMEOUT", DEFAULT_POOL_TIMEOUT),
    }


# The engines the project supports (postgres://, postgresql://, pgsql:// and sqlite:/// URLs).
SUPPORTED_DATABASE_ENGINES = frozenset(
    {"django.db.backends.postgresql", "django.db.backends.sqlite3"}
)
# As the embedded default: writers queue (IMMEDIATE) instead of failing at once with "database
# is locked" when two actions (or a bot's move) write together. Write-ahead logging with
# synchronous=NORMAL: a commit is an append to the log, not an fsync of the database and its
# rollback journal (25 ms a commit on the development VM, three commits a computer's turn:
# docs/performance.md, "Enough workers"), and readers no longer wait for the writer. A commit
# survives the process's crash; only an operating-system crash or power loss may undo the last
# few, a trade for the embedded default (production runs PostgreSQL).
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def database_from_url(url: str) -> dict:
    """Turn ``postgres://user:pass@host:port/name`` or ``sqlite:///path`` into a DATABASES entry.

    dj-database-url reads the URL; this adds the project's decisions on top. Only the two
    engines the project supports are accepted (dj-database-url knows many more), so a typo or
    a MySQL URL fails loudly at start-up.
    """
    try:
        entry: dict[str, Any] = dict(dj_database_url.parse(url))
    except dj_database_url.UnknownSchemeError:
        entry = {"ENGINE": None}
    if entry["ENGINE"] not in SUPPORTED_DATABASE_ENGINES:
        scheme = url.partition(":")[0].lower()
        raise ValueError(
            f"DATABASE_URL scheme {scheme!r} is not supported (use postgres:// or sqlite:///)"
        )
    options = entry.setdefault("OPTIONS", {})
    if entry["ENGINE"] == "django.db.backends.sqlite3":
        options.update(SQLITE_OPTIONS)
        return entry
    entry["PORT"] = str(entry.get("PORT") or "")
    # Connections come from a bounded pool per process (psycopg_pool), never kept per thread:
    # under ASGI every concurrent request runs in a thread of its own, and a connection kept by
    # CONN_MAX_AGE stayed open after its thread was gone, so a burst of requests exhausted the
    # server's connections. "Closing" returns one to the pool.
    entry["CONN_MAX_AGE"] = 0
    # With a pool, Django passes this on as psycopg_pool's ``check``: the pool tries a
    # connection (one empty round trip) as it hands it out and replaces a dead one. After a
    # database restart every idle pooled connection is dead, and without the check each one
    # went to a request that answered 500 (tests/site/test_database_restart.py). The cost is
    # one round trip per checkout, which is one per request or socket action.
    entry["CONN_HEALTH_CHECKS"] = True
    options.setdefault("pool", database_pool_options())
    return entry


# How channels-redis carries messages (REDIS_CHANNEL_LAYER). "pubsub": a group message is one
# PUBLISH, read once by each server process and handed to its own connections, which is what
# a match's broadcast is; "lists": channels-redis' original layer, a list per connection with a
# capacity. docs/performance.md has the measurements behind the default.
REDIS_CHANNEL_LAYERS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "lists": "channels_redis.core.RedisChannelLayer",
}
# How long the pub/sub layer keeps retrying a lost Redis connection: 60 tries, backing off to
# one second apart, covers a Redis restart. It must retry: the layer's receiving task only
# logs a failure, so without retries a restart would leave every socket open and deaf.
PUBSUB_RECONNECT_TRIES = 60
PUBSUB_RECONNECT_MAX_WAIT = 1.0


def channel_layers_from(redis_url: str, kind: str = "pubsub", prefix: str = "asgi") -> dict:
    """The CHANNEL_LAYERS setting: Redis of the chosen ``kind``, or in memory without a URL.

    ``prefix`` starts every Redis key and pub/sub channel the layer uses. Pub/sub channels are
    not per database number, so sites (or test workers) sharing one Redis need prefixes of
    their own to keep their groups apart.

    After a Redis restart the two kinds recover differently. With "pubsub" each server process
    holds its subscriptions and makes them again once its connection is back (hence the retry
    policy). With "lists" the group memberships lived in Redis and are gone, so a retry would
    only hide the loss: the layer's error closes the sockets instead and the pages reconnect,
    joining their groups again (tests/server/test_redis_restart.py plays through both).
    """
    if not redis_url:
        # Valid for a single process only; set REDIS_URL to run more than one server.
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    if kind not in REDIS_CHANNEL_LAYERS:
        raise ValueError(
            f"REDIS_CHANNEL_LAYER must be one of {', '.join(REDIS_CHANNEL_LAYERS)}, not {kind!r}"
        )
    if kind == "lists":
        config = {"hosts": [redis_url], "capacity": 1500, "expiry": 30, "prefix": prefix}
    else:
        from redis.backoff import ExponentialBackoff

        from kernel.layer_health import WatchedRetry

        # Watched: each failed try is noted, so the send path follows what it sends soon after
        # with spare copies (kernel/layer_health.py says why).
        retry = WatchedRetry(
            ExponentialBackoff(cap=PUBSUB_RECONNECT_MAX_WAIT, base=0.05), PUBSUB_RECONNECT_TRIES
        )
        config = {"hosts": [{"address": redis_url, "retry": retry}], "prefix": prefix}
    return {"default": {"BACKEND": REDIS_CHANNEL_LAYERS[kind], "CONFIG": config}}
