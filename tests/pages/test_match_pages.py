"""The new-match form (an invitation link), the match page and taking a public match's seat."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from games.services import match_create
from lobby.models import Invitation

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


def create(client, user, **options):
    client.force_login(user)
    data = {"variant": "five", "scoring": "auto", "match_target": "1", **options}
    return client.post("/matches/new/", data)


def test_the_new_match_page_asks_a_visitor_to_log_in_first(client):
    response = client.get("/matches/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/matches/new/")


def public_match(creator):
    """A public match waiting for a second player (as the lobby's seeks and rematches make)."""
    return match_create(creator=creator, options=OPTIONS)


def test_it_makes_an_invitation_link_with_the_chosen_options_and_the_creator_in_seat_0(
    client, alice
):
    response = create(
        client, alice, variant="five", scoring="manual", muggins="on", match_target="3"
    )
    invitation = Invitation.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/lobby/invite/{invitation.token}/"
    match = invitation.match
    assert match.options_dict == {
        "variant": "five",
        "scoring": "manual",
        "muggins": True,
        "match_target": 3,
    }
    assert match.seats.get(number=0).user == alice
    assert match.status == Match.Status.WAITING


def test_it_refuses_muggins_without_manual_scoring_and_creates_nothing(client, alice):
    response = create(client, alice, scoring="auto", muggins="on")
    assert response.status_code == 200
    assert "Muggins needs manual scoring" in response.content.decode()
    assert Match.objects.count() == 0


@pytest.mark.parametrize(
    "field, value",
    [
        ("variant", "seven"),
        ("scoring", "guess"),
        ("match_target", "100"),
        ("match_target", "0"),
        ("match_target", "two"),
    ],
)
def test_it_refuses_options_that_are_not_offered_and_creates_nothing(client, alice, field, value):
    response = create(client, alice, **{field: value})
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert Match.objects.count() == 0


def test_the_creator_of_a_private_match_sees_its_secret_link_not_the_match_number(client, alice):
    create(client, alice)
    invitation = Invitation.objects.get()
    match = invitation.match
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'value="http://testserver/lobby/invite/{invitation.token}/"' in page
    assert f'value="http://testserver/matches/{match.pk}/"' not in page
    assert 'id="invite-link"' in page and 'id="join-button"' not in page
    assert f'data-ws-path="/ws/matches/{match.pk}/"' in page


def test_someone_opening_a_public_waiting_match_is_offered_the_empty_seat_and_takes_it(
    client, alice, bob
):
    match = public_match(alice)
    client.force_login(bob)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="join-button"' in page and "alice invites you to play" in page
    response = client.post(f"/matches/{match.pk}/join/")
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(number=1).user == bob


def test_a_visitor_is_offered_to_log_in_or_play_as_a_guest(client, alice):
    match = public_match(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Play as guest" in page and 'id="join-button"' not in page
    response = client.post(f"/matches/{match.pk}/join/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING


def test_a_third_person_cannot_join_a_full_match_and_is_told_why(client, alice, bob, carol):
    match = public_match(alice)
    client.force_login(bob)
    client.post(f"/matches/{match.pk}/join/")
    client.force_login(carol)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="join-button"' not in page
    response = client.post(f"/matches/{match.pk}/join/", follow=True)
    assert "every seat of this match is taken" in response.content.decode()
    assert not match.seats.filter(user=carol).exists()


def test_joining_is_a_post_only_and_an_unknown_match_is_not_found(client, alice):
    match = public_match(alice)
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/join/").status_code == 405
    assert client.get("/matches/99999/").status_code == 404
    assert client.post("/matches/99999/join/").status_code == 404


def test_the_form_starts_from_the_players_default_options(client, alice):
    from accounts.services import preferences_update

    preferences_update(
        user=alice,
        default_variant="five",
        default_scoring="manual",
        default_muggins=True,
        default_match_target=3,
    )
    client.force_login(alice)
    form = client.get("/matches/new/").context["form"]
    assert {
        name: form[name].value() for name in ("variant", "scoring", "muggins", "match_target")
    } == {
        "variant": "five",
        "scoring": "manual",
        "muggins": True,
        "match_target": 3,
    }


def test_creating_and_joining_refuse_a_post_without_a_csrf_token(alice, bob):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    refused = strict.post("/matches/new/", {"variant": "six", "scoring": "auto", "match_target": 1})
    assert refused.status_code == 403 and b"CSRF" in refused.content
    assert Match.objects.count() == 0 and Invitation.objects.count() == 0

    match = public_match(alice)
    strict.force_login(bob)
    refused = strict.post(f"/matches/{match.pk}/join/")
    assert refused.status_code == 403 and b"CSRF" in refused.content
    assert not match.seats.filter(user=bob).exists()
