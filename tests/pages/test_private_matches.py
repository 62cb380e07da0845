"""A private (invitation) match: only its secret link seats anyone, and only its players see it.

Match ids are sequential, so a stranger can always guess one; these tests are that stranger.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.models import Match
from games.services import match_create, match_join
from lobby import services
from tests.server.sockets import connect

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


@pytest.fixture
def invitation(alice):
    return services.invitation_create(creator=alice, options=OPTIONS)


def public_active_match(alice, bob) -> Match:
    return match_join(match=match_create(creator=alice, options=OPTIONS), user=bob)


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_stranger_posting_to_join_a_private_match_is_refused_and_not_seated(invitation, mallory):
    match = invitation.match
    response = client_for(mallory).post(f"/matches/{match.pk}/join/")
    assert response.status_code == 403
    assert not match.seats.filter(user=mallory).exists()
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING
    # A visitor who is not logged in fares no better (no login detour that would then seat them).
    assert client_for(None).post(f"/matches/{match.pk}/join/").status_code == 403


@pytest.mark.django_db
def test_the_page_of_a_private_waiting_match_offers_a_stranger_no_seat_and_no_token(
    invitation, mallory
):
    for visitor in (client_for(mallory), client_for(None)):
        response = visitor.get(f"/matches/{invitation.match_id}/")
        page = response.content.decode()
        assert response.status_code == 403
        assert "This match is private" in page
        assert invitation.token not in page
        assert 'id="join-button"' not in page and "/join/" not in page


@pytest.mark.django_db
def test_a_stranger_cannot_watch_a_private_match_over_http(invitation, bob, mallory):
    services.invitation_accept(token=invitation.token, user=bob)
    path = f"/matches/{invitation.match_id}/"
    for visitor in (client_for(mallory), client_for(None)):
        assert visitor.get(path).status_code == 403
        refused = visitor.get(path + "view.json")
        assert (refused.status_code, refused.json()["error"]) == (403, "match_private")
    # The players still see their table and their own view.
    assert client_for(bob).get(path).status_code == 200
    assert client_for(bob).get(path + "view.json").json()["seat"] == 1


@pytest.mark.django_db
def test_the_secret_link_still_seats_the_first_person_to_open_it(invitation, alice, bob, mallory):
    friend = client_for(bob)
    page = friend.get(f"/lobby/invite/{invitation.token}/")
    assert page.status_code == 200 and "alice invites you to play" in page.content.decode()
    response = friend.post(f"/lobby/invite/{invitation.token}/accept/")
    assert response["Location"] == f"/matches/{invitation.match_id}/"
    assert friend.get(response["Location"]).status_code == 200
    match = Match.objects.get(pk=invitation.match_id)
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(number=1).user == bob
    # The used link tells a latecomer the seat is gone, without opening the match to them.
    late = client_for(mallory).get(f"/lobby/invite/{invitation.token}/")
    assert late.status_code == 410 and "This seat has been taken" in late.content.decode()
    assert client_for(alice).get(f"/lobby/invite/{invitation.token}/").status_code == 302


@pytest.mark.django_db(transaction=True)
async def test_a_stranger_cannot_watch_a_private_match_over_the_websocket(invitation, mallory):
    for user in (mallory, None):
        connected, socket = await connect(invitation.match_id, user)
        assert connected
        refused = await socket.receive()
        assert refused["type"] == "error" and refused["code"] == "match_private"
        assert "view" not in refused
        closed = await socket.communicator.receive_output(2)
        assert closed == {"type": "websocket.close", "code": 4403}


@pytest.mark.django_db(transaction=True)
async def test_a_stranger_cannot_sit_in_a_private_matchs_spectator_chat(invitation, mallory):
    connected, socket = await connect(0, mallory, path=f"/ws/matches/{invitation.match_id}/chat/")
    assert (await socket.receive())["code"] == "match_private"
    closed = await socket.communicator.receive_output(2)
    assert closed == {"type": "websocket.close", "code": 4403}


@pytest.mark.django_db(transaction=True)
async def test_a_player_of_a_private_match_still_connects_with_their_seat(invitation, alice):
    connected, socket = await connect(invitation.match_id, alice)
    hello = await socket.receive()
    assert (hello["type"], hello["seat"]) == ("hello", 0)
    await socket.close()


@pytest.mark.django_db(transaction=True)
async def test_a_visitor_who_is_not_logged_in_watches_a_public_match_but_cannot_act(alice, bob):
    match = await sync_to_async(public_active_match)(alice, bob)
    connected, socket = await connect(match.pk, None)
    hello = await socket.receive()
    assert (hello["type"], hello["seat"]) == ("hello", None)
    assert hello["view"]["cards"] is None
    await socket.send({"type": "discard", "cards": ["AS", "2S"], "action_id": "x"})
    refused = await socket.receive_until(lambda frame: frame["type"] == "error")
    assert refused["code"] in {"not_authenticated", "not_seated"}
    await socket.close()


@pytest.mark.django_db
def test_a_visitor_who_is_not_logged_in_fetches_a_public_matchs_spectator_view(alice, bob):
    match = public_active_match(alice, bob)
    body = Client().get(f"/matches/{match.pk}/view.json").json()
    assert body["seat"] is None and body["view"]["cards"] is None
    assert Client().get(f"/matches/{match.pk}/").status_code == 200
