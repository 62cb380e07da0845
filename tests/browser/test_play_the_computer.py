"""A visitor plays the computer in real Chromium against a real Daphne: from the home page's
button to the table, through the discard and a card with the computer answering."""

from __future__ import annotations

import re

import pytest

from tests.browser.table_checks import choose_until_ready
from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
ANSWERED = """(ours) => {
  const played = window.cribbage.view.played;
  const at = played.findIndex(([, card]) => card === ours);
  return at >= 0 && at + 1 < played.length && played[at + 1][0] === 1;
}"""
COUNT_AND_PIPS = """() => {
  const pip = (card) => Math.min("A23456789TJQK".indexOf(card[0]) + 1, 10);
  const pips = window.cribbage.view.series.reduce((sum, [, card]) => sum + pip(card), 0);
  return [document.getElementById("count").textContent, pips];
}"""


def test_a_visitor_chooses_play_the_computer_and_plays_the_hard_level(site_server, new_page):
    page = new_page()
    page.goto(site_server.url + "/")
    page.get_by_test_id("play-the-computer").click()
    page.wait_for_url(site_server.url + "/matches/computer/")
    page.check("input[name=level][value=hard]")
    page.check("input[name=variant][value=six]")
    page.check("input[name=scoring][value=auto]")
    page.get_by_test_id("start-computer-match").click()

    page.wait_for_url(MATCH_URL, timeout=10_000)
    assert page.locator(".user-box .user-name").inner_text().startswith("Guest-")
    page.locator("#name-far", has_text="Computer (hard)").wait_for(timeout=10_000)

    # The discard: two of the six cards into the crib; the computer throws its own.
    cards = page.locator("#hand-near button.card")
    cards.nth(5).wait_for(timeout=10_000)
    cards.nth(0).click()
    cards.nth(1).click()
    choose_until_ready(page)
    page.click("#discard-button")
    page.locator("#starter [data-card]").wait_for(timeout=10_000)
    save_screenshot(page, "computer-after-discard")

    # The play: whoever is pone leads (the computer leads at once when it is); then a card of
    # ours, and the computer answers it.
    playable = page.locator("#hand-near button.playable").first
    playable.wait_for(timeout=10_000)
    ours = playable.get_attribute("data-card")
    playable.click()
    page.locator(f"#series [data-card='{ours}']").wait_for(timeout=10_000)
    # The page's own view (what it has drawn) records the order the cards were laid in.
    page.wait_for_function(ANSWERED, arg=ours, timeout=10_000)
    played = page.evaluate("window.cribbage.view.played")
    answer = played[played.index([0, ours]) + 1][1]
    page.locator(f"#series [data-card='{answer}']").wait_for(timeout=10_000)
    assert page.locator("#hand-near button.card").count() == 3
    # The count drawn is the pips of the current series, read in one go: a series can end at
    # once (a Go each at 30 resets it), so "not 0" would be a race, not a rule.
    drawn, pips = page.evaluate(COUNT_AND_PIPS)
    assert drawn == str(pips)
    save_screenshot(page, "computer-answered")
