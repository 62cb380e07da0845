"""Two people play a whole match in two browsers, with mouse, keyboard and a phone-sized screen;
at its end nothing on the felt overhangs its edges (issue 26 item 8)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, start_match
from tests.browser.table_checks import (
    OVERHANGING,
    act,
    check_show_against_engine,
    check_table,
    continue_past_show,
)
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


def test_alice_and_bob_play_a_five_card_game_to_61_through_the_page(seat_players):
    alice, bob = seat_players(DESKTOP, PHONE)
    start_match(alice, bob, variant="five")
    players = [alice, bob]
    shots: set[str] = set()
    shows_checked = 0
    seq = -1
    for _ in range(300):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        # A finished hand's show stays on the table (the next deal held back) until Continue.
        if alice.page.locator("#felt .shown").count():
            counted = check_show_against_engine(alice) + check_show_against_engine(bob)
            if counted and "show" not in shots:
                save_screenshot(alice.page, "phase-show-desktop")
                save_screenshot(bob.page, "phase-show-phone")
                shots.add("show")
            shows_checked += counted
        for player in players:
            check_table(player, player.server_view())
        phase = truth["view"]["phase"]
        if phase == "match_over":
            break
        if phase == "discard" and "discard" not in shots:
            save_screenshot(alice.page, "phase-discard-desktop")
            save_screenshot(bob.page, "phase-discard-phone")
            shots.add("discard")
        if phase == "play" and truth["view"]["count"] > 0 and "play" not in shots:
            save_screenshot(alice.page, "phase-play-desktop")
            save_screenshot(bob.page, "phase-play-phone")
            shots.add("play")
        # Alice uses the mouse, Bob the keyboard.
        acted = [act(alice, alice.view(), keyboard=False), act(bob, bob.view(), keyboard=True)]
        assert any(acted), f"nobody could act in phase {phase}"
    else:
        pytest.fail("the match did not finish")

    truth = settle(players)
    winner = truth["view"]["winner"]
    assert truth["view"]["scores"][winner] >= 61
    for player in players:
        panel = player.page.locator("#result-panel")
        assert panel.is_visible()
        won = players.index(player) == winner
        assert ("You won the match!" in panel.inner_text()) == won
        assert player.page.locator("#back-to-lobby").get_attribute("href") == "/lobby/"
        # The game ends the moment a count reaches 61: in the play (no show), or in the show
        # before the dealer's hand or crib is counted. What was shown stays on the table.
        assert check_show_against_engine(player) == len(truth["view"]["shown"]), (
            "the last hand's show stays on the table"
        )
        # Nothing drawn on the felt overhangs its edges once the match is over (a stray card
        # back once hung over the phone's left edge), nor once the last show is laid down whole.
        assert player.page.evaluate(OVERHANGING) == []
    assert shows_checked > 0
    for player in players:
        # Every shuffle of the match (the cut and each deal) was checked by the page and passed.
        player.page.wait_for_function("() => !document.querySelector('#fairness-list .pending')")
        assert player.page.locator("#fairness-list .failed").count() == 0
        verified = player.page.locator("#fairness-list .verified")
        assert verified.count() >= 2
        assert "your cards came from it" in verified.last.text_content()
    final = truth["view"]["scores"]
    assert f"the game {final[winner]} to {final[1 - winner]}" in alice.page.inner_text("#log")
    save_screenshot(alice.page, "phase-game-over-desktop")
    save_screenshot(bob.page, "phase-game-over-phone")
    for player in players:
        continue_past_show(player)
        assert player.page.evaluate(OVERHANGING) == []
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= 360
