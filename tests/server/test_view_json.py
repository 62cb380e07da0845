"""GET /matches/<id>/view.json: the hello body over HTTP."""

from __future__ import annotations

from django.test import Client


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_player_fetches_their_own_view(match, alice):
    body = client_for(alice).get(f"/matches/{match.pk}/view.json").json()
    assert (body["seat"], body["seq"], body["protocol"]) == (0, match.last_seq, 2)
    assert len(body["view"]["cards"]) == 6
    assert "type" not in body


def test_a_spectator_gets_no_cards(match, carol):
    body = client_for(carol).get(f"/matches/{match.pk}/view.json").json()
    assert body["seat"] is None
    assert body["view"]["cards"] is None


def test_a_visitor_gets_the_spectators_view_and_an_unknown_match_is_not_found(match, alice):
    assert Client().get(f"/matches/{match.pk}/view.json").json()["seat"] is None
    missing = client_for(alice).get("/matches/999999/view.json")
    assert (missing.status_code, missing.json()["error"]) == (404, "match_not_found")
