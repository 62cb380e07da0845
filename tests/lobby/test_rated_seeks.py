"""Rated and casual seeks and invitations, the creator's rating on a seek, and rating ranges."""

from __future__ import annotations

import re

import pytest

from accounts.services import guest_create
from games.models import Match
from lobby import selectors, services
from lobby.models import Invitation, Seek
from lobby.services import LobbyError
from ratings.models import PlayerRating

pytestmark = pytest.mark.django_db

FIVE = {"variant": "five", "scoring": "auto", "muggins": False, "match_target": 1}
FORM = {"variant": "five", "scoring": "auto", "match_target": "1"}


def rated_box(page: str) -> str:
    """The rated checkbox's tag on a page."""
    (tag,) = re.findall(r'<input[^>]*name="rated"[^>]*>', page)
    return tag


def rate(user, rating: float, deviation: float = 60.0) -> None:
    PlayerRating.objects.create(user=user, kind="five-2p", rating=rating, deviation=deviation)


def test_a_rated_seek_makes_a_rated_match_and_shows_the_creators_rating(alice, bob, lobby_presence):
    lobby_presence(alice)
    rate(alice, 1712.4)
    seek = services.seek_create(creator=alice, options=FIVE, rated=True)
    [listed] = selectors.open_seeks()
    assert (listed["rating"], listed["rated"]) == ("1712", True)
    assert "rated" in listed["label"]
    match = services.seek_accept(seek_id=seek.pk, user=bob)
    assert Match.objects.get(pk=match.pk).rated is True


def test_a_new_players_seek_shows_a_provisional_rating_and_casual(alice, lobby_presence):
    lobby_presence(alice)
    services.seek_create(creator=alice, options=FIVE)
    [listed] = selectors.open_seeks()
    assert (listed["rating"], listed["rated"]) == ("1500?", False)
    assert listed["label"].endswith("casual")


def test_a_seek_with_a_rating_range_refuses_players_outside_it(alice, bob, carol, lobby_presence):
    lobby_presence(alice)
    rate(bob, 1350)
    rate(carol, 1650)
    seek = services.seek_create(creator=alice, options=FIVE, rated=True, rating_range=(1400, 1700))
    assert "for 1400–1700" in selectors.seek_dict(seek)["label"]
    with pytest.raises(LobbyError) as refused:
        services.seek_accept(seek_id=seek.pk, user=bob)
    assert refused.value.code == "rating_out_of_range"
    assert Seek.objects.get(pk=seek.pk).status == Seek.Status.OPEN
    match = services.seek_accept(seek_id=seek.pk, user=carol)
    assert match.status == Match.Status.ACTIVE


def test_a_bad_range_and_a_guests_rated_seek_are_refused(alice):
    with pytest.raises(LobbyError) as refused:
        services.seek_create(creator=alice, options=FIVE, rating_range=(1700, 1400))
    assert refused.value.code == "bad_rating_range"
    with pytest.raises(LobbyError) as refused:
        services.seek_create(creator=guest_create(), options=FIVE, rated=True)
    assert refused.value.code == "rated_needs_account"
    assert not Seek.objects.exists()


def test_the_lobby_form_posts_a_rated_seek_with_its_range(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert "checked" in rated_box(page)
    client.post("/lobby/seeks/", {**FORM, "rated": "on", "rating_min": "1200"})
    seek = Seek.objects.get()
    assert (seek.rated, seek.rating_min, seek.rating_max) == (True, 1200, None)


def test_invitations_are_casual_unless_asked(client, alice):
    client.force_login(alice)
    page = client.get("/matches/new/").content.decode()
    assert "checked" not in rated_box(page)
    client.post("/matches/new/", FORM)
    client.post("/matches/new/", {**FORM, "rated": "on"})
    assert [i.match.rated for i in Invitation.objects.order_by("pk")] == [False, True]


def test_a_rematch_of_a_rated_match_is_rated(alice, bob):
    from games import services as games_services

    match = games_services.match_create(creator=alice, options=FIVE, rated=True)
    games_services.match_join(match=match, user=bob)
    games_services.match_resign(match_id=match.pk, user=bob)
    services.rematch_offer(match_id=match.pk, user=alice)
    rematch = services.rematch_offer(match_id=match.pk, user=bob)
    assert Match.objects.get(pk=rematch.pk).rated is True
