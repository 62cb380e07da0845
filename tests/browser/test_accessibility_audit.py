"""Every page people reach passes axe-core's audit with no serious or critical violation: the
visitor's pages, a member's pages, the forms, the rules, and the table for its player and for
a spectator, with cards on it."""

from __future__ import annotations

import re

import pytest

from tests.support.accessibility import blocking_violations, describe

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
VISITOR_PAGES = [
    "/",
    "/rules/",
    "/accounts/login/",
    "/accounts/signup/",
    "/matches/computer/",
    "/solitaire/",
    "/games/",
]
MEMBER_PAGES = [
    "/",
    "/lobby/",
    "/lobby/live/",
    "/matches/new/",
    "/matches/computer/",
    "/accounts/me/",
    "/accounts/preferences/",
    "/rules/",
    "/games/",
]


def audit(page, label: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    found = blocking_violations(page)
    return [f"{label}:\n{describe(found)}"] if found else []


def test_the_visitors_and_members_pages_have_no_serious_violation(
    seat_players, new_page, site_server
):
    failures: list[str] = []
    visitor = new_page()
    for path in VISITOR_PAGES:
        visitor.goto(site_server.url + path)
        failures += audit(visitor, f"visitor {path}")
    (alice,) = seat_players({"width": 1280, "height": 900})
    for path in MEMBER_PAGES:
        alice.page.goto(site_server.url + path)
        failures += audit(alice.page, f"member {path}")
    assert not failures, "\n".join(failures)


def test_the_table_has_no_serious_violation_for_its_player_or_a_spectator(site_server, new_page):
    player = new_page()
    player.goto(site_server.url + "/matches/computer/")
    player.check("input[name=level][value=easy]")
    player.get_by_test_id("start-computer-match").click()
    player.wait_for_url(MATCH_URL, timeout=10_000)
    player.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    failures = audit(player, "player at the table (discard)")
    player.click("#keys-button")  # the key list open
    player.check("#hint-toggle")  # and the hint shown
    player.locator("#hint-panel li").first.wait_for(timeout=10_000)
    failures += audit(player, "player with the key list and the hint")

    spectator = new_page()
    spectator.goto(player.url)
    spectator.wait_for_selector("#connection[data-state=open]")
    failures += audit(spectator, "spectator")
    assert not failures, "\n".join(failures)
