"""/ws/challenges/<id>/: the challenge's two people see its answer the moment it is given;
anyone else is refused."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from social.services import challenges
from tests.server.sockets import connect

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def made(alice, bob):
    return challenges.challenge_create(
        challenger=alice, challenged=bob, options={"match_target": 1}
    )


async def test_the_challenger_sees_the_acceptance_with_the_match_address_at_once(alice, bob):
    challenge = await made(alice, bob)
    connected, socket = await connect(0, alice, path=f"/ws/challenges/{challenge.pk}/")
    assert connected
    first = await socket.receive()
    assert (first["type"], first["status"]) == ("challenge", "open")
    match = await sync_to_async(challenges.challenge_accept)(user=bob, challenge_id=challenge.pk)
    answered = await socket.receive()
    assert answered["status"] == "accepted"
    assert answered["match_url"] == f"/matches/{match.pk}/"
    await socket.close()


async def test_a_decline_arrives_with_its_reason(alice, bob):
    challenge = await made(alice, bob)
    connected, socket = await connect(0, alice, path=f"/ws/challenges/{challenge.pk}/")
    await socket.receive()
    await sync_to_async(challenges.challenge_decline)(
        user=bob, challenge_id=challenge.pk, reason="casual", text="no rating today"
    )
    answered = await socket.receive()
    assert (answered["status"], answered["reason"], answered["text"]) == (
        "declined",
        "I would rather play casual",
        "no rating today",
    )
    await socket.close()


@pytest.mark.parametrize("who", ["mallory", None])
async def test_strangers_and_visitors_are_refused(alice, bob, mallory, who):
    challenge = await made(alice, bob)
    user = mallory if who else None
    connected, socket = await connect(0, user, path=f"/ws/challenges/{challenge.pk}/")
    frame = await socket.receive()
    assert frame["type"] == "error"
    assert frame["code"] in ("challenge_not_found", "not_authenticated")
    closed = await socket.communicator.receive_output()
    assert closed["type"] == "websocket.close"
    assert closed["code"] in (4401, 4403)


async def test_malformed_frames_get_an_error_and_ping_a_pong(alice, bob):
    challenge = await made(alice, bob)
    connected, socket = await connect(0, bob, path=f"/ws/challenges/{challenge.pk}/")
    await socket.receive()
    await socket.send("{not json")
    assert (await socket.receive())["type"] == "error"
    await socket.send({"type": "accept"})
    assert (await socket.receive())["code"] == "unknown_type"
    await socket.send({"type": "ping"})
    assert (await socket.receive())["type"] == "pong"
    await socket.close()
