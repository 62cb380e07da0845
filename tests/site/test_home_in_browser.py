"""The home page served by a real Daphne process, seen through headless Chromium."""

from __future__ import annotations

import pytest

from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser


def test_the_home_page_shows_the_site_name_and_its_stylesheet_loads(site_server, new_page):
    page = new_page()
    response = page.goto(site_server.url + "/")
    assert response.status == 200
    assert page.title().endswith("Cribbage Online")
    assert page.locator("h1").inner_text() == "Play Cribbage with friends"
    header_colour = page.eval_on_selector(
        ".site-header", "el => getComputedStyle(el).backgroundColor"
    )
    # The colour comes from static/css/site.css, so it proves static files are served.
    assert header_colour == "rgb(23, 74, 49)"
    save_screenshot(page, "home")


def test_the_home_page_fits_a_phone_without_sideways_scrolling(site_server, new_page):
    page = new_page(viewport={"width": 360, "height": 740})
    page.goto(site_server.url + "/")
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= 360
