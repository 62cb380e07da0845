"""The review in real Chromium: a player's match against the computer, opened from the banner
and stepped through with the keyboard; and who may open a private match's review, with a share
link that works until it is revoked."""

from __future__ import annotations

import re

import pytest

from games import engine
from tests.browser.conftest import start_match
from tests.browser.table_checks import choose_until_ready
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
REVIEW_URL = re.compile(r"/matches/(\d+)/review/")


def play_into_the_second_hand(page) -> None:
    """Discard and play (mouse) until the second hand's play has begun."""
    for _ in range(200):
        for _ in range(2):
            button = page.locator("#show-continue")
            if button.count() and button.is_visible():
                button.click()
        view = page.evaluate("window.cribbage.view")
        if view["hand"] >= 2 and view["phase"] == "play" and view["played"]:
            return
        legal = view["legal"]
        if legal.get("discard"):
            cards = page.locator("#hand-near button.card")
            cards.nth(0).click()
            cards.nth(1).click()
            choose_until_ready(page)
            page.click("#discard-button")
            # The hand is locked until the server answers; under load that may be a while.
            page.wait_for_function("() => !window.cribbage.view.legal.discard", timeout=15_000)
        elif legal.get("play"):
            page.locator("#hand-near button.card.playable").first.click()
        page.wait_for_timeout(150)
    raise AssertionError("the second hand's play never began")


def test_a_player_reviews_a_match_against_the_computer_from_the_banner(site_server, new_page):
    page = new_page(viewport={"width": 1366, "height": 768})
    page.goto(site_server.url + "/matches/computer/")
    page.check("input[name=level][value=easy]")
    page.check("input[name=variant][value=six]")
    page.check("input[name=scoring][value=auto]")
    page.get_by_test_id("start-computer-match").click()
    page.wait_for_url(MATCH_URL, timeout=10_000)
    match_id = int(MATCH_URL.search(page.url).group(1))
    page.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    play_into_the_second_hand(page)

    page.click("#resign-button")
    page.click("#resign-button")  # asked twice
    page.locator("#review-match").click(timeout=10_000)
    page.wait_for_url(REVIEW_URL)
    page.wait_for_selector("#board .board-svg")

    # It opens on the first deal, each player's mistakes counted in view, with jumps and keys.
    data = page.evaluate("window.cribbageReview.hands")
    assert page.get_attribute("body", "data-step") == str(data[0]["step"])
    assert page.locator("#hand-near .card").count() == 6
    flaws = page.evaluate("window.cribbageReview.flaws")
    assert flaws, "two hands of first-card play and an easy computer make no mistake?"
    for seat in (0, 1):
        row = page.locator(f".flaw-row[data-seat='{seat}']")
        assert row.is_visible() and row.bounding_box()["y"] + row.bounding_box()["height"] <= 768
        own = [flaw for flaw in flaws if flaw["seat"] == seat]
        for label, plural in (
            ("inaccuracy", "inaccuracies"),
            ("mistake", "mistakes"),
            ("blunder", "blunders"),
        ):
            count = sum(1 for flaw in own if flaw["label"] == label)
            assert f"{count} {label if count == 1 else plural}" in row.inner_text()
    save_screenshot(page, "review-opens-on-the-first-deal")
    seat = flaws[0]["seat"]
    own = [flaw["step"] for flaw in flaws if flaw["seat"] == seat]
    page.keyboard.press("n" if seat == 0 else "N")
    assert page.get_attribute("body", "data-step") == str(own[0])
    assert page.inner_text("#flaw-status").endswith(f"'s {flaws[0]['label']}.")
    page.locator(f".flaw-row[data-seat='{seat}'] .flaw-on").click()
    assert page.get_attribute("body", "data-step") == str(own[1] if len(own) > 1 else own[0])
    page.keyboard.press("p" if seat == 0 else "P")
    assert page.get_attribute("body", "data-step") == str(own[0])

    # Home, down to the second hand's deal, then on through both discards to its first play.
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert page.get_attribute("body", "data-step") == "0"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    data = page.evaluate("window.cribbageReview.hands")
    assert page.get_attribute("body", "data-step") == str(data[1]["step"])
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    step = page.evaluate("window.cribbageReview.steps[window.cribbageReview.step]")
    assert (step["kind"], step["hand"], step["play"]) == ("play", 1, 0)
    assert f"step={data[1]['step'] + 3}" in page.url

    # The board and both hands at that step, face up.
    assert page.locator("#pile .card").count() == 1
    assert page.locator("#hand-near .card").count() + page.locator("#hand-far .card").count() == 7
    assert page.locator("#starter .card").count() == 1 and page.locator("#crib .card").count() == 4
    near = page.inner_text(".board-score-near .board-points")
    assert near == str(step["state"]["scores"][0])
    # The discard grades of that hand, and the luck line in the chart.
    page.locator(".discard-grade").nth(1).wait_for()
    assert page.locator(".discard-grade .grade").count() == 2
    # "Analyse this throw" opens that deal on the analysis board (issue 29): every throw of the
    # same six cards, ranked, in a page of its own so the review keeps its place.
    href = page.locator(".discard-grade [data-testid=analyse-throw]").first.get_attribute("href")
    board = new_page(viewport={"width": 1366, "height": 768})
    board.goto(site_server.url + href)
    assert board.locator("[data-testid=throws] tbody tr").count() == 15
    shown = page.locator(".discard-grade").first.locator(".grade-cards .card")
    dealt = sorted(shown.nth(i).get_attribute("data-card") for i in range(shown.count()))
    assert sorted(board.input_value("#cards").split()) == dealt and len(dealt) == 6
    assert page.locator(".chart-line").count() == 4  # two scores, two luck lines
    page.keyboard.press("?")
    assert page.locator("#keys-list").is_visible()
    page.locator(".proof-verdict.verified").wait_for()
    save_screenshot(page, "review-second-hand-play")
    violations = blocking_violations(page)
    assert not violations, describe(violations)

    # A link opens that moment; a stranger may open a public match's review.
    stranger = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    stranger.goto(page.url)
    stranger.wait_for_selector("#board .board-svg")
    assert stranger.evaluate("window.cribbageReview.step") == data[1]["step"] + 3
    save_screenshot(stranger, "review-phone")
    # On a phone too it opens on the first deal with each player's mistakes in view.
    stranger.goto(page.url.split("?")[0])
    stranger.wait_for_selector(".flaw-row[data-seat='1']")
    assert stranger.evaluate("window.cribbageReview.step") == data[0]["step"]
    box = stranger.locator(".flaw-row[data-seat='1']").bounding_box()
    assert box["y"] + box["height"] <= 844
    save_screenshot(stranger, "review-phone-first-deal")
    violations = blocking_violations(stranger)
    assert not violations, describe(violations)

    # The JSON export replays through the engine to the match's final score.
    export = page.request.get(f"{site_server.url}/matches/{match_id}/review/export.json").json()
    state, _ = engine.replay(
        engine.MatchOptions.from_dict(export["match"]["options"]),
        [engine.action_from_dict(action) for action in export["actions"]],
    )
    assert list(state.scores) == export["final_scores"]
    assert state.winner == export["match"]["winner_seat"] == 1 and state.end_reason == "resigned"


