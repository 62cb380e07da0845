"""The forms that start things, as a person sees them: the computer form shows the three-player
deal only with three players and its Start is on a phone's first screen; the tournament form
shows only the chosen format's options, and its start time is typed and shown in the player's
own time zone (here New York's), stored in UTC."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.browser.conftest import Player
from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def test_the_computer_form_hides_the_three_player_deal_and_start_is_in_view_on_a_phone(
    site_server, new_page
):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(site_server.url + "/matches/computer/")
    deal = page.locator("fieldset.three-player-deal")
    shown = {}
    for players in ("2", "3", "4"):
        page.check(f"input[name=players][value='{players}']")
        shown[players] = deal.is_visible()
    assert shown == {"2": False, "3": True, "4": False}
    page.check("input[name=players][value='2']")
    save_screenshot(page, "form-computer-phone")
    page.evaluate("window.scrollTo(0, 0)")
    box = page.get_by_test_id("start-computer-match").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    page.set_viewport_size(LAPTOP)
    save_screenshot(page, "form-computer-laptop")


def visible_fields(page) -> set[str]:
    return {
        name
        for name in ("rounds", "acc_knockout")
        if page.locator(f"#tournament-form [name={name}]").is_visible()
    }


def test_the_tournament_form_shows_one_formats_options_and_takes_local_time(
    site_server, new_page, table_users
):
    page = new_page(viewport=LAPTOP, timezone_id="America/New_York")
    player = Player(table_users[0], page, site_server.url)
    player.log_in("/tournaments/")
    shown = {}
    for kind in ("swiss", "round_robin", "knockout", "acc"):
        page.select_option("#tournament-form [name=kind]", kind)
        shown[kind] = visible_fields(page)
    assert shown == {
        "swiss": {"rounds"},
        "round_robin": set(),
        "knockout": set(),
        "acc": {"rounds", "acc_knockout"},
    }
    assert "your local time" in page.inner_text("label[for=id_starts_at]")
    page.select_option("#tournament-form [name=kind]", "swiss")
    new_york = ZoneInfo("America/New_York")
    typed = (datetime.now(new_york) + timedelta(days=3)).replace(
        hour=20, minute=0, second=0, microsecond=0
    )
    page.fill("#tournament-form [name=name]", "Evening cup")
    page.fill("#tournament-form [name=starts_at]", typed.strftime("%Y-%m-%dT%H:%M"))
    save_screenshot(page, "form-tournament-laptop")
    page.get_by_test_id("create-tournament").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    start = page.locator("[data-testid=tournament-status] time")
    stored = datetime.fromisoformat(start.get_attribute("datetime"))
    assert stored == typed.astimezone(UTC)
    assert "8:00" in start.inner_text() and "(your time)" in start.inner_text()
    save_screenshot(page, "form-tournament-created")
    page.set_viewport_size(PHONE)
    page.goto(site_server.url + "/tournaments/")
    save_screenshot(page, "form-tournament-phone")
