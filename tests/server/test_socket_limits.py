"""Limits on the work a socket may ask for: counted when frames arrive, shared by an address's
anonymous sockets, and a full sync answered with a snapshot instead of a replay."""

from __future__ import annotations

import time

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from games import selectors
from kernel.socket_limits import anonymous_sockets
from kernel.websocket import CLOSE_TOO_MANY_SOCKETS, MAX_WAITING_FRAMES
from tests.server.sockets import connect, connect_and_hello

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def close_worker_connections():
    yield
    await database_sync_to_async(connections.close_all)()


async def answers(player, count: int) -> list[dict]:
    return [await player.receive() for _ in range(count)]


async def test_frames_are_counted_when_they_arrive_not_when_a_slow_query_lets_them_through(
    match, alice, monkeypatch
):
    player, hello = await connect_and_hello(match.pk, alice)
    real_sync = selectors.match_sync

    def slow_sync(**kwargs):
        time.sleep(0.05)  # a database starved by someone else
        return real_sync(**kwargs)

    monkeypatch.setattr(selectors, "match_sync", slow_sync)
    frames = 25
    for _ in range(frames):
        await player.send({"type": "sync", "seq": hello["seq"]})
    received = await answers(player, frames)
    refused = [frame for frame in received if frame.get("code") == "rate_limited"]
    served = [frame for frame in received if frame["type"] == "synced"]
    # Handled one by one at 20 a second, every frame would find a token; counted on arrival,
    # no more than the waiting room's worth are let in behind the slow one.
    assert len(served) <= MAX_WAITING_FRAMES + 1
    assert len(refused) == frames - len(served)
    await player.close()


async def test_a_sync_from_zero_gets_a_snapshot_not_a_replay(match, carol):
    player, hello = await connect_and_hello(match.pk, carol)
    assert hello["seq"] > 0
    await player.send({"type": "sync", "seq": 0})
    answer = await player.receive()
    assert answer["type"] == "hello"
    assert answer["seq"] == hello["seq"]
    await player.close()


async def test_a_sync_from_further_back_than_the_replay_limit_gets_a_snapshot(
    match, carol, monkeypatch
):
    monkeypatch.setattr(selectors, "MAX_REPLAY_EVENTS", 1)
    player, hello = await connect_and_hello(match.pk, carol)
    await player.send({"type": "sync", "seq": hello["seq"] - 2})
    assert (await player.receive())["type"] == "hello"
    await player.send({"type": "sync", "seq": hello["seq"] - 1})
    assert (await player.receive())["type"] == "synced"
    await player.close()


async def test_replaying_syncs_are_limited_but_keep_alives_are_not(match, carol):
    player, hello = await connect_and_hello(match.pk, carol)
    for _ in range(6):
        await player.send({"type": "sync", "seq": 1})
    replies = await answers(player, 6)
    assert [frame["type"] for frame in replies[:4]] == ["synced"] * 4
    assert all(frame.get("code") == "rate_limited" for frame in replies[4:])
    await player.send({"type": "sync", "seq": hello["seq"]})
    assert (await player.receive())["type"] == "synced"
    await player.close()


async def test_one_address_may_open_only_so_many_anonymous_sockets(match, settings):
    settings.ANONYMOUS_SOCKETS_PER_ADDRESS = 2
    open_ones = [(await connect_and_hello(match.pk, None))[0] for _ in range(2)]
    connected, refused = await connect(match.pk, None)
    assert connected  # accepted only to be told why, then closed
    error = await refused.receive()
    assert error["code"] == "rate_limited"
    closed = await refused.communicator.receive_output(5)
    assert closed == {"type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS}
    await open_ones[0].close()
    again, _ = await connect_and_hello(match.pk, None)  # a closed one frees its place
    for player in (open_ones[1], again):
        await player.close()
    assert anonymous_sockets.open_sockets("") == 0


async def test_an_addresss_anonymous_sockets_share_one_allowance_of_frames(match, bob, settings):
    settings.ANONYMOUS_SOCKET_FRAMES_BURST = 8
    settings.ANONYMOUS_SOCKET_FRAMES_PER_SECOND = 0.01
    first, _ = await connect_and_hello(match.pk, None)
    second, _ = await connect_and_hello(match.pk, None)  # the two connects took two
    for player in (first, second):
        for _ in range(5):
            await player.send({"type": "ping"})
    replies = await answers(first, 5) + await answers(second, 5)
    assert sum(frame["type"] == "pong" for frame in replies) == 6
    signed_in, _ = await connect_and_hello(match.pk, bob)  # people signed in are not counted
    await signed_in.send({"type": "ping"})
    assert await signed_in.receive() == {"type": "pong"}
    for player in (first, second, signed_in):
        await player.close()


async def test_the_lobby_refresh_is_limited(alice):
    connected, lobby = await connect(0, alice, path="/ws/lobby/")
    assert connected
    await lobby.receive_until(lambda frame: frame["type"] == "hello")
    for _ in range(5):
        await lobby.send({"type": "refresh"})
    replies = [
        await lobby.receive_until(lambda frame: frame["type"] in {"hello", "error"})
        for _ in range(5)
    ]
    assert [frame["type"] for frame in replies] == ["hello"] * 3 + ["error"] * 2
    assert replies[-1]["code"] == "rate_limited"
    await lobby.close()


async def test_a_socket_without_a_session_is_anonymous_without_asking_the_database(monkeypatch):
    import channels.auth
    from channels.auth import UserLazyObject
    from django.contrib.sessions.backends.db import SessionStore

    from kernel.socket_auth import SessionAuthMiddleware

    async def no_lookup(scope):
        raise AssertionError("looked the user up in the database thread")

    monkeypatch.setattr(channels.auth, "get_user", no_lookup)
    scope = {"session": SessionStore(None), "user": UserLazyObject()}
    await SessionAuthMiddleware(None).resolve_scope(scope)
    assert scope["user"].is_authenticated is False
