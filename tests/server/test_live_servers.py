"""Real Daphne processes: two servers sharing Redis and one database, and a crash mid-hand.

These start the production ASGI application in separate OS processes (tests/support/servers.py)
and play whole matches over real websockets with scripted players (tests/support/match_client.py).
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from cribbage_site.env import REDIS_CHANNEL_LAYERS
from tests.conftest import live_server_env
from tests.support.match_client import MatchClient, create_matches
from tests.support.servers import DaphneServer
from tests.support.services import require_redis
from tests.support.waiting import until

pytestmark = pytest.mark.slow


def players_for(setup: dict, servers: list[DaphneServer]) -> list[MatchClient]:
    return [
        MatchClient(server.ws_url, setup["match"], setup["sessions"][seat], origin=server.url)
        for seat, server in enumerate(servers)
    ]


def assert_complete_and_agreed(players: list[MatchClient]) -> None:
    """Each player applied every event, gap-free, and both saw the same match end."""
    last = max(player.seq for player in players)
    for player in players:
        assert player.seq == last
        assert sorted(player.received_at) == list(range(min(player.received_at), last + 1))
        assert player.errors == []
        assert player.view["phase"] == "match_over"
    assert players[0].view["winner"] == players[1].view["winner"] is not None
    assert players[0].view["match_scores"] == players[1].view["match_scores"]


async def fresh_view(player: MatchClient) -> dict:
    again = MatchClient(
        player.base_ws_url, player.match_id, player.session_key, origin=player.origin
    )
    await again.connect()
    await again.close()
    return again.view


@pytest.fixture
def server_env(live_database):
    return live_server_env(live_database)


@pytest.fixture
def redis_required() -> str:
    """Skip (fail in CI) before the test's event loop starts: a skip raised inside a running
    coroutine cannot unwind cleanly while the session's Playwright loop shares this thread."""
    return require_redis()


@pytest.mark.redis
@pytest.mark.parametrize("layer_kind", sorted(REDIS_CHANNEL_LAYERS))
async def test_two_servers_sharing_redis_carry_every_event_to_both_players(
    redis_required, server_env, tmp_path, layer_kind
):
    env = {**server_env, "REDIS_CHANNEL_LAYER": layer_kind}
    servers = [DaphneServer(env, log_path=tmp_path / f"daphne-{n}.log") for n in (1, 2)]
    for server in servers:
        await asyncio.to_thread(server.start)
    try:
        (setup,) = create_matches(servers[0].env, 1, prefix=f"two-{uuid.uuid4().hex[:6]}-")
        alice, bob = players_for(setup, servers)  # alice on server 1, bob on server 2
        for player in (alice, bob):
            await player.connect()
        results = await asyncio.gather(
            alice.play_until_over(), bob.play_until_over(), return_exceptions=True
        )
        assert results == [None, None], [bob.frames[-4:], bob.view["to_act"], bob.pending, bob.seq]
        assert_complete_and_agreed([alice, bob])
        assert (await fresh_view(alice)) == alice.view
        assert (await fresh_view(bob)) == bob.view
        for player in (alice, bob):
            await player.close()
    finally:
        for server in servers:
            server.stop()


async def test_a_server_killed_mid_hand_restarts_and_both_players_finish_with_nothing_lost(
    server_env, tmp_path
):
    server = DaphneServer(server_env, log_path=tmp_path / "daphne.log")
    await asyncio.to_thread(server.start)
    try:
        (setup,) = create_matches(server.env, 1, prefix=f"kill-{uuid.uuid4().hex[:6]}-")
        alice, bob = players_for(setup, [server, server])
        for player in (alice, bob):
            await player.connect()
        games = [
            asyncio.create_task(player.play_until_over(reconnect=True, timeout=180))
            for player in (alice, bob)
        ]
        await until(
            lambda: alice.view["phase"] == "play" and len(alice.view["played"]) >= 3,
            timeout=180,
            message="the play under way",
        )
        seq_at_crash = alice.seq
        await asyncio.to_thread(server.kill)
        # The server stays down until both players have seen it go (not for a fixed time).
        await until(lambda: alice.drops and bob.drops, timeout=30, message="both see the crash")
        await asyncio.to_thread(server.start)
        await asyncio.gather(*games)
        assert seq_at_crash < alice.seq
        assert_complete_and_agreed([alice, bob])
        assert (await fresh_view(alice)) == alice.view
        assert (await fresh_view(bob)) == bob.view
        for player in (alice, bob):
            await player.close()
    finally:
        server.stop()


COMPUTER_MATCHES = [
    ("easy", {"match_target": 1}),
    ("medium", {"match_target": 1, "variant": "five", "scoring": "manual", "muggins": True}),
    ("hard", {"match_target": 1, "variant": "five"}),
    ("expert", {"match_target": 1, "variant": "five"}),
]


async def test_a_person_plays_each_level_of_the_computer_through_a_real_server(
    server_env, tmp_path
):
    """One match against each level at once, every event over the websocket, gap-free."""
    server = DaphneServer(server_env, log_path=tmp_path / "daphne.log")
    await asyncio.to_thread(server.start)
    try:
        people = []
        for level, options in COMPUTER_MATCHES:
            (setup,) = create_matches(
                server.env,
                1,
                prefix=f"bot-{level}-{uuid.uuid4().hex[:6]}-",
                options=options,
                bot_level=level,
            )
            people.append(players_for(setup, [server])[0])
        for alice in people:
            await alice.connect()
        await asyncio.gather(*(alice.play_until_over(timeout=150) for alice in people))
        for alice, (level, _) in zip(people, COMPUTER_MATCHES, strict=True):
            hello = alice.frames[0]
            assert [p["bot_level"] for p in hello["players"]] == [None, level]
            # With Muggins the bot may win the game by calling it while alice's next move is
            # on its way (both may act in a window): her moves sent before the match_ended
            # event reaches her are refused as too late, and nothing else may be refused.
            assert {error["code"] for error in alice.errors} <= {"match_over"}
            assert alice.view["phase"] == "match_over"
            assert sorted(alice.received_at) == list(range(min(alice.received_at), alice.seq + 1))
            assert (await fresh_view(alice)) == alice.view
            await alice.close()
    finally:
        server.stop()


async def test_a_server_killed_while_the_bot_pauses_restarts_and_the_bot_plays_on(
    server_env, tmp_path
):
    """The bot's turn is a row in the database, queued with the move before it: the restarted
    server's worker plays it when due, and the reconnected player sees the move."""
    server = DaphneServer(
        {**server_env, "BOT_DELAY_SECONDS": "3"}, log_path=tmp_path / "daphne.log"
    )
    await asyncio.to_thread(server.start)
    try:
        (setup,) = create_matches(
            server.env,
            1,
            prefix=f"restart-{uuid.uuid4().hex[:6]}-",
            options={"match_target": 1, "variant": "five"},
            bot_level="medium",
        )
        alice = players_for(setup, [server])[0]
        await alice.connect()
        game = asyncio.create_task(alice.play_until_over(reconnect=True, timeout=120))
        await until(
            lambda: alice.view["phase"] == "play" and alice.view["to_act"] == [1],
            timeout=120,
            message="the bot's turn in the play",
        )
        seq_at_crash = alice.seq
        await asyncio.to_thread(server.kill)  # the bot is in its pause
        server.env["BOT_DELAY_SECONDS"] = "0"
        await asyncio.to_thread(server.start)
        await game
        assert seq_at_crash < alice.seq
        assert alice.errors == []
        assert alice.view["phase"] == "match_over"
        assert (await fresh_view(alice)) == alice.view
        await alice.close()
    finally:
        server.stop()
