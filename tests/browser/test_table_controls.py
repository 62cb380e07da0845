"""The match page's own controls: one Resign, by keyboard, with a confirm step; the sound toggle."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, start_match

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}


def test_resigning_by_keyboard_asks_again_and_escape_takes_it_back(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five")
    settle([alice, bob])
    page = bob.page
    assert page.locator("#resign-button").count() == 1
    assert page.locator("[data-resign], [data-testid=resign]").count() == 0, "one Resign only"

    page.keyboard.press("Shift")
    page.focus("#resign-button")
    page.keyboard.press("Enter")
    assert page.inner_text("#resign-button") == "Really resign?"
    page.keyboard.press("Escape")
    assert page.inner_text("#resign-button") == "Resign"
    page.keyboard.press("Enter")  # armed again, from scratch
    assert bob.server_view()["view"]["phase"] != "match_over", "no press so far resigned"
    page.keyboard.press("Enter")
    truth = settle([alice, bob])
    assert truth["view"]["end_reason"] == "resigned" and truth["view"]["winner"] == 0
    assert "The match ended by your resignation." in page.inner_text("#result-panel")
    assert "ended by bob_table's resignation" in alice.page.inner_text("#result-panel")


def test_the_sound_toggle_follows_the_profile_is_remembered_and_starts_audio_quietly(
    seat_players,
):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five")
    page = alice.page
    page.evaluate("localStorage.removeItem('cribbage.sound')")
    page.reload()
    page.wait_for_selector("#connection[data-state=open]")
    toggle = page.locator("#sound-toggle")
    assert toggle.is_checked(), "the profile's preference (on) until a choice is made"
    # No audio before the person does something: browsers would refuse it.
    assert page.evaluate("window.cribbage.sounds.context") is None
    toggle.uncheck()
    page.reload()
    page.wait_for_selector("#connection[data-state=open]")
    assert not page.locator("#sound-toggle").is_checked()
    assert page.evaluate("window.cribbage.sounds.play('peg')") is False, "off means silent"
    page.locator("#sound-toggle").check()  # a gesture: audio may start now
    assert page.evaluate("window.cribbage.sounds.context !== null")
    # A function, not an expression: Playwright evals a bare expression, which the CSP forbids.
    page.wait_for_function("() => window.cribbage.sounds.context.state === 'running'")
    assert page.evaluate("window.cribbage.sounds.play('turn')") is True
