"""When the channel layer's Redis connections last failed, for the send path's spare copies.

The pub/sub layer's connections retry their own reconnection (cribbage_site/env.py), so a
publish made while Redis is down raises nothing: it waits, then goes through the moment Redis
is back, usually before the servers' receiving connections have subscribed again (they look
again about a second after a failure), and Redis hands a message with no subscriber to nobody.
kernel/sending.py therefore sends spare copies of whatever it sends soon after a failure of the
layer; this module is how it knows of failures that were retried away inside redis-py.

The layer's retry policy is a :class:`WatchedRetry`, which notes the time of every failed try
(a publish, a receive, a reconnection) before redis-py backs off. Loop lag and a busy machine
note nothing, so spares never multiply a merely slow server's broadcasts.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from redis.asyncio.retry import Retry

T = TypeVar("T")

_last_failure: float | None = None


def note_failure(now: float | None = None) -> None:
    """Record that a try of the layer failed now (monotonic time)."""
    global _last_failure
    _last_failure = time.monotonic() if now is None else now


def failed_within(seconds: float, now: float | None = None) -> bool:
    """Whether a try of the layer failed in the last ``seconds``."""
    if _last_failure is None:
        return False
    return (time.monotonic() if now is None else now) - _last_failure <= seconds


def forget_failures() -> None:
    """Back to no failure seen (tests)."""
    global _last_failure
    _last_failure = None


class WatchedRetry(Retry):
    """redis-py's retry policy, noting each failed try (see the module's docstring).

    redis-py copies the policy into each connection (``copy.deepcopy``); the copies keep this
    class and share the module's record.
    """

    async def call_with_retry(
        self, do: Callable[[], Awaitable[T]], fail: Callable[[Any], Any]
    ) -> T:
        async def failed(error: Any) -> Any:
            note_failure()
            return await fail(error)

        return await super().call_with_retry(do, failed)
