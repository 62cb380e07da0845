"""kernel/layer_health.py: the layer's retry policy notes each failed try, which redis-py
otherwise retries away without a word to the caller (the send path's spares depend on it)."""

from __future__ import annotations

import copy

import pytest
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from cribbage_site.env import channel_layers_from
from kernel import layer_health
from kernel.layer_health import WatchedRetry


@pytest.fixture(autouse=True)
def no_failure_seen():
    layer_health.forget_failures()
    yield
    layer_health.forget_failures()


async def test_a_try_that_fails_then_succeeds_is_noted_though_the_caller_sees_only_success():
    tries = []

    async def publish():
        tries.append(1)
        if len(tries) == 1:
            raise RedisConnectionError("Connection closed by server.")
        return 1

    reconnects = []

    async def reconnect(error):
        reconnects.append(error)

    retry = copy.deepcopy(WatchedRetry(NoBackoff(), 3))  # as redis-py copies it per connection
    assert not layer_health.failed_within(10)
    assert await retry.call_with_retry(publish, reconnect) == 1
    assert len(tries) == 2 and len(reconnects) == 1, "redis-py's own handling still runs"
    assert layer_health.failed_within(10)


async def test_a_try_that_succeeds_at_once_notes_nothing_and_a_failure_is_forgotten_in_time():
    async def publish():
        return 1

    async def reconnect(error):
        raise AssertionError("not called")

    assert await WatchedRetry(NoBackoff(), 3).call_with_retry(publish, reconnect) == 1
    assert not layer_health.failed_within(10)
    layer_health.note_failure(now=100.0)
    assert layer_health.failed_within(10, now=109.0)
    assert not layer_health.failed_within(10, now=111.0)


def test_the_pub_sub_layer_is_configured_with_the_watched_policy():
    config = channel_layers_from("redis://127.0.0.1:6379/0", "pubsub")["default"]["CONFIG"]
    retry = config["hosts"][0]["retry"]
    assert isinstance(retry, WatchedRetry) and isinstance(retry, Retry)
