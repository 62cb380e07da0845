"""The site's header on a phone folds its links behind a Menu button; on a wide screen they stay
in the header's row and there is no Menu button."""

from __future__ import annotations

import pytest

from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_on_a_phone_the_links_open_and_close_behind_the_menu_button(site_server, new_page):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(site_server.url + "/")
    button = page.locator("#menu-button")
    lobby = page.locator(".site-header nav a", has_text="Lobby")
    assert button.is_visible() and lobby.is_hidden()
    assert button.get_attribute("aria-expanded") == "false"
    header = page.eval_on_selector(".site-header", "el => el.getBoundingClientRect().height")
    assert header <= 64, "the folded header is one row"
    button.click()
    assert lobby.is_visible()
    assert button.get_attribute("aria-expanded") == "true"
    save_screenshot(page, "header-menu-open-phone")
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    assert lobby.is_hidden()
    assert page.evaluate("document.activeElement.id") == "menu-button"
    assert all(url.startswith(site_server.url) for url in requests), "no asset from elsewhere"


def test_on_a_wide_screen_the_links_sit_in_the_header_without_a_menu_button(site_server, new_page):
    page = new_page(viewport={"width": 1366, "height": 768})
    page.goto(site_server.url + "/")
    assert page.locator("#menu-button").is_hidden()
    assert page.locator(".site-header nav a", has_text="Lobby").is_visible()
