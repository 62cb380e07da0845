"""Alice reads the rules while Bob's entry starts their tournament: the bell on her page counts
the new notice at once, a toast says it, the bell's list and the notifications page show it.
On a phone Bob sees the same. Both pages pass axe-core's audit."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import Player, create_live_users
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def accessible(page) -> None:
    found = blocking_violations(page)
    assert not found, describe(found)


def bell_live(page) -> None:
    """The bell's socket said hello: the count and the list are the server's, not the page's."""
    page.wait_for_selector("#bell[data-live]", state="attached", timeout=15000)


def test_a_notice_arrives_live_in_the_bell_on_another_page_and_is_listed(
    site_server, new_page, live_database
):
    create_live_users(live_database.url, "alice_bell", "bob_bell")
    alice = Player("alice_bell", new_page(viewport=DESKTOP), site_server.url)
    bob = Player(
        "bob_bell", new_page(viewport=PHONE, is_mobile=True, has_touch=True), site_server.url
    )
    alice.log_in("/tournaments/")
    page = alice.page
    page.fill("#id_name", "Bell cup")
    page.select_option("#id_kind", "knockout")
    page.check("input[name=variant][value=five]")
    page.fill("#id_match_target", "1")
    page.fill("#id_capacity", "2")
    page.click("[data-testid=create-tournament]")
    page.wait_for_url("**/tournaments/*/")
    tournament_url = page.url
    page.click("[data-testid=join-tournament]")
    page.wait_for_selector("[data-testid=entrants] >> text=alice_bell")

    # Alice goes off to read the rules; her bell has nothing unread.
    page.goto(f"{site_server.url}/rules/")
    bell_live(page)
    assert page.get_attribute("#bell", "data-unread") == "0"
    assert page.locator(".bell-count").is_hidden()

    # Bob's entry fills the tournament: the worker starts it and pairs the first round.
    bob.log_in("/")
    bob.page.goto(tournament_url)
    bob.page.click("[data-testid=join-tournament]")

    toast = page.locator("[data-testid=toast]")
    # A bound on failure only: the worker starts the tournament and sends the notice, and at the
    # end of a whole PostgreSQL run on a slow 2-core machine that once took more than 20 s.
    toast.wait_for(timeout=60000)
    assert re.search(r"Bell cup, round 1: your table against bob_bell is ready", toast.inner_text())
    assert page.inner_text(".bell-count") == "1"
    button = page.locator("[data-bell-button]")
    assert button.get_attribute("aria-label") == "Notifications, 1 unread"
    assert page.locator("#toasts").get_attribute("aria-live") == "polite"
    assert page.url.endswith("/rules/"), "a notice never takes anyone off their page"
    save_screenshot(page, "notifications-toast-desktop")

    # The keyboard opens the bell's list, Escape closes it and gives focus back.
    button.focus()
    page.keyboard.press("Enter")
    panel = page.locator("#bell-panel")
    assert panel.is_visible() and button.get_attribute("aria-expanded") == "true"
    assert "your table against bob_bell" in panel.inner_text()
    save_screenshot(page, "notifications-bell-open-desktop")
    accessible(page)
    page.keyboard.press("Escape")
    assert panel.is_hidden()
    assert page.evaluate("document.activeElement.hasAttribute('data-bell-button')")

    # The page of notifications lists it; marking all read empties the count everywhere.
    page.goto(f"{site_server.url}/notifications/")
    listed = page.locator("[data-testid=notification-list] li")
    assert listed.count() == 1 and "your table against bob_bell" in listed.first.inner_text()
    save_screenshot(page, "notifications-page-desktop")
    accessible(page)
    page.click("main >> text=Mark all read")
    page.wait_for_selector(".notification-state")
    bell_live(page)
    assert page.locator(".bell-count").is_hidden()
    page.click("text=E-mail settings")
    page.wait_for_url("**/notifications/settings/")
    save_screenshot(page, "notifications-settings-desktop")
    accessible(page)

    # Bob, on his phone, was taken to his table; his bell counts his own notice.
    bob.page.wait_for_url("**/matches/*/", timeout=20000)
    bell_live(bob.page)
    assert bob.page.get_attribute("#bell", "data-unread") == "1"
    bob.page.goto(f"{site_server.url}/notifications/")
    assert "your table against alice_bell" in bob.page.inner_text("[data-testid=notification-list]")
    save_screenshot(bob.page, "notifications-page-phone")
    bell_live(bob.page)
    bob.page.click("[data-bell-button]")
    assert "your table against alice_bell" in bob.page.inner_text("#bell-panel")
    assert bob.page.locator("#bell-panel").is_visible()
    save_screenshot(bob.page, "notifications-bell-open-phone")
    accessible(bob.page)
