"""The clock over the match websocket, through the real ASGI application: the hello carries it
and the server's time, each action's frames carry it forward, and an action after the flag
fell is refused once the loss on time reached everyone."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.db import connections

from games import engine, services
from games.engine.options import TimeControl
from games.models import Match
from games.services.recording import load_state
from tests.server.driving import protocol_action
from tests.server.sockets import connect_and_hello

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def close_worker_connections():
    yield
    await database_sync_to_async(connections.close_all)()


@sync_to_async
def timed_match(alice, bob) -> Match:
    match = services.match_create(
        creator=alice, options={"match_target": 1}, clock=TimeControl("realtime", 60, 2)
    )
    return services.match_join(match=match, user=bob)


@sync_to_async
def first_legal(match_id: int, seat: int) -> dict:
    state = load_state(Match.objects.get(pk=match_id))
    return protocol_action(engine.legal_actions(state, seat)[0])


@sync_to_async
def time_passes(match_id: int, seconds: float) -> None:
    since = Match.objects.get(pk=match_id).clock_since
    Match.objects.filter(pk=match_id).update(clock_since=since - timedelta(seconds=seconds))


async def test_the_hello_carries_the_clock_and_the_servers_time(alice, bob):
    match = await timed_match(alice, bob)
    player, hello = await connect_and_hello(match.pk, alice)
    clock = hello["view"]["clock"]
    assert (clock["bank"], clock["increment"], clock["running"]) == (60, 2, [0, 1])
    assert clock["remaining"] == [60000, 60000]
    assert abs(hello["now"] - time.time() * 1000) < 5000
    assert clock["since"] <= hello["now"]
    await player.close()


async def test_an_action_sends_both_players_the_clock_after_it(alice, bob):
    match = await timed_match(alice, bob)
    alice_socket, _ = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    await alice_socket.send({**await first_legal(match.pk, 0), "action_id": "a-1"})
    for socket in (alice_socket, bob_socket):
        changed = await socket.receive_until(
            lambda frame: frame.get("type") == "event" and frame["event"]["type"] == "clock_changed"
        )
        clock = changed["event"]["data"]["clock"]
        assert clock["running"] == [1]
        assert 60000 < clock["remaining"][0] <= 62000  # the increment after her throw
    await alice_socket.close()
    await bob_socket.close()


async def test_an_action_after_the_flag_fell_is_refused_and_both_see_the_loss_on_time(alice, bob):
    match = await timed_match(alice, bob)
    alice_socket, _ = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    await time_passes(match.pk, 61)
    await alice_socket.send({**await first_legal(match.pk, 0), "action_id": "late"})
    refused = await alice_socket.receive_until(lambda frame: frame.get("type") == "error")
    assert (refused["code"], refused["action_id"]) == ("out_of_time", "late")
    ended = await bob_socket.receive_until(
        lambda frame: frame.get("type") == "event" and frame["event"]["type"] == "match_ended"
    )
    assert ended["event"]["data"] == {"winner": 1, "match_scores": [0, 0], "reason": "time"}
    await alice_socket.close()
    await bob_socket.close()
