"""Days per move is offered wherever a match is started (the new-match form, invitations,
seeks, and so the challenges that reuse the options field), marked in the seek list, and
refused where it has no place (tournaments) or in a malformed form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.options import TimeControl
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


def test_every_new_match_form_offers_one_three_and_seven_days_per_move(alice):
    client = signed_in(alice)
    for url in ("/matches/computer/", "/lobby/", "/matches/new/"):
        page = client.get(url).content.decode()
        for key, label in (("1d", "1 day per move"), ("3d", "3 days"), ("7d", "7 days")):
            assert f'value="{key}"' in page and label in page, (url, key)


def test_an_invitation_makes_a_turn_based_private_match(alice):
    signed_in(alice).post("/matches/new/", {**OPTIONS, "clock": "3d"})
    match = Invitation.objects.get().match
    assert match.time_control == TimeControl.parse("3d")
    assert match.options_dict["turn_based"] is True


def test_a_turn_based_seek_is_marked_in_the_lobby_and_makes_a_turn_based_match(
    alice, bob, lobby_presence
):
    lobby_presence(alice)
    signed_in(alice).post("/lobby/seeks/", {**OPTIONS, "clock": "7d", "rated": "on"})
    seek = Seek.objects.get()
    listed = seek_dict(seek)
    assert listed["turn_based"] is True and "7 days per move" in listed["label"]
    page = signed_in(bob).get("/lobby/").content.decode()
    assert 'data-testid="turn-based-seek"' in page
    match = lobby_services.seek_accept(seek_id=seek.pk, user=bob)
    assert Match.objects.get(pk=match.pk).clock_kind == "days"
    assert match.rated


@pytest.mark.parametrize("key", ["2d", "30d", "3d ", "days", "3d+0"])
def test_a_malformed_days_key_is_refused_and_starts_nothing(alice, key):
    answer = signed_in(alice).post("/matches/new/", {**OPTIONS, "clock": key})
    assert answer.status_code == 200  # the form again, with its error
    assert not Match.objects.exists() and not Invitation.objects.exists()


def test_a_seek_that_sets_turn_based_by_hand_is_refused(alice):
    with pytest.raises(LobbyError) as refused:
        lobby_services.seek_create(creator=alice, options={"variant": "five", "turn_based": True})
    assert refused.value.code == "bad_options"
    assert not Seek.objects.exists()


def test_a_tournament_is_never_turn_based(alice):
    with pytest.raises(TournamentError) as refused:
        tournament_create(
            creator=alice, name="Slow cup", kind="swiss", clock=TimeControl.parse("3d")
        )
    assert refused.value.code == "tournament_realtime_only"
    client = signed_in(alice)
    page = client.get("/tournaments/").content.decode()
    assert 'value="3d"' not in page
    form = {
        "name": "Postal cup",
        "kind": "swiss",
        "variant": "six",
        "scoring": "auto",
        "match_target": 1,
        "capacity": 4,
        "round_minutes": 30,
        "no_show_seconds": 300,
        "clock": "3d",
    }
    client.post(reverse("tournaments:new"), form)
    assert not Tournament.objects.exists()


def test_a_match_made_with_turn_based_options_but_a_live_clock_is_live(alice):
    from games import services

    match = services.match_create(
        creator=alice,
        options={"variant": "five", "turn_based": True},
        clock=TimeControl("realtime", 300, 3),
    )
    assert "turn_based" not in Match.objects.get(pk=match.pk).state["options"]


def test_a_challenge_offers_days_per_move_and_makes_a_turn_based_match(alice, bob):
    from social.services.challenges import challenge_accept, challenge_create

    page = signed_in(alice).get(f"/challenges/new/?to={bob.username}").content.decode()
    assert 'value="3d"' in page and "3 days per move" in page
    challenge = challenge_create(
        challenger=alice, challenged=bob, options={"variant": "five"}, clock=TimeControl.parse("3d")
    )
    match = challenge_accept(user=bob, challenge_id=challenge.pk)
    stored = Match.objects.get(pk=match.pk)
    assert stored.time_control == TimeControl.parse("3d")
    assert stored.state["options"]["turn_based"] is True
