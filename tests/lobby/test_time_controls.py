"""Choosing a time control: the forms that start matches (computer, seek, invitation,
tournament), the rule that rated seeks and tournaments always have a clock, and custom clocks."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.options import TOURNAMENT_CLOCK, TimeControl
from games.models import Match
from lobby import services as lobby_services
from lobby.models import Invitation, Seek
from lobby.selectors import seek_dict
from lobby.services import LobbyError
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.lifecycle import tournament_create

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "five", "scoring": "auto", "match_target": "1"}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_new_match_form_offers_the_presets_no_clock_and_custom(alice):
    client = signed_in(alice)
    for url in ("/matches/computer/", "/lobby/", "/matches/new/"):
        page = client.get(url).content.decode()
        for key in ("none", "60+2", "180+2", "300+3", "600+10", "custom"):
            assert f'value="{key}"' in page, (url, key)
        assert "1 min + 2 s" in page and "10 min + 10 s" in page


def test_the_lobby_form_starts_rated_with_the_default_clock_and_invitations_without(alice):
    client = signed_in(alice)
    lobby = client.get("/lobby/").content.decode()
    assert f'<option value="{TOURNAMENT_CLOCK.key}" selected>' in lobby
    invitation = client.get("/matches/new/").content.decode()
    assert '<option value="none" selected>' in invitation


def test_the_computer_form_starts_a_match_with_a_custom_clock(alice):
    data = {**OPTIONS, "level": "easy", "clock": "custom", "clock_minutes": 7, "clock_increment": 4}
    answer = signed_in(alice).post("/matches/computer/", data)
    match = Match.objects.get()
    assert answer.status_code == 302
    assert match.time_control == TimeControl("realtime", 420, 4)
    assert match.clock_remaining == [420_000, 420_000]


def test_a_custom_clock_without_minutes_or_out_of_range_is_refused_and_starts_nothing(alice):
    client = signed_in(alice)
    for extra in ({"clock_increment": 4}, {"clock_minutes": 0}, {"clock_minutes": 61}):
        data = {**OPTIONS, "level": "easy", "clock": "custom", **extra}
        answer = client.post("/matches/computer/", data)
        assert answer.status_code == 200, extra
    assert not Match.objects.exists()


def test_a_seek_carries_its_clock_to_the_match_and_the_lobby_lists_it(alice, bob, lobby_presence):
    lobby_presence(alice)
    signed_in(alice).post("/lobby/seeks/", {**OPTIONS, "clock": "180+2"})
    seek = Seek.objects.get()
    assert seek.time_control == TimeControl("realtime", 180, 2)
    assert "3 min + 2 s" in seek_dict(seek)["label"]
    match = lobby_services.seek_accept(seek_id=seek.pk, user=bob)
    assert match.time_control == TimeControl("realtime", 180, 2)
    assert Match.objects.get(pk=match.pk).clock_running == [0, 1]


def test_a_rated_seek_without_a_clock_is_refused_by_the_form_and_the_service(alice):
    signed_in(alice).post("/lobby/seeks/", {**OPTIONS, "rated": "on", "clock": "none"})
    assert not Seek.objects.exists()
    with pytest.raises(LobbyError) as refused:
        lobby_services.seek_create(
            creator=alice, options={"variant": "five"}, rated=True, clock=TimeControl()
        )
    assert refused.value.code == "rated_needs_clock"
    seek = lobby_services.seek_create(creator=alice, options={"variant": "five"}, rated=True)
    assert seek.time_control == TOURNAMENT_CLOCK  # left out: the engine's default clock


def test_an_invitation_makes_a_private_match_with_the_chosen_clock(alice):
    signed_in(alice).post("/matches/new/", {**OPTIONS, "clock": "60+2"})
    assert Invitation.objects.get().match.time_control == TimeControl("realtime", 60, 2)


def test_the_tournament_form_defaults_to_the_tournament_clock_and_offers_no_none(alice):
    client = signed_in(alice)
    page = client.get("/tournaments/").content.decode()
    assert 'value="none"' not in page
    assert f'<option value="{TOURNAMENT_CLOCK.key}" selected>' in page
    form = {
        "name": "Blitz night",
        "kind": "swiss",
        "variant": "six",
        "scoring": "auto",
        "match_target": 1,
        "capacity": 4,
        "round_minutes": 30,
        "no_show_seconds": 300,
    }
    client.post(reverse("tournaments:new"), {**form, "clock": "60+2"})
    assert Tournament.objects.get().time_control == TimeControl("realtime", 60, 2)
    client.post(reverse("tournaments:new"), {**form, "name": "Slow night", "clock": "none"})
    assert not Tournament.objects.filter(name="Slow night").exists()


def test_a_tournament_without_a_clock_is_refused(alice):
    with pytest.raises(TournamentError) as refused:
        tournament_create(creator=alice, name="Stall cup", kind="swiss", clock=TimeControl())
    assert refused.value.code == "tournament_needs_clock"
    cup = tournament_create(creator=alice, name="Default cup", kind="swiss")
    assert cup.time_control == TOURNAMENT_CLOCK
