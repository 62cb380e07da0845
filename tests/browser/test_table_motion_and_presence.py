"""Cards and pegs move briefly, and not at all for those who ask for less motion; a player
who leaves is shown as disconnected beside their name at the table."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player, settle, start_match
from tests.browser.table_checks import act

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}

# Counts every animation and transition the page starts, by CSS or by Web Animations.
COUNT_MOTION = """
window.motionStarted = [];
for (const kind of ["animationstart", "transitionstart"]) {
  document.addEventListener(kind, (event) => window.motionStarted.push(`${kind} ${event.target.className}`), true);
}
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.motionStarted.push(`animate ${this.getAttribute("class")}`);
  return animate.apply(this, args);
};
"""


def test_cards_and_pegs_move_for_one_player_and_not_for_one_who_asks_for_reduced_motion(
    site_server, new_page, table_users
):
    """Alice and Bob discard and play until a peg has moved, in one match: Alice's browser
    welcomes motion, Bob's asks for less. What moved on each page is counted."""
    alice, bob = (
        Player(name, new_page(viewport=DESKTOP, reduced_motion=motion), site_server.url)
        for name, motion in zip(table_users, ("no-preference", "reduce"), strict=False)
    )
    for player in (alice, bob):
        player.log_in()
        player.page.add_init_script(COUNT_MOTION)
    start_match(alice, bob, variant="five")
    players = [alice, bob]
    seq = -1
    for _ in range(40):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        view = truth["view"]
        if len(view["played"]) >= 3 and any(view["scores"]):
            break
        acted = [act(alice, alice.view(), keyboard=False), act(bob, bob.view(), keyboard=False)]
        assert any(acted)
    else:
        pytest.fail("nobody scored in the play")
    moved = alice.page.evaluate("window.motionStarted")
    assert any("just-played" in entry for entry in moved), moved
    assert any(entry.startswith("animate peg") for entry in moved), moved
    assert bob.page.evaluate("window.motionStarted") == []


def test_alice_sees_bob_disconnected_beside_his_name_and_back_again(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five")
    table_url = bob.page.url
    badge = alice.page.locator("#presence-far")
    assert badge.is_hidden()
    bob.page.goto(f"{bob.base_url}/")  # both of Bob's sockets of the match close
    badge.wait_for(state="visible")
    assert badge.inner_text() == "Disconnected"
    assert alice.page.locator("#zone-far .presence-badge:visible").count() == 1
    assert alice.page.locator("#zone-near .presence-badge:visible").count() == 0
    bob.page.goto(table_url)
    badge.wait_for(state="hidden")
