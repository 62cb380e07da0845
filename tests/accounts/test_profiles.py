"""Profile pages show a player's record by variant and recent matches; preferences are saved."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts import selectors, services
from accounts.services import AccountError, profile_for
from games import player_records
from games.models import Match, Seat

pytestmark = pytest.mark.django_db


def finished_match(winner, loser, variant="six", winner_seat=0):
    match = Match.objects.create(
        status=Match.Status.FINISHED, variant=variant, winner_seat=winner_seat
    )
    Seat.objects.create(match=match, number=winner_seat, user=winner)
    Seat.objects.create(match=match, number=1 - winner_seat, user=loser)
    return match


def test_the_record_counts_played_and_won_per_variant(alice, bob):
    finished_match(alice, bob, "six")
    finished_match(bob, alice, "six", winner_seat=1)
    finished_match(alice, bob, "five", winner_seat=1)
    Match.objects.create(status=Match.Status.ACTIVE)  # not finished: not counted
    record = {row.variant: (row.played, row.won) for row in player_records.match_record(user=alice)}
    assert record == {"six": (2, 1), "five": (1, 1)}


def test_the_profile_page_lists_recent_matches_with_links_and_results(client, alice, bob):
    match = finished_match(alice, bob)
    page = client.get("/accounts/players/bob/").content.decode()
    assert f'href="/matches/{match.pk}/"' in page
    assert "against alice" in page
    assert "lost" in page
    assert "Member since" in page


def test_an_unknown_player_is_a_404(client, db):
    assert client.get("/accounts/players/nobody/").status_code == 404


def test_a_players_name_is_escaped_on_their_page(client, db):
    # The sign-up form refuses markup in names; one made another way (the admin) is still escaped.
    from urllib.parse import quote

    from django.contrib.auth.models import User

    name = "<img src=x onerror=alert(1)>"
    User.objects.create(username=name)
    page = client.get(f"/accounts/players/{quote(name)}/").content.decode()
    assert name not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_preferences_are_saved_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/preferences/",
        {
            "card_order": "descending",
            "sound_on": "",
            "default_variant": "five",
            "default_scoring": "manual",
            "default_muggins": "on",
            "default_match_target": "3",
        },
    )
    assert response.status_code == 302
    profile = profile_for(alice)
    profile.refresh_from_db()
    assert (profile.card_order, profile.sound_on) == ("descending", False)
    assert profile.default_options() == {
        "variant": "five",
        "scoring": "manual",
        "muggins": True,
        "match_target": 3,
    }
    assert selectors.table_preferences(user=alice) == {
        "card_order": "descending",
        "sound_on": False,
    }


def test_muggins_with_automatic_scoring_is_refused_and_nothing_changes(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/preferences/",
        {
            "card_order": "descending",
            "default_variant": "six",
            "default_scoring": "auto",
            "default_muggins": "on",
            "default_match_target": "1",
        },
    )
    assert response.status_code == 200
    assert "Muggins needs manual scoring" in response.content.decode()
    profile = profile_for(alice)
    profile.refresh_from_db()
    assert (profile.card_order, profile.default_muggins) == ("ascending", False)


def test_the_preferences_service_refuses_unknown_names_and_bad_values(alice):
    with pytest.raises(AccountError, match="Unknown preference"):
        services.preferences_update(user=alice, colour="red")
    with pytest.raises(AccountError):
        services.preferences_update(user=alice, default_match_target=0)
    with pytest.raises(AccountError):
        services.preferences_update(user=alice, card_order="random")
    profile = profile_for(alice)
    profile.refresh_from_db()
    assert profile.default_match_target == 7 and profile.card_order == "ascending"


def test_preferences_need_a_login(client, db):
    response = client.get("/accounts/preferences/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_every_page_tells_the_table_the_players_card_order_and_sound(client, alice):
    services.preferences_update(user=alice, card_order="dealt", sound_on=False)
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'data-card-order="dealt" data-sound="off"' in page
    visitor_page = Client().get("/").content.decode()
    assert 'data-card-order="ascending" data-sound="on"' in visitor_page


def test_a_cancelled_invitation_is_neither_won_nor_lost(alice):
    from lobby.services import invitation_cancel, invitation_create

    invitation = invitation_create(creator=alice, options={"match_target": 1})
    invitation_cancel(token=invitation.token, user=alice)
    assert [row.result for row in player_records.recent_matches(user=alice, viewer=alice)] == [
        "cancelled"
    ]
    assert all(row.played == 0 for row in player_records.match_record(user=alice))


def private_match_between(alice, bob):
    match = Match.objects.create(status=Match.Status.ACTIVE, private=True)
    Seat.objects.create(match=match, number=0, user=alice)
    Seat.objects.create(match=match, number=1, user=bob)
    return match


def test_a_private_match_is_not_listed_to_strangers_or_visitors(alice, bob, carol):
    public = finished_match(alice, bob)
    private = private_match_between(alice, bob)
    stranger = Client()
    stranger.force_login(carol)
    for visitor in (Client(), stranger):
        page = visitor.get("/accounts/players/alice/").content.decode()
        assert f'href="/matches/{public.pk}/"' in page
        assert f'href="/matches/{private.pk}/"' not in page
        assert "in play" not in page


def test_a_private_match_is_listed_to_its_own_players(alice, bob):
    private = private_match_between(alice, bob)
    for player, page_of in ((alice, "alice"), (bob, "alice")):
        viewer = Client()
        viewer.force_login(player)
        page = viewer.get(f"/accounts/players/{page_of}/").content.decode()
        assert f'href="/matches/{private.pk}/"' in page
        assert "in play" in page
