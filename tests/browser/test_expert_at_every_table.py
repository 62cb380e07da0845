"""The expert fills the empty seats of tables of three and four, and a person plays a whole hand
against it (three players) and beside it (partnerships) in a real browser."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player
from tests.browser.test_many_seat_tables import DESKTOP, PHONE, invite, play_one_hand
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def fill_with_experts(player: Player) -> None:
    player.page.select_option(".fill-with-computer select[name=level]", "expert")
    player.page.click("#fill-button")
    player.page.wait_for_url("**/matches/*/")
    player.page.wait_for_selector("#connection[data-state=open]")
    player.page.wait_for_selector("#waiting", state="hidden")


@pytest.mark.parametrize(
    ("players", "viewport", "partner"),
    [(3, DESKTOP, None), (4, PHONE, "Computer 2 (expert)")],
    ids=["three-players-desktop", "partnerships-phone"],
)
def test_a_person_plays_a_hand_with_experts_in_every_other_seat(
    site_server, new_page, table_users, players, viewport, partner
):
    alice = Player(table_users[0], new_page(viewport=viewport), site_server.url)
    alice.log_in()
    invite(alice, players=players)
    fill_with_experts(alice)
    names = alice.page.inner_text("#board")
    assert names.count("(expert)") == players - 1
    if partner is not None:
        assert alice.page.inner_text("#board .board-score-near .board-name") == (
            f"{alice.name} (you) & {partner}"
        )
    assert play_one_hand([alice], f"experts-{players}") >= players
    save_screenshot(alice.page, f"experts-{players}-after-hand")
