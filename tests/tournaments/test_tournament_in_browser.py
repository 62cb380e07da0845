"""Two people join a tournament in their browsers, are taken to their table when it starts (one
from the tournament's page, one from the lobby), one resigns, and both see the final standings.
The pages pass axe-core's audit (no serious or critical violation) on the way."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import Player
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def accessible(page) -> None:
    page.wait_for_load_state("networkidle")
    found = blocking_violations(page)
    assert not found, describe(found)


def test_two_people_join_are_sent_to_their_table_and_see_the_standings(
    site_server, new_page, table_users
):
    alice_name, bob_name, _ = table_users
    alice = Player(alice_name, new_page(viewport=DESKTOP), site_server.url)
    bob = Player(
        bob_name,
        new_page(viewport=PHONE, is_mobile=True, has_touch=True),
        site_server.url,
    )
    alice.log_in("/tournaments/")
    bob.log_in("/lobby/")
    page = alice.page
    page.fill("#id_name", "Browser cup")
    page.select_option("#id_kind", "knockout")
    page.check("input[name=variant][value=five]")
    page.fill("#id_match_target", "1")
    page.fill("#id_capacity", "2")
    page.check("#id_duplicate")
    # The computer would fill a seat only if a knockout had one entrant at its start; the
    # level chosen is in the tournament's terms either way.
    page.check("#id_computers_fill")
    page.select_option("#id_computer_level", "expert")
    save_screenshot(page, "tournaments-list-desktop")
    accessible(page)
    page.click("[data-testid=create-tournament]")
    page.wait_for_url("**/tournaments/*/")
    tournament_url = page.url
    assert "compared with the average" in page.inner_text("[data-testid=duplicate-note]")
    assert "the computer (expert) may fill a seat" in page.inner_text("main")

    # Bob joins from his phone, then waits in the lobby, where the tournament is listed.
    bob.page.goto(tournament_url)
    bob.page.click("[data-testid=join-tournament]")
    bob.page.wait_for_selector("[data-testid=entrants] >> text=" + bob_name)
    save_screenshot(bob.page, "tournament-upcoming-phone")
    accessible(bob.page)
    bob.page.goto(f"{site_server.url}/lobby/")
    assert "Browser cup" in bob.page.inner_text("[data-testid=lobby-tournaments]")
    bob.page.locator("[data-testid=lobby-tournaments]").scroll_into_view_if_needed()
    save_screenshot(bob.page, "lobby-tournaments-phone")
    # The lobby's socket has said hello: the server has put bob in his groups.
    wait_until(
        lambda: bob.page.evaluate("window.cribbageLobby.socket.heard > 0"),
        timeout=20,
        message="the lobby's hello",
    )
    # Alice's entry fills it: the worker starts it and both are sent to their table.
    page.click("[data-testid=join-tournament]")
    alice.page.wait_for_url("**/matches/*/", timeout=20000)
    bob.page.wait_for_url("**/matches/*/", timeout=20000)
    assert alice.page.url == bob.page.url
    bob.page.wait_for_selector("#connection[data-state=open]")
    # The table says whose it is: the tournament, the round, its clock, a link back.
    for player in (alice, bob):
        banner = player.page.inner_text("[data-testid=table-banner]")
        assert (
            "Browser cup" in banner and "Round 1" in banner and "Back to the tournament" in banner
        )
        assert re.search(r"round ends in \d+:\d\d", banner), banner
    save_screenshot(alice.page, "tournament-table-desktop")
    save_screenshot(bob.page, "tournament-table-phone")

    # Bob resigns; back on the tournament page both see the final standings.
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    bob.page.wait_for_selector("#result-panel", state="visible")
    back = bob.page.locator("#back-to-lobby")
    assert back.inner_text() == "Back to the tournament"
    alice.page.goto(tournament_url)
    back.click()
    bob.page.wait_for_url(tournament_url)
    for player in (alice, bob):
        player.page.wait_for_selector("text=Final standings", timeout=20000)
        first = player.page.locator("[data-testid=standings] tbody tr").first
        assert alice_name in first.inner_text()
    assert "bye" not in alice.page.inner_text("[data-testid=bracket]")
    save_screenshot(alice.page, "tournament-finished-desktop")
    save_screenshot(bob.page, "tournament-finished-phone")
    accessible(alice.page)
    accessible(bob.page)
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= 390
