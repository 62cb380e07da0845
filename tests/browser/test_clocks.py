"""A person meets the clock: a timed match against the computer in real Chromium on a real
Daphne. The clocks tick, the running one is marked, low time is shown and spoken, and a move
after the flag fell loses the match on time.

Time passes without waiting for it: the test moves the start of the current wait back in the
site's database, which is exactly what the server charges the running clock from.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
MY_CLOCK = '#clocks .clock[data-seat="0"]'
THINKING = """
from datetime import timedelta
from games.models import Match
match = Match.objects.get(pk={match_id})
Match.objects.filter(pk=match.pk).update(clock_since=match.clock_since - timedelta(seconds={seconds}))
"""


def think_for(database_url: str, match_id: int, seconds: int) -> None:
    """The current wait began ``seconds`` earlier: as if the player had been thinking."""
    on_live_database(database_url).run(THINKING.format(match_id=match_id, seconds=seconds))


def test_a_timed_match_ticks_warns_on_low_time_and_is_lost_on_time(
    site_server, live_database, new_page
):
    page = new_page()
    page.goto(site_server.url + "/matches/computer/")
    page.check("input[name=level][value=easy]")
    page.check("input[name=variant][value=five]")
    page.click("details.clock-choice summary")  # the time control is a collapsed box
    page.select_option("select[name=clock]", "60+2")
    assert page.locator("[data-clock-chosen]").inner_text() == "1 min + 2 s"
    page.get_by_test_id("start-computer-match").click()
    page.wait_for_url(MATCH_URL, timeout=10_000)
    match_id = int(MATCH_URL.search(page.url).group(1))
    assert "1 min + 2 s" in page.locator("#match-options").inner_text()

    # Both clocks are shown; ours runs during the discard and ticks down from the bank.
    page.locator(MY_CLOCK).wait_for(timeout=10_000)
    assert page.locator("#clocks .clock").count() == 2
    page.wait_for_function(
        f"() => document.querySelector('{MY_CLOCK}').classList.contains('running')"
        f" && document.querySelector('{MY_CLOCK} .clock-time').textContent < '1:00'",
        timeout=10_000,
    )
    # The computer throws first; then only our clock runs.
    page.wait_for_function("() => window.cribbage.view.discarded[1]", timeout=15_000)
    page.wait_for_function(
        "() => !document.querySelector('#clocks .clock[data-seat=\"1\"]').classList.contains('running')",
        timeout=10_000,
    )

    # We think for 45 of our 60 seconds: after a reload the page shows what the server holds,
    # marks it low, and says so.
    think_for(live_database.url, match_id, 45)
    page.reload()
    page.locator(f"{MY_CLOCK}.low.running").wait_for(timeout=10_000)
    remaining = page.locator(f"{MY_CLOCK} .clock-time").inner_text()
    assert remaining.startswith("0:1") or re.fullmatch(r"\d\.\d", remaining), remaining
    # Said through the table's spoken line (which clears itself after a few seconds, so the
    # test reads what the clock handed it).
    page.wait_for_function(
        "() => window.cribbage.clocks.warnings.some((text) => text.startsWith('Your clock:'))",
        timeout=10_000,
    )
    assert "running" in page.locator(MY_CLOCK).get_attribute("aria-label")
    save_screenshot(page, "clock-low-time")

    # Too long: our throw arrives after the flag fell. It is refused and the match is lost on time.
    think_for(live_database.url, match_id, 30)
    cards = page.locator("#hand-near button.card")
    cards.nth(0).click()
    cards.nth(1).click()
    page.click("#discard-button")
    page.locator("#result-panel", has_text="Your clock ran out").wait_for(timeout=10_000)
    page.locator("#log", has_text="on time").wait_for(timeout=10_000)
    page.wait_for_function("() => window.cribbage.view.end_reason === 'time'", timeout=10_000)
    assert page.locator(f"{MY_CLOCK} .clock-time").inner_text() == "0.0"
    save_screenshot(page, "clock-lost-on-time")
