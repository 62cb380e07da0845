"""Site-wide promises, page by page in Chromium: no request leaves the site, no console errors,
a focus ring that stands out on the light pages and on the felt, and 44 px touch targets."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import Player, start_match
from tests.conftest import ConsoleWatch

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PAPER = "#fbf8f1"
FELTS = ("#1f5f3f", "#174a31")

SIGNED_IN_PAGES = [
    "/",
    "/lobby/",
    "/lobby/live/",
    "/matches/new/",
    "/accounts/me/",
    "/accounts/preferences/",
    "/accounts/password_change/",
]
VISITOR_PAGES = [
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/guest/",
    "/accounts/password_reset/",
]


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}"


def watch_requests(page, base_url: str) -> list[str]:
    """Every request (and websocket) the page makes to anywhere but the live server."""
    outside: list[str] = []
    home = origin(base_url)
    page.on("request", lambda request: origin(request.url) != home and outside.append(request.url))
    page.on("websocket", lambda socket: origin(socket.url) != home and outside.append(socket.url))
    return outside


def test_the_main_pages_make_no_request_outside_the_site_and_log_no_console_error(
    seat_players, new_page, site_server
):
    """Console errors fail the test through the new_page fixture; requests are checked here."""
    alice, bob = seat_players(DESKTOP, DESKTOP)
    outside = watch_requests(alice.page, site_server.url)
    for path in SIGNED_IN_PAGES:
        response = alice.page.goto(site_server.url + path)
        assert response.status == 200, path
        alice.page.wait_for_load_state("networkidle")
    start_match(alice, bob, variant="six")  # the invitation page, then the table
    alice.page.wait_for_selector("#connection[data-state=open]")
    alice.page.wait_for_load_state("networkidle")

    visitor = new_page()
    outside += watch_requests(visitor, site_server.url)
    for path in VISITOR_PAGES:
        assert visitor.goto(site_server.url + path).status == 200, path
        visitor.wait_for_load_state("networkidle")
    assert outside == []


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ring_colour(page, selector: str) -> str:
    """The outline colour of `selector` once focused from the keyboard, as #rrggbb."""
    page.keyboard.press("Shift")  # a keyboard user: focus-visible applies to what gets focus
    page.focus(selector)
    rgb = page.eval_on_selector(selector, "el => getComputedStyle(el).outlineColor")
    numbers = [int(part) for part in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    assert page.eval_on_selector(selector, "el => getComputedStyle(el).outlineStyle") == "solid"
    return "#" + "".join(f"{number:02x}" for number in numbers)


def test_the_focus_ring_stands_out_on_the_light_pages_and_on_the_felt(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    alice.page.goto(alice.base_url + "/")
    assert contrast(ring_colour(alice.page, "[data-testid=play-a-friend]"), PAPER) >= 3
    assert contrast(ring_colour(alice.page, "[data-testid=open-lobby]"), PAPER) >= 3
    header_link = ".site-header .nav-links a"
    assert all(contrast(ring_colour(alice.page, header_link), felt) >= 3 for felt in FELTS)

    start_match(alice, bob, variant="six")
    card = "#hand-near button.card"
    alice.page.wait_for_selector(card)
    assert all(contrast(ring_colour(alice.page, card), felt) >= 3 for felt in FELTS)
    assert contrast(ring_colour(alice.page, "#card-order"), PAPER) >= 3


def test_touch_layouts_give_every_control_at_least_44_px(browser, site_server, table_users):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    watch = ConsoleWatch()
    try:
        page = context.new_page()
        watch.attach(page)
        player = Player(table_users[0], page, site_server.url)
        player.log_in()
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        controls = (
            "button, select, summary, .site-header a,"
            " input:not([type=radio]):not([type=checkbox]):not([type=hidden])"
        )
        for path in ["/", "/lobby/", "/matches/new/", "/accounts/preferences/"]:
            page.goto(site_server.url + path)
            short = page.eval_on_selector_all(
                controls,
                """elements => elements
                  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
                  .map((el) => [el.outerHTML.slice(0, 80), el.getBoundingClientRect().height])
                  .filter(([, height]) => height < 43.5)""",
            )
            assert short == [], f"{path}: controls under 44 px: {short}"
    finally:
        context.close()
    assert watch.errors == []
