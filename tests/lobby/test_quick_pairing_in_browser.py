"""Quick pairing in real Chromium: two guests, one on a laptop and one on a phone, click the
same tile ("Six-card") and both land at the same table; the grid sits above the long form."""

from __future__ import annotations

import re

import pytest

from tests.conftest import save_screenshot
from tests.lobby.test_lobby_in_browser import enter_lobby_as_guest

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")


def test_two_people_who_click_the_same_quick_game_meet_at_one_table(site_server, new_page):
    alice = new_page(viewport={"width": 1366, "height": 768})
    enter_lobby_as_guest(alice, site_server)
    bob = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    enter_lobby_as_guest(bob, site_server)
    for page, size in ((alice, "laptop"), (bob, "phone")):
        grid = page.get_by_test_id("quick-games").bounding_box()
        form = page.locator("#seek-form").bounding_box()
        assert grid["y"] + grid["height"] <= form["y"], "the grid comes before the long form"
        save_screenshot(page, f"lobby-quick-games-{size}")
    alice.get_by_test_id("quick-six").click()
    alice.wait_for_url(site_server.url + "/lobby/")
    alice.get_by_test_id("cancel-seek").wait_for(timeout=10_000)  # her seek is posted
    bob.get_by_test_id("quick-six").click()
    bob.wait_for_url(MATCH_URL, timeout=10_000)
    alice.wait_for_url(MATCH_URL, timeout=10_000)  # sent on by the lobby's socket
    assert alice.url == bob.url
