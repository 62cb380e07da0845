"""One default for every match option, the engine's: a six-card game, automatic scoring, no
Muggins, to seven match points, on every form, for a new profile, a seek and a match."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.forms import PreferencesForm
from accounts.services import profile_for
from games.engine.options import MatchOptions
from games.forms import ComputerMatchForm, NewMatchForm
from games.models import Match
from lobby.models import Seek
from lobby.services import invitation_create

ENGINE_DEFAULTS = MatchOptions().to_dict()


def test_the_engines_default_match_is_to_seven_points():
    assert ENGINE_DEFAULTS["match_target"] == 7


@pytest.mark.parametrize("form_class", [NewMatchForm, ComputerMatchForm])
def test_the_match_forms_start_from_the_engines_defaults(form_class):
    form = form_class()
    initial = {
        name: form[name].value() for name in ("variant", "scoring", "muggins", "match_target")
    }
    assert initial == ENGINE_DEFAULTS


@pytest.mark.django_db
def test_a_new_profile_and_its_preferences_form_default_to_the_engines_options(alice):
    profile = profile_for(alice)
    assert profile.default_options() == ENGINE_DEFAULTS
    form = PreferencesForm(instance=profile)
    assert form["default_match_target"].value() == 7


@pytest.mark.django_db
def test_a_seek_and_a_match_made_without_options_default_to_seven(alice):
    assert Seek(creator=alice).match_target == 7
    assert Match().options_dict == ENGINE_DEFAULTS
    invitation = invitation_create(creator=alice, options=None)
    assert invitation.match.match_target == 7


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/lobby/", "/matches/computer/"])
def test_a_visitors_option_forms_show_seven_points(url):
    html = Client().get(url).content.decode()
    assert 'name="match_target" value="7"' in html


@pytest.mark.django_db
def test_a_members_new_match_page_starts_at_seven_points(alice):
    client = Client()
    client.force_login(alice)
    html = client.get("/matches/new/").content.decode()
    assert 'name="match_target" value="7"' in html
