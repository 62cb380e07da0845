"""Every response carries a strict Content-Security-Policy naming the site's own websocket."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, str]:
    directives = (
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    return {name: rest for name, rest in directives}


def test_pages_allow_only_the_sites_own_scripts_styles_and_images(client):
    rules = policy(client.get("/"))
    assert rules["default-src"] == "'self'"
    assert rules["img-src"] == "'self'"
    assert rules["object-src"] == "'none'"
    assert rules["frame-ancestors"] == "'none'"
    assert "script-src" not in rules  # default-src 'self' applies: no inline, no other origin


def test_the_websocket_origin_follows_the_host_and_scheme_of_the_page(client, settings):
    settings.ALLOWED_HOSTS = ["cribbage.example"]
    plain = policy(client.get("/", HTTP_HOST="cribbage.example"))
    assert plain["connect-src"] == "'self' ws://cribbage.example"
    secure = policy(client.get("/", HTTP_HOST="cribbage.example", secure=True))
    assert secure["connect-src"] == "'self' wss://cribbage.example"


def test_a_request_for_a_host_not_allowed_still_gets_a_policy_and_a_400(client, settings):
    settings.ALLOWED_HOSTS = ["cribbage.example"]
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert policy(response)["connect-src"] == "'self'"
