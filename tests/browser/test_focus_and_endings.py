"""After a player's own move the keyboard focus lands on the next thing to do, never on the page
body; a resigned match says who gave it up, with the real match points; and once a match is
over the "Claim the win" button is gone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, start_match
from tests.browser.table_checks import act

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}

# An arrow function, not a bare expression: the strict CSP forbids eval, and Playwright evaluates
# an expression string with eval inside the page.
FOCUS_IN_HAND = (
    "() => document.activeElement !== document.body"
    " && document.querySelector('#hand-near').contains(document.activeElement)"
)


def test_focus_stays_in_the_hand_after_a_discard_and_a_card_played_by_keyboard(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="six")
    players = [alice, bob]
    truth = settle(players)
    for player in players:
        assert act(player, player.view(), keyboard=True) == "discard"
        player.page.wait_for_function(FOCUS_IN_HAND)
    truth = settle(players, after=truth["seq"])
    player = next(p for p in players if p.view()["legal"]["play"])
    assert act(player, player.view(), keyboard=True) == "play"
    settle(players, after=truth["seq"])
    player.page.wait_for_function(FOCUS_IN_HAND)


def test_resigning_a_longer_match_gives_it_away_and_the_claim_button_is_gone(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five", match_target=3)
    settle([alice, bob])
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    truth = settle([alice, bob])
    assert truth["view"]["end_reason"] == "resigned" and truth["view"]["match_scores"] == [0, 0]
    panel = alice.page.inner_text("#result-panel")
    assert "bob_table resigned: you win the match" in panel
    assert "Match points when it ended: You 0, bob_table 0 (of 3 to win)." in panel
    assert "You won the match!" not in panel
    assert "You resigned: alice_table wins the match" in bob.page.inner_text("#result-panel")
    for player in (alice, bob):
        player.page.wait_for_function("() => !document.querySelector('[data-testid=claim-win]')")
        player.page.reload()
        player.page.wait_for_selector("#connection[data-state=open]")
        assert player.page.locator("[data-testid=claim-win]").count() == 0
