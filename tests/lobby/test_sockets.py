"""The lobby socket and the match chat socket, through the real ASGI application."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from games import services as game_services
from games.models import Match
from games.services.presence import match_seconds_absent
from lobby import services
from lobby.models import ChatMessage, Seek
from lobby.selectors import SEEK_MATCH_UNOPENED_SECONDS
from tests.server.sockets import connect
from tests.support import presence
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db(transaction=True)

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


async def lobby_as(user):
    connected, client = await connect(0, user, path="/ws/lobby/")
    assert connected
    hello = await client.receive()
    assert hello["type"] == "hello"
    return client, hello


async def chat_as(match_id, user):
    connected, client = await connect(0, user, path=f"/ws/matches/{match_id}/chat/")
    assert connected
    hello = await client.receive_until(lambda frame: frame["type"] == "hello")
    return client, hello


def is_type(kind):
    return lambda frame: frame["type"] == kind


@sync_to_async
def active_match(alice, bob):
    match = game_services.match_create(creator=alice, options=OPTIONS)
    return game_services.match_join(match=match, user=bob)


async def test_a_new_seek_reaches_everyone_in_the_lobby_at_once(alice, bob):
    watcher, hello = await lobby_as(bob)
    assert hello["seeks"] == []
    seek = await sync_to_async(services.seek_create)(creator=alice, options=OPTIONS)
    added = await watcher.receive_until(is_type("seek_added"))
    assert added["seek"]["id"] == seek.pk
    assert added["seek"]["creator"] == "alice"
    await watcher.close()


async def test_a_rated_seek_says_casual_to_a_pair_past_its_allowance_hello_and_live(
    alice, bob, carol
):
    from tests.ratings.test_rating_updates import resigned_after_the_first_play

    for seed in range(3):
        await sync_to_async(resigned_after_the_first_play)(alice, bob, seed)
    first = await sync_to_async(services.seek_create)(
        creator=alice, options={"variant": "five"}, rated=True
    )
    bob_socket, bob_hello = await lobby_as(bob)
    carol_socket, carol_hello = await lobby_as(carol)
    assert [seek["casual_for_you"] for seek in bob_hello["seeks"]] == [True]
    assert [seek["casual_for_you"] for seek in carol_hello["seeks"]] == [False]
    await sync_to_async(services.seek_cancel)(seek_id=first.pk, user=alice)
    await sync_to_async(services.seek_create)(creator=alice, options={"variant": "six"}, rated=True)
    added_for_bob = await bob_socket.receive_until(is_type("seek_added"))
    added_for_carol = await carol_socket.receive_until(is_type("seek_added"))
    assert added_for_bob["seek"]["casual_for_you"] is True
    assert added_for_carol["seek"]["casual_for_you"] is False
    await bob_socket.close()
    await carol_socket.close()


async def test_accepting_sends_the_creator_to_the_match_and_removes_the_seek_for_all(
    alice, bob, carol
):
    creator, _ = await lobby_as(alice)
    onlooker, _ = await lobby_as(carol)
    seek = await sync_to_async(services.seek_create)(creator=alice, options=OPTIONS)
    match = await sync_to_async(services.seek_accept)(seek_id=seek.pk, user=bob)

    started = await creator.receive_until(is_type("match_started"))
    assert started["url"] == f"/matches/{match.pk}/"
    removed = await onlooker.receive_until(is_type("seek_removed"))
    assert removed == {"type": "seek_removed", "id": seek.pk, "reason": "accepted"}
    # Only the creator is sent to the match: the onlooker never gets match_started, not even
    # late: a chat line sent after it must reach the onlooker with nothing of the kind first.
    await creator.send({"type": "chat", "text": "thanks for the game"})
    await onlooker.receive_until(is_type("chat"))
    assert all(frame["type"] != "match_started" for frame in onlooker.frames)
    await creator.close()
    await onlooker.close()


async def test_a_creator_whose_lobby_missed_the_acceptance_is_sent_to_the_match_by_the_hello(
    alice, bob
):
    """A lobby page that joins just after its seek was accepted never hears match_started: its
    hello names the match instead, until the creator has opened it (and never to anyone else)."""
    seek = await sync_to_async(services.seek_create)(creator=alice, options=OPTIONS)
    match = await sync_to_async(services.seek_accept)(seek_id=seek.pk, user=bob)
    creator, hello = await lobby_as(alice)
    assert hello["your_match"] == {"match_id": match.pk, "url": f"/matches/{match.pk}/"}
    acceptor, bob_hello = await lobby_as(bob)
    assert bob_hello["your_match"] is None
    visitor, visitor_hello = await lobby_as(None)  # an anonymous visitor: nothing of anyone's
    assert visitor_hello["your_match"] is None
    await visitor.close()
    # The periodic refresh is a hello too: it still names the match while it is unopened.
    await creator.send({"type": "refresh"})
    assert (await creator.receive_until(is_type("hello")))["your_match"]["match_id"] == match.pk
    # Alice opens the match: her lobby stops sending her there.
    connected, table = await connect(match.pk, alice)
    assert connected
    await table.receive_until(is_type("hello"))
    await creator.send({"type": "refresh"})
    assert (await creator.receive_until(is_type("hello")))["your_match"] is None
    for socket in (table, creator, acceptor):
        await socket.close()


async def test_the_hello_names_no_finished_match_nor_one_from_long_ago(alice, bob):
    seek = await sync_to_async(services.seek_create)(creator=alice, options=OPTIONS)
    match = await sync_to_async(services.seek_accept)(seek_id=seek.pk, user=bob)
    old = match.created_at - timedelta(seconds=SEEK_MATCH_UNOPENED_SECONDS + 1)
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(created_at=old)
    creator, hello = await lobby_as(alice)
    assert hello["your_match"] is None
    await creator.close()
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(
        created_at=match.created_at, status=Match.Status.FINISHED
    )
    creator, hello = await lobby_as(alice)
    assert hello["your_match"] is None
    await creator.close()


async def test_the_online_count_follows_people_arriving_and_leaving(alice, bob):
    first, hello = await lobby_as(alice)
    assert hello["online"] == 1
    second, hello = await lobby_as(bob)
    assert hello["online"] == 2
    assert (await first.receive_until(is_type("online")))["count"] >= 1
    await second.close()
    frame = await first.receive_until(lambda f: f["type"] == "online" and f["count"] == 1)
    assert frame["count"] == 1
    await first.close()


async def test_a_visitor_may_watch_the_lobby_but_not_chat(alice):
    visitor, hello = await lobby_as(None)
    assert hello["me"] is None
    await visitor.send({"type": "chat", "text": "hi"})
    error = await visitor.receive_until(is_type("error"))
    assert error["code"] == "not_authenticated"
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await visitor.close()


async def test_lobby_chat_reaches_everyone_and_is_replayed_to_newcomers(alice, bob, carol):
    first, _ = await lobby_as(alice)
    second, _ = await lobby_as(bob)
    await first.send({"type": "chat", "text": "<script>alert(1)</script> anyone?"})
    heard = await second.receive_until(is_type("chat"))
    assert heard["message"]["text"] == "<script>alert(1)</script> anyone?"
    assert heard["message"]["author"] == "alice"
    late, hello = await lobby_as(carol)
    assert [m["text"] for m in hello["chat"]] == ["<script>alert(1)</script> anyone?"]
    for client in (first, second, late):
        await client.close()


async def test_bad_frames_get_a_clear_error_and_change_nothing(alice):
    client, _ = await lobby_as(alice)
    for bad in ["not json", "[1, 2]", '{"no": "type"}', '{"type": "fly"}', "x" * 5000]:
        await client.send(bad)
        error = await client.receive_until(is_type("error"))
        assert error["code"] in {"bad_frame", "unknown_type"}
    await client.send({"type": "ping"})
    assert (await client.receive_until(is_type("pong")))["type"] == "pong"
    await client.close()


NESTED_TOO_DEEP = "[" * 2000 + "]" * 2000


async def test_a_frame_nested_too_deep_for_json_gets_an_error_and_the_lobby_socket_lives(alice):
    client, _ = await lobby_as(alice)
    await client.send(NESTED_TOO_DEEP)
    error = await client.receive_until(is_type("error"))
    assert error["code"] == "bad_frame"
    await client.send({"type": "ping"})
    assert (await client.receive_until(is_type("pong")))["type"] == "pong"
    await client.close()


async def test_a_frame_nested_too_deep_for_json_gets_an_error_and_the_chat_socket_lives(alice, bob):
    match = await active_match(alice, bob)
    client, _ = await chat_as(match.pk, alice)
    await client.send('{"type": ' + NESTED_TOO_DEEP + "}")
    error = await client.receive_until(is_type("error"))
    assert error["code"] == "bad_frame"
    await client.send({"type": "ping"})
    assert (await client.receive_until(is_type("pong")))["type"] == "pong"
    await client.close()


async def test_a_seek_expires_when_its_creator_leaves_the_lobby_for_the_grace(alice, bob, settings):
    settings.SEEK_CREATOR_GRACE_SECONDS = 0
    creator, _ = await lobby_as(alice)
    watcher, _ = await lobby_as(bob)
    seek = await sync_to_async(services.seek_create)(creator=alice, options=OPTIONS)
    await watcher.receive_until(is_type("seek_added"))
    await creator.close()
    # Leaving queued the expiry, half a second on; the worker runs it when due.
    (expiry,) = await sync_to_async(tasks_waiting)("lobby.tasks.seeks_expire")
    assert expiry.args_kwargs["kwargs"] == {"creator_id": alice.pk}
    assert await sync_to_async(tasks_run_due)(now=expiry.run_after) == 1
    removed = await watcher.receive_until(is_type("seek_removed"), timeout=5)
    assert removed == {"type": "seek_removed", "id": seek.pk, "reason": "expired"}
    assert (await sync_to_async(Seek.objects.get)(pk=seek.pk)).status == "expired"
    await watcher.close()


async def test_match_chat_keeps_spectators_out_of_the_players_room(alice, bob, carol):
    match = await active_match(alice, bob)
    player_a, hello_a = await chat_as(match.pk, alice)
    player_b, _ = await chat_as(match.pk, bob)
    spectator, hello_c = await chat_as(match.pk, carol)
    assert (hello_a["room"], hello_a["seat"]) == ("players", 0)
    assert (hello_c["room"], hello_c["seat"]) == ("spectators", None)

    await spectator.send({"type": "chat", "text": "bob, play the five!"})
    assert (await spectator.receive_until(is_type("chat")))["message"][
        "text"
    ] == "bob, play the five!"
    await player_a.send({"type": "chat", "text": "good luck"})
    heard_by_b = await player_b.receive_until(is_type("chat"))
    assert heard_by_b["message"]["text"] == "good luck"
    # A line sent later in each room must arrive, and nothing of the other room before it.
    await player_b.send({"type": "chat", "text": "thanks"})
    await spectator.send({"type": "chat", "text": "go on"})
    await player_b.receive_until(lambda f: f["type"] == "chat" and f["message"]["text"] == "thanks")
    await spectator.receive_until(lambda f: f["type"] == "chat" and f["message"]["text"] == "go on")
    player_texts = [f["message"]["text"] for f in player_b.frames if f["type"] == "chat"]
    spectator_texts = [f["message"]["text"] for f in spectator.frames if f["type"] == "chat"]
    assert player_texts == ["good luck", "thanks"]
    assert spectator_texts == ["bob, play the five!", "go on"]

    # Someone arriving later is replayed only their own room.
    late_player, hello = await chat_as(match.pk, bob)
    assert [m["text"] for m in hello["messages"]] == ["good luck", "thanks"]
    for client in (player_a, player_b, spectator, late_player):
        await client.close()


async def test_match_chat_needs_a_login_and_a_real_match(alice):
    connected, anonymous = await connect(0, None, path="/ws/matches/1/chat/")
    assert (await anonymous.receive())["code"] == "not_authenticated"
    connected, lost = await connect(0, alice, path="/ws/matches/999999/chat/")
    assert (await lost.receive())["code"] == "match_not_found"
    await anonymous.close()
    await lost.close()


async def test_a_players_chat_socket_marks_them_present_and_absent(alice, bob):
    match = await active_match(alice, bob)
    player_a, _ = await chat_as(match.pk, alice)
    player_b, _ = await chat_as(match.pk, bob)
    absent = sync_to_async(match_seconds_absent)
    assert await absent(match=match, user_id=bob.pk) is None
    await player_b.close()
    left = await player_a.receive_until(lambda f: f["type"] == "presence" and not f["connected"])
    assert left["seat"] == 1
    assert await absent(match=match, user_id=bob.pk) is not None
    await player_a.close()


async def frames_between_two_pings(client) -> list[dict]:
    """What a ping brings besides its pong (read up to the next ping's pong)."""
    await client.send({"type": "ping"})
    await client.send({"type": "ping"})
    await client.receive_until(is_type("pong"))
    return await client.frames_before(is_type("pong"))


async def test_a_player_whose_server_died_is_told_gone_at_the_next_ping(alice, bob):
    match = await active_match(alice, bob)
    player_a, hello = await chat_as(match.pk, alice)
    player_b, _ = await chat_as(match.pk, bob)
    await player_a.receive_until(lambda f: f["type"] == "presence" and f["seat"] == 1)
    assert await frames_between_two_pings(player_a) == []
    # Bob's server is killed: no close, no presence frame; only his lease lapses.
    await sync_to_async(presence.lapses)(bob, match=match, seconds_ago=30)
    (told,) = await frames_between_two_pings(player_a)
    assert (told["type"], told["seat"], told["connected"]) == ("presence", 1, False)
    assert 29 < told["absent_seconds"] < 40
    assert await frames_between_two_pings(player_a) == []  # told once, not at every ping
    await player_a.close()
    await player_b.close()


async def test_a_player_at_the_table_alone_is_present_and_leaving_starts_the_clock(alice, bob):
    match = await active_match(alice, bob)
    connected, table = await connect(0, bob, path=f"/ws/matches/{match.pk}/")
    assert connected
    await table.receive_until(is_type("hello"))
    seconds_absent = sync_to_async(match_seconds_absent)
    assert await seconds_absent(match=match, user_id=bob.pk) is None
    checks_before = len(await sync_to_async(tasks_waiting)("games.tasks.abandonment_check"))
    await table.close()
    assert await seconds_absent(match=match, user_id=bob.pk) >= 0
    checks = await sync_to_async(tasks_waiting)("games.tasks.abandonment_check")
    assert len(checks) == checks_before + 1
    assert checks[-1].args_kwargs["kwargs"]["user_id"] == bob.pk


async def test_a_cross_site_page_cannot_open_the_lobby_socket(alice):
    connected, _ = await connect(0, alice, path="/ws/lobby/", origin=b"http://evil.example")
    assert not connected
    assert await sync_to_async(Match.objects.count)() == 0


async def test_the_players_chat_socket_hears_when_the_match_ends(alice, bob):
    match = await active_match(alice, bob)
    player_a, _ = await chat_as(match.pk, alice)
    await sync_to_async(game_services.match_resign)(match_id=match.pk, user=bob)
    assert (await player_a.receive_until(is_type("match_ended")))["type"] == "match_ended"
    await player_a.close()


async def test_a_rematch_offer_and_its_acceptance_reach_both_players(alice, bob):
    match = await active_match(alice, bob)
    await sync_to_async(game_services.match_resign)(match_id=match.pk, user=bob)
    player_a, _ = await chat_as(match.pk, alice)
    player_b, _ = await chat_as(match.pk, bob)
    await sync_to_async(services.rematch_offer)(match_id=match.pk, user=bob)
    offered = await player_a.receive_until(is_type("rematch_offered"))
    assert (offered["by"], offered["by_seat"]) == ("bob", 1)
    new_match = await sync_to_async(services.rematch_offer)(match_id=match.pk, user=alice)
    for player in (player_a, player_b):
        started = await player.receive_until(is_type("rematch_started"))
        assert started["url"] == f"/matches/{new_match.pk}/"
        await player.close()


async def test_the_offerers_own_page_learns_the_offer_was_theirs(alice, bob):
    match = await active_match(alice, bob)
    await sync_to_async(game_services.match_resign)(match_id=match.pk, user=bob)
    await sync_to_async(services.rematch_offer)(match_id=match.pk, user=bob)
    player_b, hello = await chat_as(match.pk, bob)
    assert hello["seat"] == 1
    assert hello["rematch"] == {"by": "bob", "by_seat": 1, "url": None}
    await player_b.close()
