"""Sealed duplicate rounds (issue 25, item 1): while any table of a duplicate round is in play,
no route shows anyone but a table's own players anything of any table of that round.

The attack: table A finishes first; a player at table B (and anyone else) reads A's review or
export, or watches A, and so knows B's coming hands. Every route is tried by B's player, a
stranger and a visitor, then again once the round's last table has ended.
"""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.models import Match
from lobby.selectors import live_matches
from tests.server.sockets import connect
from tests.tournaments.conftest import match_play, open_tables, tasks_settle, tournament_full

ROUTES = (
    "/matches/{id}/",
    "/matches/{id}/view.json",
    "/matches/{id}/log.json",
    "/matches/{id}/review/",
    "/matches/{id}/review/export.json",
    "/matches/{id}/review/transcript.txt",
)


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def first_table_finished(creator, field):
    """A four-player duplicate Swiss whose table 1 has played to the end; table 2 has not."""
    cup = tournament_full(creator, field(4), kind="swiss", rounds=2, duplicate=True)
    fast, slow = open_tables(cup)
    match_play(fast.match, random.Random(11))
    tasks_settle()
    assert Match.objects.get(pk=fast.match_id).status == Match.Status.FINISHED
    assert Match.objects.get(pk=slow.match_id).status == Match.Status.ACTIVE
    return cup, fast, slow


def test_nothing_of_a_finished_table_reaches_anyone_while_the_round_plays(carol, mallory, field):
    cup, fast, slow = first_table_finished(carol, field)
    slow_player = slow.first.user
    for user in (slow_player, mallory, None):
        client = client_for(user)
        for route in ROUTES:
            response = client.get(route.format(id=fast.match_id))
            assert response.status_code in (403, 404), (route, user)
        replay = client.post(f"/matches/{fast.match_id}/review/play-this-deal/")
        assert replay.status_code in (302, 404)
        assert not Match.objects.filter(deck_source="review.replay").exists()
    sealed = client_for(mallory).get(f"/matches/{fast.match_id}/view.json")
    assert sealed.json()["error"] == "match_sealed"
    page = client_for(None).get(f"/matches/{slow.match_id}/")
    assert page.status_code == 403 and b"This table is sealed" in page.content
    assert {fast.match_id, slow.match_id}.isdisjoint(row["id"] for row in live_matches())
    listing = client_for(mallory).get(f"/tournaments/{cup.pk}/").content.decode()
    assert "sealed" in listing
    assert f"/matches/{fast.match_id}/" not in listing
    # A table's own players still see their own table (its log, with each hand's reveal).
    own = client_for(fast.first.user).get(f"/matches/{fast.match_id}/log.json")
    assert own.status_code == 200
    assert any(f["event"]["type"] == "shuffle_revealed" for f in own.json()["frames"])


def test_every_route_opens_once_the_rounds_last_table_has_ended(carol, mallory, field):
    cup, fast, slow = first_table_finished(carol, field)
    match_play(slow.match, random.Random(12))
    tasks_settle()
    for user in (slow.first.user, mallory, None):
        client = client_for(user)
        for route in ROUTES:
            response = client.get(route.format(id=fast.match_id))
            assert response.status_code == 200, (route, user)
    listing = client_for(mallory).get(f"/tournaments/{cup.pk}/").content.decode()
    assert f"/matches/{fast.match_id}/review/" in listing


def test_a_non_duplicate_tournament_table_stays_open_to_watch(carol, mallory, field):
    cup = tournament_full(carol, field(4), kind="swiss", rounds=2)
    table = open_tables(cup)[0]
    assert client_for(mallory).get(f"/matches/{table.match_id}/view.json").status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_nobody_watches_a_sealed_table_over_the_websocket(carol, mallory, field):
    cup, fast, slow = await sync_to_async(first_table_finished)(carol, field)
    for match_id in (fast.match_id, slow.match_id):
        connected, socket = await connect(match_id, mallory)
        refused = await socket.receive()
        assert refused["type"] == "error" and refused["code"] == "match_sealed"
        assert "view" not in refused
        closed = await socket.communicator.receive_output(2)
        assert closed == {"type": "websocket.close", "code": 4403}
