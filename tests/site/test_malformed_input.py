"""Fuzz every JSON endpoint and every socket with malformed input: each answers a clear error in
the site's one shape (kernel/error_renderings.py), the socket stays open, and nothing in
the database changes.

The corpus holds what once broke something (``'[' * 100000`` and ``'{"a":' * 5000`` answered
500 on the solitaire endpoint, through a ``RecursionError``; one nested frame left the tournament
socket a zombie) and the usual suspects: not JSON, not an object, too long, too deep, wrong
types for every field the sockets read.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from accounts.models import Profile
from accounts.services import profile_for
from games import services as game_services
from games.models import Match, MatchAction, MatchEvent, Seat
from kernel.socket_limits import TokenBucket
from lobby.models import ChatMessage, Seek
from solitaire import services as solitaire_services
from solitaire.models import SolitaireGame
from tests.server.sockets import connect
from tournaments.models import Entry, Tournament
from tournaments.services.lifecycle import tournament_create

pytestmark = pytest.mark.django_db(transaction=True)

MALFORMED = [
    "",
    "not json",
    "{",
    '{"type": "ping"',
    "null",
    "1",
    '"ping"',
    "true",
    "[]",
    '["ping"]',
    "[" * 100000,
    '{"a":' * 5000,
    "[" * 2000 + "]" * 2000,
    '{"a":' * 600 + "1" + "}" * 600,
    '{"type": ' + "[" * 20 + "]" * 20 + "}",
    "x" * 5000,
    '{"type": "' + "\u00e9" * 3000 + '"}',  # under 4096 characters, over 4096 bytes
    '{"type": NaN}',
    '{"type": null}',
    '{"type": 7}',
    '{"type": ["ping"]}',
    '{"type": {"type": "ping"}}',
    '{"type": 1e999}',
    '{"type": "dance"}',
    '{"type": "chat", "text": {"a": [1]}}',
    '{"type": "chat", "text": ["hello"]}',
    '{"type": "play", "card": ["5H"]}',
    '{"type": "play", "card": "ZZ"}',
    '{"type": "discard", "cards": "5H5S"}',
    '{"type": "discard", "cards": [["5H"]]}',
    '{"type": "claim", "points": 1e400}',
    '{"type": "claim", "points": true}',
    '{"type": "claim", "points": "12"}',
    '{"type": "throw", "cards": [["5H"], {"a": 1}]}',
    '{"type": "sync", "seq": -1}',
    '{"type": "sync", "seq": "0"}',
    '{"type": "dance", "action_id": "' + "x" * 100 + '"}',
    '{"type": "dance", "action_id": ["a"]}',
]
MODELS = (Match, Seat, MatchEvent, MatchAction, ChatMessage, Seek, SolitaireGame, Entry, Profile)


def database_contents() -> list[list[dict]]:
    """Every row a malformed message could have touched (presence, which a socket's own
    connection renews, and sessions aside)."""
    return [list(model.objects.order_by("pk").values()) for model in MODELS]


def assert_error_shape(body: dict) -> None:
    assert isinstance(body["error"], str) and body["error"]
    assert isinstance(body["message"], str) and body["message"]


@pytest.fixture
def many_frames_allowed(monkeypatch):
    """The frame rate limit is tested elsewhere; here every frame must be read."""
    monkeypatch.setattr(
        "kernel.websocket.TokenBucket", lambda: TokenBucket(capacity=10_000, rate=10_000)
    )


@pytest.fixture
def scene(alice, bob):
    match = game_services.match_create(
        creator=alice, options={"variant": "six", "scoring": "manual", "match_target": 1}
    )
    match = game_services.match_join(match=match, user=bob)
    game = solitaire_services.solitaire_game_start(player=alice, mode="count")
    cup = tournament_create(
        creator=alice, name="Fuzz cup", kind="knockout", variant="five", capacity=2
    )
    return {"match": match, "game": game, "cup": cup}


def test_the_solitaire_endpoint_refuses_every_malformed_body_with_400_and_changes_nothing(
    scene, alice
):
    client = Client()
    client.force_login(alice)
    url = f"/solitaire/games/{scene['game'].pk}/act/"
    before = database_contents()
    bodies: list[str | bytes] = [*MALFORMED, b"\xff\xfe{}", b'{"type": "\xe9"}']
    for body in bodies:
        response = client.post(url, data=body, content_type="application/json")
        assert response.status_code == 400, (body[:40], response.content[:200])
        assert_error_shape(response.json())
    assert database_contents() == before


def test_the_match_json_endpoints_refuse_bad_queries_and_unknown_matches_in_one_shape(scene, alice):
    client = Client()
    client.force_login(alice)
    match = scene["match"]
    card_order = profile_for(alice).card_order  # made on first use: before the snapshot
    before = database_contents()
    for upto in ("abc", "", "1.5", "9" * 5000, "[" * 1000):
        response = client.get(f"/matches/{match.pk}/log.json", {"upto": upto})
        assert response.status_code == 400
        assert response.json()["error"] == "bad_field"
    for path in ("view.json", "log.json", "hint.json"):
        response = client.get(f"/matches/{match.pk + 1000}/{path}")
        assert response.status_code == 404
        assert response.json()["error"] == "match_not_found"
    for order in ("[" * 100000, "", "by colour", '{"a":' * 5000):
        response = client.post("/accounts/preferences/card-order/", {"card_order": order})
        assert response.status_code == 400
        assert_error_shape(response.json())
    assert profile_for(alice).card_order == card_order
    assert database_contents() == before


async def fuzz_socket(client) -> None:
    """Send every malformed frame; each gets an ``error`` frame, and the socket still answers."""
    for text in MALFORMED:
        await client.communicator.send_input({"type": "websocket.receive", "text": text})
        answer = await client.receive_until(lambda frame: frame["type"] == "error")
        assert set(answer) == {"type", "code", "message", "action_id"}, answer
        assert isinstance(answer["code"], str) and isinstance(answer["message"], str)
        assert answer["code"] != "rate_limited"
        assert answer["action_id"] is None or len(answer["action_id"]) <= 64
    await client.communicator.send_to(text_data=json.dumps({"type": "ping"}))
    assert await client.receive_until(lambda frame: frame["type"] == "pong")


async def test_every_socket_answers_every_malformed_frame_and_nothing_changes(
    scene, alice, many_frames_allowed
):
    match, cup = scene["match"], scene["cup"]
    before = await sync_to_async(database_contents)()
    for path in (
        f"/ws/matches/{match.pk}/",
        f"/ws/matches/{match.pk}/chat/",
        "/ws/lobby/",
        f"/ws/tournaments/{cup.pk}/",
    ):
        connected, client = await connect(match.pk, alice, path=path)
        assert connected, path
        await fuzz_socket(client)
        await client.close()
    assert await sync_to_async(database_contents)() == before
    assert await sync_to_async(Tournament.objects.filter(pk=cup.pk).count)() == 1


async def test_an_error_answers_the_action_id_of_the_frame_it_refuses(scene, alice):
    match = scene["match"]
    for path in (f"/ws/matches/{match.pk}/", "/ws/lobby/", f"/ws/tournaments/{match.pk}/"):
        connected, client = await connect(match.pk, alice, path=path)
        assert connected
        await client.send({"type": "dance", "action_id": "a-17"})
        answer = await client.receive_until(lambda frame: frame["type"] == "error")
        assert answer["action_id"] == "a-17", path
        await client.close()
