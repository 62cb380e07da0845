"""Play the computer: the form (level and options), the match it starts, and the ways to it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import preferences_update
from games.models import Match

pytestmark = pytest.mark.django_db

URL = "/matches/computer/"
HARD_FIVE_MANUAL = {
    "level": "hard",
    "variant": "five",
    "scoring": "manual",
    "muggins": "on",
    "match_target": 3,
}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_visitor_sees_the_levels_and_the_match_options_with_a_csrf_token():
    page = Client().get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    for level in ("easy", "medium", "hard", "expert"):
        assert f'name="level" value="{level}"' in html
    for field in ("variant", "scoring", "muggins", "match_target"):
        assert f'name="{field}"' in html
    assert "csrfmiddlewaretoken" in html
    assert page.context["form"]["level"].value() == "medium"


def test_the_form_starts_from_the_players_saved_defaults(alice):
    preferences_update(
        user=alice,
        default_variant="five",
        default_scoring="manual",
        default_muggins=True,
        default_match_target=5,
    )
    form = signed_in(alice).get(URL).context["form"]
    values = {name: form[name].value() for name in ("variant", "scoring", "muggins")}
    assert values == {"variant": "five", "scoring": "manual", "muggins": True}
    assert form["match_target"].value() == 5


def test_a_player_starts_a_match_against_the_chosen_level_with_the_chosen_options(alice):
    answer = signed_in(alice).post(URL, HARD_FIVE_MANUAL)
    match = Match.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/"
    assert match.status == Match.Status.ACTIVE
    assert match.options_dict == {
        "variant": "five",
        "scoring": "manual",
        "muggins": True,
        "match_target": 3,
    }
    person, computer = match.seats.order_by("number")
    assert (person.number, person.user) == (0, alice)
    assert (computer.is_bot, computer.bot_level, computer.user) == (True, "hard", None)


def test_a_visitor_becomes_a_guest_in_the_same_post_and_lands_on_the_match():
    visitor = Client()
    answer = visitor.post(
        URL, {"level": "easy", "variant": "six", "scoring": "auto", "match_target": 1}, follow=True
    )
    match = Match.objects.get()
    assert answer.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    guest = match.seats.get(number=0).user
    assert guest.username.startswith("Guest-") and guest.profile.is_guest
    assert answer.context["user"] == guest
    assert match.seats.get(number=1).bot_level == "easy"
    assert f"You are playing as {guest.username}" in answer.content.decode()


def test_a_bad_level_or_bad_options_start_nothing_and_make_no_guest():
    visitor = Client()
    for data in (
        {**HARD_FIVE_MANUAL, "level": "grandmaster"},
        {**HARD_FIVE_MANUAL, "scoring": "auto"},  # Muggins needs manual scoring
    ):
        answer = visitor.post(URL, data)
        assert answer.status_code == 200 and answer.context["form"].errors
    assert Match.objects.count() == 0
    assert get_user_model().objects.count() == 0


def test_starting_refuses_a_post_without_a_csrf_token(alice):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    refused = strict.post(URL, HARD_FIVE_MANUAL)
    assert refused.status_code == 403 and b"CSRF" in refused.content
    assert Match.objects.count() == 0


def test_the_home_page_lobby_and_nav_lead_to_the_computer():
    home = Client().get("/").content.decode()
    button = next(line for line in home.splitlines() if 'data-testid="play-the-computer"' in line)
    assert f'href="{URL}"' in button and "disabled" not in button
    assert home.count(f'href="{URL}"') == 2  # the button and the nav
    lobby = Client().get("/lobby/").content.decode()
    for level in ("easy", "medium", "hard", "expert"):
        assert f'formaction="{URL}" name="level" value="{level}"' in lobby


def test_the_lobbys_options_and_a_level_button_start_a_computer_match(alice):
    answer = signed_in(alice).post(
        URL, {"variant": "five", "scoring": "auto", "match_target": 1, "level": "medium"}
    )
    match = Match.objects.get()
    assert answer["Location"] == f"/matches/{match.pk}/"
    assert match.variant == "five" and match.seats.get(number=1).bot_level == "medium"
