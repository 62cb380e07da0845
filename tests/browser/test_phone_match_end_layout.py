"""The end of a match on a phone (390x844): nothing on the felt overhangs its edges (issue 26
item 8: a stray card back hung over the felt's left edge once the match was over)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import start_match
from tests.browser.table_checks import OVERHANGING
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("variant", ["six", "five"])
def test_nothing_overhangs_the_felt_when_a_phone_match_ends_by_resignation(seat_players, variant):
    """Ended in the discard: the opponent's whole hand is still backs (six of them at six-card)."""
    alice, bob = seat_players(PHONE, PHONE, has_touch=True, is_mobile=True)
    start_match(alice, bob, variant=variant)
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    for player in (alice, bob):
        player.page.wait_for_selector("#result-panel", state="visible")
        save_screenshot(player.page, f"match-resigned-phone-{variant}-{player.name}")
        assert player.page.evaluate(OVERHANGING) == []
        assert player.page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("seats", [3, 4])
def test_nothing_overhangs_the_felt_when_a_many_seat_phone_match_ends(
    site_server, new_page, table_users, seats
):
    """Three and four seats (the rest computers): side players' backs and cribs stay on the felt."""
    from tests.browser.conftest import Player
    from tests.browser.test_many_seat_tables import invite, take_seat

    alice, bob = (
        Player(name, new_page(viewport=PHONE, has_touch=True, is_mobile=True), site_server.url)
        for name in table_users[:2]
    )
    for player in (alice, bob):
        player.log_in()
    take_seat(bob, invite(alice, players=seats))
    bob.page.select_option(".fill-with-computer select[name=level]", "easy")
    bob.page.click("#fill-button")
    bob.page.wait_for_url("**/matches/*/")
    bob.page.wait_for_selector("#waiting", state="hidden")
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    for player in (alice, bob):
        player.page.wait_for_selector("#result-panel", state="visible")
        save_screenshot(player.page, f"match-resigned-phone-{seats}-seats-{player.name}")
        assert player.page.evaluate(OVERHANGING) == []
        assert player.page.evaluate("document.documentElement.scrollWidth") <= 390
