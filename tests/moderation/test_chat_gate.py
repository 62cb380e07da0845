"""Over the real sockets: a muted player's line is refused to them with the reason, and reaches
nobody else, in the lobby and in a match's chat."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games import services as game_services
from lobby.models import ChatMessage
from moderation import services
from tests.server.sockets import connect

pytestmark = pytest.mark.django_db(transaction=True)


def is_type(kind):
    return lambda frame: frame["type"] == kind


async def opened(user, path):
    connected, client = await connect(0, user, path=path)
    assert connected
    await client.receive_until(is_type("hello"))
    return client


async def test_a_muted_player_is_told_and_the_lobby_never_hears_them(alice, mallory, stella):
    await sync_to_async(services.player_mute)(
        staff=stella, user=mallory, minutes=60, reason="insults"
    )
    listener = await opened(alice, "/ws/lobby/")
    muted = await opened(mallory, "/ws/lobby/")

    await muted.send({"type": "chat", "text": "you cannot stop me", "action_id": "m1"})
    refusal = await muted.receive_until(is_type("error"))
    assert refusal["code"] == "chat_refused" and refusal["action_id"] == "m1"
    assert "muted you in chat" in refusal["message"] and "insults" in refusal["message"]

    # Alice's own later line arrives; the muted line never came before it.
    await listener.send({"type": "chat", "text": "quiet now"})
    await listener.receive_until(
        lambda f: f["type"] == "chat" and f["message"]["text"] == "quiet now"
    )
    heard = [f["message"]["text"] for f in listener.frames if f["type"] == "chat"]
    assert heard == ["quiet now"]
    assert not await sync_to_async(ChatMessage.objects.filter(author=mallory).exists)()
    await muted.close()
    await listener.close()


async def test_a_chat_banned_player_is_silent_in_the_match_chat_too(alice, mallory, stella):
    @sync_to_async
    def setup():
        match = game_services.match_create(creator=alice, options={"match_target": 1})
        game_services.match_join(match=match, user=mallory)
        services.player_chat_ban(staff=stella, user=mallory, reason="slurs")
        return match

    match = await setup()
    listener = await opened(alice, f"/ws/matches/{match.pk}/chat/")
    banned = await opened(mallory, f"/ws/matches/{match.pk}/chat/")
    await banned.send({"type": "chat", "text": "gg ez"})
    refusal = await banned.receive_until(is_type("error"))
    assert "banned you from chat" in refusal["message"]
    await listener.send({"type": "chat", "text": "good game"})
    await listener.receive_until(
        lambda f: f["type"] == "chat" and f["message"]["text"] == "good game"
    )
    assert [f["message"]["text"] for f in listener.frames if f["type"] == "chat"] == ["good game"]
    await banned.close()
    await listener.close()


async def test_disabling_an_account_closes_its_open_sockets(mallory, stella):
    from django.db import connections

    from tests.site.test_session_sockets import (
        closed_with_session_ended,
        open_socket,
        signed_in_browser,
    )

    browser = await sync_to_async(signed_in_browser)(mallory)
    socket = await open_socket(browser, "/ws/lobby/")
    await sync_to_async(services.account_disable)(staff=stella, user=mallory, reason="spam bot")
    assert await closed_with_session_ended(socket)
    await socket.disconnect()
    # The page's reconnect is a visitor's now (the session is gone): visitors cannot chat
    # (tests/lobby/test_sockets.py); the admin's test proves the session no longer signs in.
    await sync_to_async(connections.close_all)()
