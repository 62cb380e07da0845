"""The lobby's pages and form posts: one-click guests, redirects to the table, CSRF on every form."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Match, Seat
from lobby import services
from lobby.models import Invitation, Seek

pytestmark = pytest.mark.django_db

FORM = {"variant": "six", "scoring": "auto", "match_target": "1"}


def test_play_a_friend_on_the_home_page_is_one_click_for_a_visitor(client):
    home = client.get("/").content.decode()
    assert 'data-testid="play-a-friend"' in home
    response = client.post("/lobby/invitations/")
    invitation = Invitation.objects.get()
    assert response["Location"] == f"/lobby/invite/{invitation.token}/"
    assert invitation.creator.username.startswith("Guest-")
    assert invitation.match.options_dict == {
        "variant": "six",
        "scoring": "auto",
        "muggins": False,
        "match_target": 7,  # the engine's default: a match to seven points
    }


def test_play_a_friend_uses_the_players_saved_defaults(client, alice):
    from accounts.services import preferences_update

    preferences_update(user=alice, default_variant="five", default_match_target=3)
    client.force_login(alice)
    client.post("/lobby/invitations/")
    assert Invitation.objects.get().match.options_dict["variant"] == "five"


def test_the_play_the_computer_button_leads_to_the_computer_page(client):
    home = client.get("/").content.decode()
    assert 'href="/matches/computer/" data-testid="play-the-computer"' in home
    assert "Arrives with the computer opponent" not in home


def test_posting_a_seek_from_the_lobby_form_lists_it(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/seeks/", {**FORM, "variant": "five"})
    assert response["Location"] == "/lobby/"
    seek = Seek.objects.get()
    assert (seek.creator, seek.variant) == (alice, "five")
    page = client.get("/lobby/").content.decode()
    assert f'data-seek-id="{seek.pk}"' in page
    assert f"/lobby/seeks/{seek.pk}/cancel/" in page  # its creator sees Cancel, not Play


def test_an_invalid_seek_form_is_refused_with_its_reason(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/seeks/", {**FORM, "muggins": "on"}, follow=True)
    assert "Muggins needs manual scoring" in response.content.decode()
    assert Seek.objects.count() == 0


def test_accepting_a_seek_from_the_lobby_goes_to_the_match(client, alice, bob, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options={"match_target": 1})
    client.force_login(bob)
    response = client.post(f"/lobby/seeks/{seek.pk}/accept/")
    match = Match.objects.get()
    assert response["Location"] == f"/matches/{match.pk}/"
    assert Seat.objects.get(match=match, number=1).user == bob


def test_a_visitor_pressing_play_on_a_seek_becomes_a_guest_and_plays(alice, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options={"match_target": 1})
    visitor = Client()
    response = visitor.post(f"/lobby/seeks/{seek.pk}/accept/")
    match = Match.objects.get()
    assert response["Location"] == f"/matches/{match.pk}/"
    assert Seat.objects.get(match=match, number=1).user.username.startswith("Guest-")


def test_a_visitor_cannot_cancel_a_seek(alice, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options={"match_target": 1})
    Client().post(f"/lobby/seeks/{seek.pk}/cancel/")
    assert Seek.objects.get().status == "open"
    assert get_user_model().objects.count() == 1  # no guest made just to be refused


@pytest.mark.parametrize(
    "path",
    [
        "/lobby/seeks/",
        "/lobby/seeks/1/accept/",
        "/lobby/seeks/1/cancel/",
        "/lobby/invitations/",
        "/lobby/invite/sometoken/accept/",
        "/lobby/invite/sometoken/cancel/",
    ],
)
def test_every_lobby_form_refuses_a_post_without_a_csrf_token(alice, path):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(path, FORM).status_code == 403
    assert Seek.objects.count() == 0 and Invitation.objects.count() == 0


def test_lobby_posts_on_real_seeks_and_links_refuse_a_missing_csrf_token(
    alice, bob, lobby_presence
):
    """The same check against things that exist, so a 403 can only be the CSRF check."""
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options={"match_target": 1})
    invitation = services.invitation_create(creator=alice, options={"match_target": 1})
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(bob)
    for path in (
        f"/lobby/seeks/{seek.pk}/accept/",
        f"/lobby/invite/{invitation.token}/accept/",
    ):
        refused = strict.post(path)
        assert refused.status_code == 403 and b"CSRF" in refused.content
    owner = Client(enforce_csrf_checks=True)
    owner.force_login(alice)
    for path in (f"/lobby/seeks/{seek.pk}/cancel/", f"/lobby/invite/{invitation.token}/cancel/"):
        assert owner.post(path).status_code == 403
    seek.refresh_from_db()
    invitation.refresh_from_db()
    assert (seek.status, invitation.status) == ("open", "open")
    assert not Seat.objects.filter(user=bob).exists()
    users = get_user_model().objects.count()
    assert Client(enforce_csrf_checks=True).post("/accounts/guest/").status_code == 403
    assert get_user_model().objects.count() == users


def test_the_lobby_page_forms_carry_csrf_tokens(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert page.count("csrfmiddlewaretoken") >= 3  # seek form, chat form, and the row templates


def test_lobby_endpoints_refuse_get(client, alice):
    client.force_login(alice)
    assert client.get("/lobby/seeks/").status_code == 405
    assert client.get("/lobby/invitations/").status_code == 405
