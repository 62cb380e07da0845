"""The place to learn in Chromium, at 1366x768 and 390x844: a hand picked on the card picker
ranked on the analysis board, a play position with each card's value and the line it expects,
a hand counted item by item, and a practice hand counted wrong with what was missed shown and
remembered."""

from __future__ import annotations

import pytest

from games.engine.cards import parse_card
from learn.counting import count_hand
from tests.browser.conftest import Player
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_picked_on_the_picker_is_ranked_on_the_board(site_server, new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto(site_server.url + "/analysis/")
    picker = page.locator(".card-picker[data-picker-for=cards]")
    for name in (
        "five of hearts",
        "five of diamonds",
        "jack of spades",
        "queen of clubs",
        "two of hearts",
        "nine of clubs",
    ):
        picker.get_by_role("button", name=name, exact=True).click()
    assert picker.locator("[aria-pressed=true]").count() == 6
    assert page.input_value("#cards") == "5H 5D JS QC 2H 9C"
    page.check("#role-dealer")
    page.get_by_role("button", name="Analyse").click()
    rows = page.locator("[data-testid=throws] tbody tr")
    rows.first.wait_for()
    assert rows.count() == 15
    assert "best" in rows.first.inner_text()
    assert page.locator("[data-testid=throws] .is-expert").count() == 1
    assert "cards=5H+5D+JS+QC+2H+9C" in page.url and "role=dealer" in page.url  # shareable
    save_screenshot(page, f"learn-board-{size}")
    violations = blocking_violations(page)
    assert not violations, describe(violations)


def test_the_counter_lights_each_combination_in_turn(site_server, new_page):
    page = new_page(viewport=SIZES["phone"])
    page.goto(site_server.url + "/learn/count/?hand=5H+5D+5S+JC&starter=5C")
    assert page.locator("#count-title").inner_text() == "29 points"
    step = page.locator("#count-step")
    items = page.locator("#count-items li")
    for index in range(3):
        step.click()
        wanted = items.nth(index).get_attribute("data-cards").split(",")
        lit = page.locator("#count-cards .is-lit")
        assert sorted(lit.nth(i).get_attribute("data-card") for i in range(lit.count())) == sorted(
            wanted
        )
        assert page.locator("#count-now").inner_text() == items.nth(index).inner_text()
    save_screenshot(page, "learn-counter-phone")


def test_a_practice_hand_counted_wrong_shows_what_was_missed(site_server, new_page, table_users):
    player = Player(table_users[0], new_page(viewport=SIZES["desktop"]), site_server.url)
    player.log_in()
    page = player.page
    page.goto(site_server.url + "/learn/practice/")
    dealt = page.locator("[data-testid=practice-deal] [data-card]")
    cards = [dealt.nth(i).get_attribute("data-card") for i in range(dealt.count())]
    crib = "crib" in page.locator("#deal-title").inner_text()
    truth = count_hand(tuple(map(parse_card, cards[:-1])), parse_card(cards[-1]), crib=crib)
    by_kind = truth.points_by_kind()
    # Count every kind right but the fifteens, which are left out (or, with none, claimed).
    for kind, points in by_kind.items():
        page.fill(f"#answer-{kind}", str(points))
    wrong = 0 if by_kind["fifteen"] else 2
    page.fill("#answer-fifteen", str(wrong))
    assert page.locator("#practice-total").inner_text() == str(
        truth.total - by_kind["fifteen"] + wrong
    )
    page.get_by_role("button", name="Check my count").click()
    marking = page.locator("[data-testid=practice-marking]")
    marking.wait_for()
    assert f"it is {truth.total}" in marking.inner_text()
    fifteens = marking.locator("tr", has_text="Fifteens")
    assert ("missed" if by_kind["fifteen"] else "over-counted") in fifteens.inner_text()
    progress = page.locator("[data-testid=practice-progress]").inner_text()
    assert "0 right of 1" in progress
    if by_kind["fifteen"]:
        assert "fifteens" in page.locator("[data-testid=missed-most]").inner_text()
    save_screenshot(page, "learn-practice-desktop")


@pytest.mark.parametrize("size", SIZES)
def test_a_play_position_shows_each_cards_value_and_the_line_it_expects(
    site_server, new_page, size
):
    page = new_page(viewport=SIZES[size])
    page.goto(
        site_server.url
        + "/analysis/play/?hand=5H+6D+9S+4C&theirs=TC&pile=TC&thrown=KH+QS&starter=2C&holds=3"
        "&role=dealer"
    )
    rows = page.locator("[data-testid=play-values] tbody tr")
    rows.first.wait_for()
    assert rows.count() == 4
    best = rows.first
    assert "best" in best.inner_text() and best.locator('[data-card="5H"]').count() == 1
    line = best.locator("[data-testid=play-line]")
    assert line.is_visible()
    # The five makes fifteen; the line goes on with the opponent's likeliest reply.
    assert line.inner_text().startswith("you 5: 15, fifteen for 2 → they ")
    for index in range(4):
        assert rows.nth(index).locator("[data-testid=play-line]").inner_text().startswith("you ")
    assert page.locator("[data-testid=play-line-note]").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"]  # the lines wrap: nothing runs off a phone's screen
    save_screenshot(page, f"learn-play-line-{size}")
    violations = blocking_violations(page)
    assert not violations, describe(violations)
