"""Redis restarts under a live match: both channel layer kinds carry the match on afterwards.

Two Daphne processes share a private Redis (tests/support/servers.py RedisServer), one player
on each, so every event crosses Redis. Redis is killed mid-hand, losing everything it held, and
started again on the same port. With "pubsub" the servers make their subscriptions again; with
"lists" the layer's error closes the sockets and the players reconnect and sync, as the page
does. Either way the match must finish with every event seen once, in order.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from cribbage_site.env import REDIS_CHANNEL_LAYERS
from tests.conftest import live_server_env
from tests.server.test_live_servers import assert_complete_and_agreed, players_for
from tests.support.match_client import MatchClient, create_matches
from tests.support.servers import DaphneServer, RedisServer
from tests.support.services import require_redis_server
from tests.support.waiting import until

pytestmark = [pytest.mark.slow, pytest.mark.restarts_services]


def sent(*players: MatchClient) -> int:
    """Every message the players have sent so far (actions, syncs, keep-alives)."""
    return sum(sum(player.sent_types.values()) for player in players)


@pytest.fixture
def private_redis(tmp_path):
    require_redis_server()
    redis = RedisServer(tmp_path).start()
    yield redis
    redis.kill()


@pytest.mark.parametrize("layer_kind", sorted(REDIS_CHANNEL_LAYERS))
async def test_a_match_plays_on_after_redis_restarts_mid_hand(
    live_database, private_redis, tmp_path, layer_kind
):
    env = {
        **live_server_env(live_database),
        "REDIS_URL": private_redis.url,
        "REDIS_CHANNEL_LAYER": layer_kind,
    }
    servers = [DaphneServer(env, log_path=tmp_path / f"daphne-{n}.log") for n in (1, 2)]
    for server in servers:
        await asyncio.to_thread(server.start)
    try:
        (setup,) = create_matches(servers[0].env, 1, prefix=f"redis-{uuid.uuid4().hex[:6]}-")
        alice, bob = players_for(setup, servers)
        for player in (alice, bob):
            player.think = 0.02
            # The page's keep-alive sync (20 s) catches a broadcast published while Redis was
            # away; a shorter one keeps the test short.
            player.keepalive = 2.0
            await player.connect()
        games = [
            asyncio.create_task(player.play_until_over(reconnect=True, timeout=90))
            for player in (alice, bob)
        ]
        await until(
            lambda: alice.view["phase"] == "play" and len(alice.view["played"]) >= 2,
            timeout=90,
            message="the play under way",
        )
        seq_at_restart = alice.seq
        sent_before = sent(alice, bob)
        await asyncio.to_thread(private_redis.kill)
        # Redis stays away until the players have moved without it (not for a fixed time).
        await until(
            lambda: sent(alice, bob) > sent_before or alice.drops or bob.drops,
            timeout=30,
            message="a player acting or dropped while Redis is away",
        )
        await asyncio.to_thread(private_redis.start)
        await asyncio.gather(*games)
        assert alice.seq > seq_at_restart
        assert_complete_and_agreed([alice, bob])
        for player in (alice, bob):
            await player.close()
    finally:
        for server in servers:
            server.stop()
