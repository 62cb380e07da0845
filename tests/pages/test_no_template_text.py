"""No page shows template source: a multi-line ``{# #}`` comment or a broken tag is printed as
text by Django, and it once sat under every match table. Each page people reach is rendered
through Django's client and searched for what only unrendered template text contains."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.services import match_create, match_join
from lobby.services import invitation_create

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "manual", "muggins": True, "match_target": 3}
TEMPLATE_MARKS = ("{#", "#}", "{%", "%}", "{{", "}}")
# Data for the page's scripts (json_script): JSON's nested objects end in "}}" by right.
JSON_DATA = re.compile(r'<script[^>]*type="application/json"[^>]*>.*?</script>', re.DOTALL)


def leftovers(client: Client, url: str) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, f"{url} answered {response.status_code}"
    text = JSON_DATA.sub("", response.content.decode())
    return [mark for mark in TEMPLATE_MARKS if mark in text]


def test_pages_for_a_visitor_show_no_template_source(client):
    pages = [
        "/",
        "/lobby/",
        "/lobby/live/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password_reset/",
    ]
    assert {url: leftovers(client, url) for url in pages} == {url: [] for url in pages}


def test_pages_for_a_player_show_no_template_source(client, alice, bob):
    active = match_create(creator=alice, options=OPTIONS)
    match_join(match=active, user=bob)
    waiting = match_create(creator=alice, options=OPTIONS)
    invitation = invitation_create(creator=alice, options=OPTIONS)
    client.force_login(alice)
    pages = [
        "/",
        "/lobby/",
        f"/matches/{active.pk}/",
        f"/matches/{waiting.pk}/",
        f"/matches/{invitation.match.pk}/",
        f"/lobby/invite/{invitation.token}/",
        "/matches/new/",
        "/matches/computer/",
        "/accounts/players/alice/",
        "/accounts/players/bob/",
        "/accounts/preferences/",
        "/accounts/password_change/",
        "/notifications/",
        "/notifications/settings/",
    ]
    assert {url: leftovers(client, url) for url in pages} == {url: [] for url in pages}


def test_the_match_page_for_a_spectator_shows_no_template_source(client, alice, bob, carol):
    active = match_create(creator=alice, options=OPTIONS)
    match_join(match=active, user=bob)
    url = f"/matches/{active.pk}/"
    assert leftovers(client, url) == [], "a visitor watching"
    client.force_login(carol)
    assert leftovers(client, url) == [], "a member watching"


def test_the_check_finds_a_comment_django_prints_as_text(client):
    """The check itself can fail: Django's one-line comment syntax leaks when it spans lines."""
    from django.template import engines

    rendered = engines["django"].from_string("{# one\ntwo #}<p>table</p>").render({})
    assert "{#" in rendered and "#}" in rendered
