"""The rules page, its links from the home page and the table, and the sign-up form's layout."""

from __future__ import annotations

import pytest
from django.test import Client

from games.services import computer_match_create, match_create, match_join

pytestmark = pytest.mark.django_db

RULES_SECTIONS = (
    "six-card",
    "five-card",
    "manual",
    "muggins",
    "match-points",
    "board",
    "fair-shuffles",
)


def test_the_rules_page_covers_each_game_and_option():
    response = Client().get("/rules/")
    assert response.status_code == 200
    text = response.content.decode()
    for section in RULES_SECTIONS:
        assert f'id="{section}"' in text, section
    assert "121" in text and "61" in text


def test_the_rules_page_describes_muggins_as_a_named_call_hidden_until_the_window_closes():
    text = Client().get("/rules/").content.decode()
    muggins = text[text.index('id="muggins"') : text.index('id="match-points"')]
    assert "name how many points you say they missed" in muggins
    assert "only if you are right" in muggins
    assert "shown only when its Muggins window closes" in muggins


def test_the_home_page_links_to_the_rules():
    assert 'href="/rules/"' in Client().get("/").content.decode()


def test_the_table_links_to_the_rules_for_players_and_spectators(alice, bob, carol):
    match = match_join(match=match_create(creator=alice, options={"match_target": 1}), user=bob)
    for person in (alice, carol):
        client = Client()
        client.force_login(person)
        assert 'href="/rules/"' in client.get(f"/matches/{match.pk}/").content.decode()


def test_the_hint_toggle_is_drawn_only_for_a_seat_against_the_computer(alice, bob, carol):
    computer = computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    people = match_join(match=match_create(creator=bob, options={"match_target": 1}), user=carol)
    client = Client()
    client.force_login(alice)
    assert 'id="hint-toggle"' in client.get(f"/matches/{computer.pk}/").content.decode()
    client.force_login(carol)
    assert 'id="hint-toggle"' not in client.get(f"/matches/{computer.pk}/").content.decode()
    assert 'id="hint-toggle"' not in client.get(f"/matches/{people.pk}/").content.decode()


def test_the_signup_form_puts_each_field_with_its_label_and_help():
    text = Client().get("/accounts/signup/").content.decode()
    assert text.count('class="form-field') == 4
    assert 'id="id_username_helptext"' in text
    assert 'aria-describedby="id_username_helptext"' in text
    assert "(optional)" in text  # the e-mail


def test_signup_errors_sit_under_their_field_and_are_announced():
    response = Client().post(
        "/accounts/signup/", {"username": "zed", "password1": "abc", "password2": "abd"}
    )
    text = response.content.decode()
    assert 'id="id_password2_error"' in text
    assert 'aria-invalid="true"' in text
