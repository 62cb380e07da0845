"""The match websocket through the real ASGI application: hello, actions, errors, sync, limits."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connections

from games import engine, services
from games.broadcast import group_name
from games.models import Match
from games.services.recording import load_state
from kernel.frames import MAX_FRAME_BYTES
from tests.server.driving import protocol_action
from tests.server.sockets import connect, connect_and_hello

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def close_worker_connections():
    """Close the database connection the consumers' worker thread opened, so the test
    database can be dropped at the end of the run."""
    yield
    await database_sync_to_async(connections.close_all)()


@sync_to_async
def stored(match_id: int) -> tuple:
    match = Match.objects.get(pk=match_id)
    return match.state, match.last_seq, match.action_count


@sync_to_async
def legal_for(match_id: int, seat: int) -> list[dict]:
    state = load_state(Match.objects.get(pk=match_id))
    return [protocol_action(action) for action in engine.legal_actions(state, seat)]


async def test_a_player_gets_hello_with_their_seat_their_cards_and_the_last_seq(match, alice):
    player, hello = await connect_and_hello(match.pk, alice)
    assert hello["protocol"] == 2
    assert hello["seat"] == 0
    assert hello["status"] == "active"
    assert hello["seq"] == match.last_seq
    assert [p["name"] for p in hello["players"]] == ["alice", "bob"]
    assert hello["fairness"]["purpose"] == "deal"
    assert len(hello["view"]["cards"]) == 6
    await player.close()


async def test_a_spectator_gets_hello_without_a_seat_or_any_hand(match, carol):
    player, hello = await connect_and_hello(match.pk, carol)
    assert hello["seat"] is None
    assert "cards" not in hello["view"] or not hello["view"]["cards"]
    await player.close()


async def test_nobody_can_connect_as_someone_elses_seat(match, carol):
    connected, player = await connect(match.pk, carol, path=f"/ws/matches/{match.pk}/?seat=0")
    assert connected
    hello = await player.receive()
    assert hello["seat"] is None
    await player.close()


async def test_an_anonymous_visitor_watches_a_public_match_as_a_spectator(match):
    connected, player = await connect(match.pk, None)
    assert connected
    hello = await player.receive()
    assert (hello["type"], hello["seat"]) == ("hello", None)
    assert not hello["view"]["cards"]
    await player.send({"type": "resign", "action_id": "r"})
    assert (await player.receive())["code"] == "not_authenticated"
    await player.close()


async def test_an_unknown_match_is_refused(alice):
    connected, player = await connect(999999, alice)
    error = await player.receive()
    assert error["code"] == "match_not_found"
    closed = await player.communicator.receive_output(2)
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_a_cross_origin_connection_is_refused(match, alice):
    connected, _ = await connect(match.pk, alice, origin=b"https://evil.example")
    assert not connected


BAD_FRAMES = [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('{"type": "shout"}', "unknown_type"),
    ('{"cards": ["5H", "5S"]}', "unknown_type"),
    ('{"type": "discard"}', "missing_field"),
    ('{"type": "discard", "cards": "5H 5S"}', "bad_field"),
    ('{"type": "discard", "cards": ["5H", "XX"]}', "bad_card"),
    ('{"type": "play"}', "missing_field"),
    ('{"type": "claim", "points": "four"}', "bad_field"),
    ('{"type": "sync"}', "missing_field"),
    ('{"type": "resign", "action_id": 7}', "bad_field"),
    (json.dumps({"type": "play", "card": "5H", "pad": "x" * MAX_FRAME_BYTES}), "frame_too_large"),
]


async def test_bad_input_gets_an_error_code_changes_nothing_and_keeps_the_connection(
    match, alice, roomy_frame_limit
):
    player, _ = await connect_and_hello(match.pk, alice)
    before = await stored(match.pk)
    for frame, code in BAD_FRAMES:
        await player.send(frame)
        error = await player.receive()
        assert (error["type"], error["code"]) == ("error", code), frame
        assert error["message"]
        await player.send({"type": "ping"})
        assert await player.receive() == {"type": "pong"}
    assert await stored(match.pk) == before
    await player.close()


async def test_a_binary_frame_is_refused(match, alice):
    player, _ = await connect_and_hello(match.pk, alice)
    await player.communicator.send_to(bytes_data=b"\x00\x01")
    assert (await player.receive())["code"] == "bad_json"
    await player.close()


async def test_a_card_not_in_hand_and_a_move_in_the_wrong_phase_are_engine_errors(match, alice):
    player, hello = await connect_and_hello(match.pk, alice)
    before = await stored(match.pk)
    mine = set(hello["view"]["cards"])
    other = next(str(card) for card in engine.full_deck() if str(card) not in mine)
    await player.send(
        {"type": "discard", "cards": [other, hello["view"]["cards"][0]], "action_id": "d1"}
    )
    error = await player.receive()
    assert (error["code"], error["action_id"]) == ("card_not_in_hand", "d1")
    await player.send({"type": "play", "card": hello["view"]["cards"][0], "action_id": "p1"})
    error = await player.receive()
    assert (error["code"], error["action_id"]) == ("wrong_phase", "p1")
    assert await stored(match.pk) == before
    await player.close()


async def test_a_move_out_of_turn_is_refused(match, alice, bob):
    players = {
        0: await connect_and_hello(match.pk, alice),
        1: await connect_and_hello(match.pk, bob),
    }
    for seat in (0, 1):
        action = (await legal_for(match.pk, seat))[0]
        await players[seat][0].send(action)
        await players[seat][0].receive_until(lambda f: f["type"] == "ack")
    state, _, _ = await stored(match.pk)
    waiting = 1 - state["turn"]
    before = await stored(match.pk)
    card = await sync_to_async(
        lambda: str(load_state(Match.objects.get(pk=match.pk)).held[waiting][0])
    )()
    player = players[waiting][0]
    await player.send({"type": "play", "card": card})
    error = await player.receive_until(lambda f: f["type"] == "error")
    assert error["code"] == "not_your_turn"
    assert await stored(match.pk) == before
    for seat in (0, 1):
        await players[seat][0].close()


async def test_a_spectator_cannot_act(match, carol):
    player, _ = await connect_and_hello(match.pk, carol)
    before = await stored(match.pk)
    await player.send({"type": "resign", "action_id": "r"})
    error = await player.receive()
    assert (error["code"], error["action_id"]) == ("not_seated", "r")
    assert await stored(match.pk) == before
    await player.close()


async def test_an_action_is_acked_and_its_event_reaches_everyone_with_private_parts_kept(
    match, alice, bob, carol
):
    alice_socket, hello = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    carol_socket, _ = await connect_and_hello(match.pk, carol)
    cards = hello["view"]["cards"][:2]
    await alice_socket.send({"type": "discard", "cards": cards, "action_id": "a-1"})
    ack = await alice_socket.receive_until(lambda f: f["type"] == "ack")
    assert ack == {"type": "ack", "action_id": "a-1", "seq": hello["seq"] + 1, "duplicate": False}
    expected_seq = hello["seq"] + 1
    mine = await alice_socket.receive_until(lambda f: f["type"] == "event")
    theirs = await bob_socket.receive()
    watched = await carol_socket.receive()
    assert mine == {
        "type": "event",
        "seq": expected_seq,
        "event": {"type": "discarded", "data": {"seat": 0, "cards": cards}},
    }
    assert theirs == {
        "type": "event",
        "seq": expected_seq,
        "event": {"type": "discarded", "data": {"seat": 0}},
    }
    assert watched == theirs
    for socket in (alice_socket, bob_socket, carol_socket):
        await socket.close()


async def test_an_action_sent_twice_with_one_action_id_applies_once(match, alice, bob):
    alice_socket, hello = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    discard = {"type": "discard", "cards": hello["view"]["cards"][:2], "action_id": "once"}
    await alice_socket.send(discard)
    first = await alice_socket.receive_until(lambda f: f["type"] == "ack")
    after_first = await stored(match.pk)
    await alice_socket.send(discard)
    second = await alice_socket.receive_until(lambda f: f["type"] == "ack")
    assert second == {**first, "duplicate": True}
    assert await stored(match.pk) == after_first
    assert (await bob_socket.receive())["seq"] == first["seq"]
    # The answer to a sync comes after anything the duplicate could have broadcast.
    await bob_socket.send({"type": "sync", "seq": first["seq"]})
    assert await bob_socket.frames_before(lambda f: f["type"] == "synced") == []
    assert bob_socket.frames[-1]["events"] == []
    for socket in (alice_socket, bob_socket):
        await socket.close()


async def test_sync_replays_what_a_client_missed_or_sends_a_fresh_hello(match, alice, bob):
    alice_socket, hello = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    await bob_socket.send((await legal_for(match.pk, 1))[0])
    await bob_socket.receive_until(lambda f: f["type"] == "ack")
    live = await alice_socket.receive()
    await alice_socket.send({"type": "sync", "seq": hello["seq"]})
    synced = await alice_socket.receive()
    assert synced == {"type": "synced", "seq": live["seq"], "events": [live]}
    await alice_socket.send({"type": "sync", "seq": live["seq"]})
    assert await alice_socket.receive() == {"type": "synced", "seq": live["seq"], "events": []}
    await alice_socket.send({"type": "sync", "seq": live["seq"] + 50})
    fresh = await alice_socket.receive()
    assert fresh["type"] == "hello"
    assert fresh["seq"] == live["seq"]
    for socket in (alice_socket, bob_socket):
        await socket.close()


async def test_a_flood_of_messages_is_throttled_and_the_connection_survives(match, alice):
    player, _ = await connect_and_hello(match.pk, alice)
    for _ in range(60):
        await player.send({"type": "ping"})
    answers = [await player.receive() for _ in range(60)]
    limited = [a for a in answers if a.get("code") == "rate_limited"]
    assert len(limited) >= 30
    assert sum(1 for a in answers if a == {"type": "pong"}) <= 30
    await player.close()


async def test_broadcasts_that_overtake_each_other_still_arrive_in_order_without_gaps_or_repeats(
    match, alice, bob, monkeypatch
):
    alice_socket, hello = await connect_and_hello(match.pk, alice)
    held: list[dict] = []
    monkeypatch.setattr(
        "kernel.sending.group_send_reliably", lambda group, message: held.append(message)
    )
    for seat, user in ((0, alice), (1, bob)):
        action = (await legal_for(match.pk, seat))[0]
        await sync_to_async(services.action_apply)(match_id=match.pk, user=user, action=action)
    assert len(held) == 2
    for message in reversed(held):  # the later commit's broadcast arrives first
        await get_channel_layer().group_send(group_name(match.pk), message)
    last_seq = (await stored(match.pk))[1]
    frames = [await alice_socket.receive() for _ in range(last_seq - hello["seq"])]
    assert [frame["seq"] for frame in frames] == list(range(hello["seq"] + 1, last_seq + 1))
    await alice_socket.send({"type": "sync", "seq": last_seq})
    assert await alice_socket.frames_before(lambda f: f["type"] == "synced") == []
    # The early broadcast went out with the events it was missing, in one frame; the late one
    # added nothing.
    assert [frame["type"] for frame in alice_socket.wire_frames] == ["hello", "events", "synced"]
    await alice_socket.close()


async def test_the_events_of_one_action_arrive_in_one_frame_and_a_lone_event_alone(
    match, alice, bob
):
    sockets = {
        seat: await connect_and_hello(match.pk, user) for seat, user in ((0, alice), (1, bob))
    }
    for seat in (0, 1):  # each discard is one event; the second also cuts the starter
        player, hello = sockets[seat]
        await player.send(
            {"type": "discard", "cards": hello["view"]["cards"][:2], "action_id": "d"}
        )
        await player.receive_until(lambda frame: frame["type"] == "ack")
    last_seq = (await stored(match.pk))[1]
    for player, _ in sockets.values():
        while not any(f["type"] == "event" and f["seq"] == last_seq for f in player.frames):
            await player.receive()
        events = [frame for frame in player.wire_frames if frame["type"] in ("event", "events")]
        assert [frame["type"] for frame in events] == ["event", "events"]
        batch = [inner["seq"] for inner in events[1]["events"]]
        assert batch == list(range(events[0]["seq"] + 1, last_seq + 1)) and len(batch) > 1
        assert events[1]["events"][0]["event"]["type"] == "discarded"
        await player.close()


async def test_the_creator_waiting_on_the_socket_sees_the_opponent_arrive_and_gets_their_cards(
    waiting_match, alice, bob
):
    alice_socket, hello = await connect_and_hello(waiting_match.pk, alice)
    assert (hello["status"], hello["seq"], hello["players"][1]["name"]) == ("waiting", 0, None)
    await sync_to_async(services.match_join)(match=waiting_match, user=bob)
    frames = []
    while not frames or frames[-1]["event"]["type"] != "hand_started":
        frames.append(await alice_socket.receive())
    types = [frame["event"]["type"] for frame in frames]
    assert types[:3] == ["player_joined", "match_started", "shuffle_committed"]
    assert frames[0]["event"]["data"]["name"] == "bob"
    assert [frame["seq"] for frame in frames] == list(range(1, len(frames) + 1))
    assert len(frames[-1]["event"]["data"]["cards"]) == 6
    await alice_socket.close()


async def test_the_benchmark_echo_route_does_not_exist_unless_enabled(alice):
    with pytest.raises(ValueError, match="No route found"):
        await connect(0, alice, path="/ws/echo/1/")