def test_a_private_review_is_for_its_players_and_whoever_holds_its_share_link(seat_players):
    alice, bob, carol = seat_players(*[{"width": 1280, "height": 900}] * 3)
    start_match(alice, bob, variant="five")
    match_url = bob.page.url
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    review = f"{match_url}review/"
    bob.page.locator("#review-match").wait_for(timeout=10_000)

    assert carol.page.request.get(review).status == 404
    alice.page.goto(review)
    alice.page.get_by_test_id("share-on").click()
    shared = alice.page.input_value("#share-url")
    assert "?share=" in shared

    carol.page.goto(shared)
    carol.page.wait_for_selector("#board .board-svg")
    assert carol.page.locator("[data-testid=share-box]").count() == 0

    bob.page.goto(review)  # either player turns it off
    # bob sat in seat 1: his review draws him near, at the bottom, as his table did.
    bob.page.set_viewport_size({"width": 390, "height": 844})
    bob.page.wait_for_selector("#board .board-svg")
    assert bob.page.inner_text("#name-near").startswith(bob.name)
    assert carol.page.inner_text("#name-near").startswith(alice.name)
    save_screenshot(bob.page, "review-phone-own-seat-near")
    bob.page.get_by_test_id("share-off").click()
    alice.page.reload()
    assert alice.page.get_by_test_id("share-on").is_visible()
    assert carol.page.request.get(shared).status == 404
    # Her finished matches list it, linking to the review.
    alice.page.goto(f"{alice.base_url}/accounts/players/{alice.name}/matches/?against=human")
    alice.page.locator(f"a[href='{review.removeprefix(alice.base_url)}']").wait_for()
    violations = blocking_violations(alice.page)
    assert not violations, describe(violations)
