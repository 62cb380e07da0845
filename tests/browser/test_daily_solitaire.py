"""One person plays a whole game of the daily solitaire in the browser, counting it themselves
(a wrong count first, refused and counted as a miss), on a seeded deck, and finds the game on
the day's leaderboard with the score the engine gives the same throws."""

from __future__ import annotations

import random

import pytest

from games.engine import full_deck
from games.engine.scoring import score_show
from games.engine.solitaire import (
    SolitaireState,
    last_four_count,
    solitaire_apply,
    solitaire_start,
)
from tests.browser.conftest import Player
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database

pytestmark = pytest.mark.browser

SEEDED_DAY = """
from solitaire.models import DailyDeal, SolitaireGame
from solitaire.services import today
from games.fairness import commitment_for
deck = {deck!r}
SolitaireGame.objects.filter(deal__day=today()).delete()
# The test's people have accounts from before today: only those rank (issue 25, item 7).
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
get_user_model().objects.update(date_joined=timezone.now() - timedelta(days=2))
DailyDeal.objects.update_or_create(
    day=today(), defaults={{"deck": " ".join(deck), "salt": "seed", "commitment": commitment_for(deck, "seed")}}
)
"""


def seed_today(database_url: str, deck: list[str]) -> None:
    on_live_database(database_url).run(SEEDED_DAY.format(deck=deck))


def truth_of(state: SolitaireState) -> int:
    if state.pending == "last_four":
        return last_four_count(state.hand).total
    cards = state.hand if state.pending == "hand" else state.crib
    return score_show(cards, state.starter, crib=state.pending == "crib").total


def test_a_person_plays_the_seeded_daily_deal_and_sees_it_on_the_leaderboard(
    site_server, new_page, live_database, table_users
):
    deck = list(full_deck())
    random.Random(2026).shuffle(deck)
    seed_today(live_database.url, [str(card) for card in deck])
    player = Player(
        table_users[2], new_page(viewport={"width": 390, "height": 844}), site_server.url
    )
    player.log_in()
    page = player.page
    page.goto(f"{site_server.url}/solitaire/")
    page.check("input[name=mode][value=count]")
    page.get_by_test_id("start-solitaire").click()
    page.wait_for_selector("#solitaire[data-phase=throw]")
    expected = solitaire_start(deck, mode="count")
    missed = False
    for _ in range(60):
        phase = page.get_attribute("#solitaire", "data-phase")
        view = page.evaluate("window.cribbageSolitaire.view")
        assert view["hand"] == [str(card) for card in expected.hand]
        assert view["score"] == expected.score
        if phase == "over":
            break
        if phase == "throw":
            cards = page.locator("#solitaire-hand button.card")
            cards.nth(0).click()
            cards.nth(3).click()
            thrown = [str(expected.hand[0]), str(expected.hand[3])]
            page.click("#solitaire-throw")
            expected = solitaire_apply(expected, {"type": "throw", "cards": thrown})
        elif phase == "count":
            truth = truth_of(expected)
            if not missed:
                page.fill("#solitaire-claim", str(truth + 1))
                page.click("#solitaire-claim-button")
                page.locator("#solitaire-status", has_text="not right").wait_for()
                missed = True
            page.fill("#solitaire-claim", str(truth))
            page.click("#solitaire-claim-button")
            expected = solitaire_apply(expected, {"type": "claim", "points": truth})
        else:
            if expected.round == 1:
                save_screenshot(page, "solitaire-counted-phone")
            page.click("#solitaire-next")
            expected = solitaire_apply(expected, {"type": "next"})
        page.wait_for_function(
            "([phase, score]) => document.getElementById('solitaire').dataset.phase === phase"
            " && Number(document.getElementById('solitaire').dataset.score) === score",
            arg=[expected.phase, expected.score],
        )
    else:
        pytest.fail("the solitaire game did not end")
    assert expected.finished and missed
    assert f"{expected.score} points" in page.inner_text("#solitaire-status")
    page.reload()
    board = page.inner_text("#solitaire-board")
    assert f"{player.name}\t{expected.score}\t{expected.outcome}" in board
    assert "1 miscount" in board
    save_screenshot(page, "solitaire-over-phone")
