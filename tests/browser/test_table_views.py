"""What each person at the table sees: their chosen card order, and a spectator's public view."""

from __future__ import annotations

import pytest

from games.engine import parse_card
from tests.browser.conftest import Player, settle, start_match, start_public_match
from tests.browser.table_checks import check_table
from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


def hand_on_page(player: Player) -> list[str]:
    return player.page.eval_on_selector_all(
        "#hand-near .card", "cards => cards.map(c => c.dataset.card)"
    )


def ranks(cards: list[str]) -> list[int]:
    return [parse_card(card).rank for card in cards]


def test_the_hand_follows_the_chosen_card_order_and_remembers_it_after_a_reload(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="six")
    settle([alice, bob])
    alice.page.evaluate("localStorage.clear()")

    alice.page.select_option("#card-order", "descending")
    assert ranks(hand_on_page(alice)) == sorted(ranks(hand_on_page(alice)), reverse=True)
    # A member's order is saved to their account: the reload must come after the save (in a
    # loaded full run the reload's page was rendered before the save had landed).
    alice.page.wait_for_function("() => document.body.dataset.cardOrder === 'descending'")

    alice.page.reload()
    alice.page.wait_for_selector("#connection[data-state=open]")
    assert alice.page.input_value("#card-order") == "descending"
    assert ranks(hand_on_page(alice)) == sorted(ranks(hand_on_page(alice)), reverse=True)

    alice.page.select_option("#card-order", "dealt")
    assert hand_on_page(alice) == alice.view()["cards"]
    alice.page.wait_for_function("() => document.body.dataset.cardOrder === 'dealt'")
    alice.page.select_option("#card-order", "ascending")
    assert ranks(hand_on_page(alice)) == sorted(ranks(hand_on_page(alice)))
    # Saved before the test ends: alice's account order is the next test's starting order.
    alice.page.wait_for_function("() => document.body.dataset.cardOrder === 'ascending'")
    # Bob's own choice is his: his browser never heard of Alice's.
    assert bob.page.input_value("#card-order") == "ascending"


def test_a_spectator_sees_both_names_and_only_public_cards(seat_players, site_server):
    alice, bob, carol = seat_players(DESKTOP, DESKTOP, PHONE)
    table = start_public_match(alice, bob, variant="six")
    carol.page.goto(table)
    carol.page.wait_for_selector("#connection[data-state=open]")
    truth = settle([alice, bob, carol])
    check_table(carol, carol.server_view())

    assert carol.view()["viewer"] is None
    assert carol.page.locator("#join-button").count() == 0
    board = carol.page.inner_text("#board")
    assert alice.name in board and bob.name in board
    assert "(you)" not in board
    assert carol.page.locator("#hand-near .card[data-card]").count() == 0, (
        "no face-up card of a seated player"
    )
    assert carol.page.locator("#hand-near .card-back").count() == truth["view"]["held_counts"][0]
    assert carol.page.locator("#hand-near button").count() == 0
    assert carol.page.locator("#actions-bar button").count() == 0
    save_screenshot(carol.page, "spectator-phone")


def test_resigning_takes_two_presses_and_ends_the_match_for_both(seat_players):
    alice, bob = seat_players(DESKTOP, PHONE)
    start_match(alice, bob, variant="six")
    settle([alice, bob])
    button = bob.page.locator("#resign-button")
    button.click()
    assert button.inner_text() == "Really resign?"
    assert bob.server_view()["view"]["phase"] != "match_over", "one press sends nothing"
    button.click()
    truth = settle([alice, bob])
    assert truth["view"]["phase"] == "match_over" and truth["view"]["winner"] == 0
    assert "bob_table resigned: you win the match" in alice.page.inner_text("#result-panel")
    assert "resignation" in bob.page.inner_text("#result-panel")
    assert alice.page.locator("#resign-button").is_hidden()
