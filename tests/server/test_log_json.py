"""GET /matches/<id>/log.json: the whole match's log for a reloaded table, redacted per viewer."""

from __future__ import annotations

import pytest

from games.models import MatchEvent
from tests.review.conftest import match_in_play

pytestmark = pytest.mark.django_db


def test_a_player_gets_every_event_of_the_match_with_only_their_own_cards(client, alice, bob):
    match = match_in_play(alice, bob, moves=30)  # into the second hand
    client.force_login(alice)
    body = client.get(f"/matches/{match.pk}/log.json").json()
    frames = body["frames"]
    assert body["seq"] == match.last_seq
    assert [frame["seq"] for frame in frames] == list(range(1, match.last_seq + 1))
    types = [frame["event"]["type"] for frame in frames]
    assert types.count("hand_started") >= 2 and "hand_shown" in types  # earlier hands' shows
    dealt = [f["event"]["data"] for f in frames if f["event"]["type"] == "hand_started"]
    alices = [
        event.private["0"]["cards"]
        for event in MatchEvent.objects.filter(match=match, type="hand_started").order_by("seq")
    ]
    assert [data["cards"] for data in dealt] == alices  # her own cards, nobody else's
    assert not any("private" in frame["event"] for frame in frames)
    discards = [f["event"]["data"] for f in frames if f["event"]["type"] == "discarded"]
    assert all(("cards" in data) == (data["seat"] == 0) for data in discards)


def test_upto_stops_the_log_at_a_hello(client, alice, bob):
    match = match_in_play(alice, bob)
    client.force_login(bob)
    frames = client.get(f"/matches/{match.pk}/log.json?upto=3").json()["frames"]
    assert [frame["seq"] for frame in frames] == [1, 2, 3]
    assert client.get(f"/matches/{match.pk}/log.json?upto=x").status_code == 400


def test_a_private_match_log_is_for_its_players_only(client, alice, bob, mallory):
    match = match_in_play(alice, bob, private=True)
    client.force_login(mallory)
    assert client.get(f"/matches/{match.pk}/log.json").status_code == 403
    assert client.get("/matches/999999/log.json").status_code == 404
