"""Play as guest: one POST, a generated name, and a later sign-up that keeps the same account."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from accounts import services
from accounts.services import AccountError, profile_for
from games.models import Match, Seat
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_play_as_guest_logs_in_a_new_guest_and_goes_on_to_next(client):
    response = client.post("/accounts/guest/", {"next": "/matches/12/"})
    assert response.status_code == 302
    assert response["Location"] == "/matches/12/"
    user = User.objects.get(pk=client.session["_auth_user_id"])
    assert user.username.startswith("Guest-")
    assert profile_for(user).is_guest is True
    assert not user.has_usable_password()


def test_opening_the_guest_page_creates_no_one(client):
    response = client.get("/accounts/guest/?next=/lobby/")
    assert response.status_code == 200
    assert b"Play as guest" in response.content
    assert User.objects.count() == 0


def test_a_next_pointing_at_another_site_is_ignored(client):
    response = client.post("/accounts/guest/", {"next": "https://evil.example/steal"})
    assert response["Location"] == "/"


def test_someone_already_signed_in_stays_themselves(client, alice):
    client.force_login(alice)
    client.post("/accounts/guest/", {"next": "/"})
    assert User.objects.count() == 1
    assert int(client.session["_auth_user_id"]) == alice.pk


def test_each_guest_gets_a_different_name(db):
    names = {services.guest_create().username for _ in range(20)}
    assert len(names) == 20


def test_signing_up_as_a_guest_keeps_the_same_user_row_and_its_matches(client, guest, bob):
    match = Match.objects.create(status=Match.Status.FINISHED, winner_seat=0, variant="six")
    Seat.objects.create(match=match, number=0, user=guest)
    Seat.objects.create(match=match, number=1, user=bob)
    client.force_login(guest)

    response = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "email": "",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/",
        },
    )

    assert response.status_code == 302
    carol = User.objects.get(pk=guest.pk)
    assert carol.username == "carol"
    assert carol.check_password(PASSWORD)
    assert profile_for(carol).is_guest is False
    assert Seat.objects.get(match=match, number=0).user_id == guest.pk
    # Still logged in after the password change (the session hash was updated).
    assert int(client.session["_auth_user_id"]) == guest.pk
    assert client.get("/accounts/players/carol/").status_code == 200


def test_upgrading_to_a_taken_name_is_refused_and_changes_nothing(guest, alice):
    with pytest.raises(AccountError, match="taken"):
        services.guest_upgrade(user=guest, username="ALICE", password=PASSWORD)
    guest.refresh_from_db()
    assert guest.username.startswith("Guest-")
    assert profile_for(guest).is_guest is True
    assert not guest.has_usable_password()


def test_a_member_cannot_be_upgraded_again(alice):
    with pytest.raises(AccountError, match="already"):
        services.guest_upgrade(user=alice, username="alice2", password=PASSWORD)
    assert get_user_model().objects.filter(username="alice2").count() == 0


def test_names_that_look_like_guest_names_are_reserved(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "guest-123abc", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "kept for guests" in response.content.decode()
    assert User.objects.count() == 0


def test_signing_up_creates_a_member_and_logs_them_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dave",
            "email": "dave@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    dave = User.objects.get(username="dave")
    assert profile_for(dave).is_guest is False
    assert int(client.session["_auth_user_id"]) == dave.pk


def test_sign_up_with_mismatched_or_weak_passwords_is_refused(client):
    mismatched = client.post(
        "/accounts/signup/",
        {"username": "erin", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    weak = client.post(
        "/accounts/signup/", {"username": "erin", "password1": "1234", "password2": "1234"}
    )
    assert "The two passwords differ." in mismatched.content.decode()
    assert "too short" in weak.content.decode()
    assert User.objects.count() == 0


def test_a_name_differing_only_in_case_is_taken(client, alice):
    response = client.post(
        "/accounts/signup/", {"username": "Alice", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert "That name is taken." in response.content.decode()
    assert User.objects.count() == 1


def test_purging_removes_only_old_guests_who_never_played(bob):
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    long_ago = timezone.now() - timedelta(days=40)
    idle = services.guest_create()
    played = services.guest_create()
    fresh = services.guest_create()
    User.objects.filter(pk__in=[idle.pk, played.pk]).update(
        date_joined=long_ago, last_login=long_ago
    )
    User.objects.filter(pk=bob.pk).update(date_joined=long_ago, last_login=long_ago)
    match = Match.objects.create(status=Match.Status.FINISHED)
    Seat.objects.create(match=match, number=0, user=played)

    from io import StringIO

    out = StringIO()
    call_command("purge_guests", "--days", "30", stdout=out)

    assert out.getvalue().strip() == "Deleted 1 guest(s)."
    remaining = set(User.objects.values_list("pk", flat=True))
    assert remaining == {played.pk, fresh.pk, bob.pk}


def test_guests_are_rate_limited_per_address_with_a_clear_429(settings):
    from django.test import Client

    settings.GUEST_CREATIONS_PER_ADDRESS = 2
    for _ in range(2):
        assert Client().post("/accounts/guest/", {"next": "/lobby/"}).status_code == 302
    refused = Client().post("/accounts/guest/", {"next": "/lobby/"})
    assert refused.status_code == 429
    assert "Too many guest players" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    # The lobby's one-click buttons make guests too, and share the same allowance.
    lobby = Client().post("/lobby/invitations/")
    assert lobby.status_code == 429 and "Too many guest players" in lobby.content.decode()
    assert User.objects.count() == 2
    # Another address is not held back by this one.
    elsewhere = Client(REMOTE_ADDR="203.0.113.9").post("/accounts/guest/")
    assert elsewhere.status_code == 302 and User.objects.count() == 3
