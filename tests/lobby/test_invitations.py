"""Invitation links: a private match, the first to open the link takes the seat, the creator may cancel."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Match, Seat
from lobby import selectors, services
from lobby.models import Invitation
from lobby.services import LobbyError

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


@pytest.fixture
def invitation(alice):
    return services.invitation_create(creator=alice, options=OPTIONS)


def seated(match) -> dict:
    return dict(Seat.objects.filter(match=match).values_list("number", "user__username"))


def test_creating_an_invitation_makes_a_waiting_private_match(invitation):
    match = invitation.match
    assert match.status == Match.Status.WAITING
    assert seated(match) == {0: "alice", 1: None}
    assert len(invitation.token) >= 32
    assert selectors.match_is_private(match_id=match.pk)


def test_a_visitor_opening_the_link_joins_as_a_guest_in_one_click(invitation):
    visitor = Client()
    page = visitor.get(f"/lobby/invite/{invitation.token}/")
    assert page.status_code == 200
    assert "alice invites you to play" in page.content.decode()
    assert get_user_model().objects.count() == 1  # opening the link creates nobody

    response = visitor.post(f"/lobby/invite/{invitation.token}/accept/")

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{invitation.match_id}/"
    guest_name = seated(invitation.match)[1]
    assert guest_name.startswith("Guest-")
    invitation.refresh_from_db()
    assert invitation.status == "accepted"
    assert Match.objects.get(pk=invitation.match_id).status == Match.Status.ACTIVE


def test_a_signed_in_player_takes_the_seat_as_themselves(client, invitation, bob):
    client.force_login(bob)
    client.post(f"/lobby/invite/{invitation.token}/accept/")
    assert seated(invitation.match) == {0: "alice", 1: "bob"}


def test_a_full_match_cannot_be_joined_through_its_link(invitation, bob, carol):
    services.invitation_accept(token=invitation.token, user=bob)
    with pytest.raises(LobbyError) as refused:
        services.invitation_accept(token=invitation.token, user=carol)
    assert refused.value.code == "match_full"
    assert seated(invitation.match) == {0: "alice", 1: "bob"}


def test_after_the_seat_is_taken_the_link_leads_the_players_to_the_table(client, invitation, bob):
    services.invitation_accept(token=invitation.token, user=bob)
    assert client.get(f"/lobby/invite/{invitation.token}/").status_code == 410
    client.force_login(bob)
    response = client.get(f"/lobby/invite/{invitation.token}/")
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{invitation.match_id}/"


def test_the_creator_cannot_take_their_own_empty_seat(invitation, alice):
    with pytest.raises(LobbyError, match="your own invitation"):
        services.invitation_accept(token=invitation.token, user=alice)
    assert seated(invitation.match)[1] is None


def test_the_creator_sees_the_link_to_share_and_can_cancel(client, invitation, alice, bob):
    client.force_login(alice)
    page = client.get(f"/lobby/invite/{invitation.token}/").content.decode()
    assert f"/lobby/invite/{invitation.token}/" in page
    assert "Cancel the invitation" in page

    client.post(f"/lobby/invite/{invitation.token}/cancel/")

    invitation.refresh_from_db()
    assert invitation.status == "cancelled"
    match = Match.objects.get(pk=invitation.match_id)
    assert (match.status, match.finish_reason) == ("finished", "cancelled")
    assert Client().get(f"/lobby/invite/{invitation.token}/").status_code == 410
    with pytest.raises(LobbyError) as refused:
        services.invitation_accept(token=invitation.token, user=bob)
    assert refused.value.code == "invitation_cancelled"


def test_a_stranger_cannot_cancel_someone_elses_invitation(client, invitation, bob):
    client.force_login(bob)
    client.post(f"/lobby/invite/{invitation.token}/cancel/")
    invitation.refresh_from_db()
    assert invitation.status == "open"


def test_a_wrong_token_is_a_404_and_changes_nothing(client, invitation):
    assert client.get("/lobby/invite/not-a-real-token/").status_code == 404
    assert client.post("/lobby/invite/not-a-real-token/accept/").status_code == 404
    assert get_user_model().objects.count() == 1


def test_a_strangers_private_invitation_is_not_listed_anywhere(client, invitation, bob):
    client.force_login(bob)
    lobby = client.get("/lobby/").content.decode()
    live = client.get("/lobby/live/").content.decode()
    assert invitation.token not in lobby and invitation.token not in live
    assert selectors.open_seeks() == []
    assert selectors.invitations_open_for(user=bob) == []
    services.invitation_accept(token=invitation.token, user=bob)
    assert selectors.live_matches() == []  # in play, but private


def test_the_creator_sees_their_own_open_links_in_the_lobby(client, invitation, alice):
    client.force_login(alice)
    assert f"/lobby/invite/{invitation.token}/" in client.get("/lobby/").content.decode()


def test_bad_options_make_no_match(alice):
    with pytest.raises(LobbyError):
        services.invitation_create(creator=alice, options={"variant": "nine"})
    assert Match.objects.count() == 0 and Invitation.objects.count() == 0
