"""Blocks and mutes in chat: the lobby's and a match's chat ask kernel.chat_gates per listener,
for the lines relayed live and for the history a page gets on arrival."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games import services as game_services
from kernel import chat_gates
from lobby import selectors as lobby_selectors
from lobby import services as lobby_services
from social.services import safety
from tests.server.sockets import connect

pytestmark = pytest.mark.django_db(transaction=True)


def is_chat_by(name):
    return lambda frame: frame["type"] == "chat" and frame["message"]["author"] == name


async def lobby_as(user):
    connected, client = await connect(0, user, path="/ws/lobby/")
    assert connected
    hello = await client.receive_until(lambda frame: frame["type"] == "hello")
    return client, hello


say = sync_to_async(lobby_services.chat_post)


async def test_a_muted_player_is_not_heard_live_by_the_muter_but_by_everyone_else(
    alice, bob, carol
):
    await sync_to_async(safety.mute_add)(user=bob, other=alice)
    bob_socket, _ = await lobby_as(bob)
    carol_socket, _ = await lobby_as(carol)
    await say(user=alice, room="lobby", text="can anyone hear me")
    await say(user=carol, room="lobby", text="I can")
    before = await bob_socket.frames_before(is_chat_by("carol"))
    assert not any(frame["type"] == "chat" for frame in before)
    heard = await carol_socket.receive_until(is_chat_by("alice"))
    assert heard["message"]["text"] == "can anyone hear me"
    await bob_socket.close()
    await carol_socket.close()


async def test_a_block_silences_both_ways_live(alice, bob, carol):
    await sync_to_async(safety.block_add)(user=alice, other=bob)
    alice_socket, _ = await lobby_as(alice)
    bob_socket, _ = await lobby_as(bob)
    await say(user=bob, room="lobby", text="from bob")
    await say(user=alice, room="lobby", text="from alice")
    await say(user=carol, room="lobby", text="from carol")
    alice_before = await alice_socket.frames_before(is_chat_by("carol"))
    bob_before = await bob_socket.frames_before(is_chat_by("carol"))
    assert [f["message"]["author"] for f in alice_before if f["type"] == "chat"] == ["alice"]
    assert [f["message"]["author"] for f in bob_before if f["type"] == "chat"] == ["bob"]
    await alice_socket.close()
    await bob_socket.close()


async def test_the_history_on_arrival_is_filtered_the_same_way(alice, bob, carol):
    await say(user=alice, room="lobby", text="alice earlier")
    await say(user=carol, room="lobby", text="carol earlier")
    await sync_to_async(safety.mute_add)(user=bob, other=alice)
    bob_socket, hello = await lobby_as(bob)
    assert [line["author"] for line in hello["chat"]] == ["carol"]
    assert hello["chat_muted"] is False
    visitor, hello = await lobby_as(None)
    assert [line["author"] for line in hello["chat"]] == ["alice", "carol"]
    await bob_socket.close()
    await visitor.close()


async def test_muting_all_chat_leaves_only_your_own_lines_and_a_note(alice, bob):
    await say(user=alice, room="lobby", text="alice speaks")
    await sync_to_async(safety.social_settings_update)(user=bob, mute_all_chat=True)
    await say(user=bob, room="lobby", text="bob speaks")
    bob_socket, hello = await lobby_as(bob)
    assert hello["chat_muted"] is True
    assert [line["author"] for line in hello["chat"]] == ["bob"]
    await say(user=alice, room="lobby", text="again")
    await say(user=bob, room="lobby", text="mine")
    before = await bob_socket.frames_before(is_chat_by("bob"))
    assert not any(frame["type"] == "chat" for frame in before)
    await bob_socket.close()


async def test_a_block_silences_the_match_chat_too(alice, bob):
    @sync_to_async
    def active_match():
        match = game_services.match_create(creator=alice, options={"match_target": 1})
        return game_services.match_join(match=match, user=bob)

    match = await active_match()
    await say(user=bob, room=f"match-{match.pk}-players", text="before the block")
    await sync_to_async(safety.block_add)(user=alice, other=bob)
    connected, alice_chat = await connect(0, alice, path=f"/ws/matches/{match.pk}/chat/")
    assert connected
    hello = await alice_chat.receive_until(lambda frame: frame["type"] == "hello")
    assert hello["messages"] == []
    await say(user=bob, room=f"match-{match.pk}-players", text="after the block")
    await say(user=alice, room=f"match-{match.pk}-players", text="alice")
    before = await alice_chat.frames_before(is_chat_by("alice"))
    assert not any(frame["type"] == "chat" for frame in before)
    await alice_chat.close()


def test_the_gate_is_registered_and_anonymous_listeners_hear_all(alice, bob):
    safety.mute_add(user=alice, other=bob)
    assert chat_gates.hears(alice.pk, bob.pk) is False
    assert chat_gates.hears(bob.pk, alice.pk) is True
    assert chat_gates.hears(None, bob.pk) is True
    safety.mute_remove(user=alice, other=bob)
    assert chat_gates.hears(alice.pk, bob.pk) is True
    assert lobby_selectors.chat_recent(room="lobby", listener_id=alice.pk) == []


def test_speakers_heard_asks_every_kind_of_rule(monkeypatch):
    """The kernel's registries alone, with made-up rules: a pairwise check, a silence finder
    and a deaf check each hide what they say, and a listener always hears themself."""
    monkeypatch.setattr(chat_gates, "_hear_checks", [lambda listener, speaker: speaker != 3])
    monkeypatch.setattr(chat_gates, "_silence_finders", [lambda listener, speakers: speakers & {4}])
    monkeypatch.setattr(chat_gates, "_deaf_checks", [lambda listener: listener == 9])
    assert chat_gates.speakers_heard(1, {1, 2, 3, 4}) == {1, 2}
    assert [chat_gates.hears(1, speaker) for speaker in (1, 2, 3, 4)] == [True, True, False, False]
    assert chat_gates.speakers_heard(9, {9, 2}) == {9}
    assert chat_gates.hears_nobody(9) and not chat_gates.hears_nobody(None)
    assert chat_gates.speakers_heard(None, {3, 4}) == {3, 4}
