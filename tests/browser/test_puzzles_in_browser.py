"""Puzzles in Chromium: a player solves the daily puzzle from the home page and a puzzle made
from their own mistake, and sees their puzzle rating move (issue 29's "done when")."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import Player
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database

pytestmark = pytest.mark.browser

# A finished match between the two table users, played with random legal moves (plenty of
# mistakes), then analysed as the worker would: the review's hook makes the puzzles.
SEED_PUZZLES = """
import random
from django.contrib.auth import get_user_model
from games import services
from games.models import Match
from learn.models import Puzzle
from review.analysis import match_analysis_get
from tests.server.driving import play_random_match
User = get_user_model()
first, second = User.objects.get(username={first!r}), User.objects.get(username={second!r})
# Deals are shuffled afresh, so one match may leave a player without a clear mistake: play
# another (at most a few) until each has one and there is a public puzzle.
def counts():
    return (
        Puzzle.objects.filter(owner=first).count(),
        Puzzle.objects.filter(owner=second).count(),
        Puzzle.objects.filter(owner__isnull=True).count(),
    )
for attempt in range(6):
    if all(counts()):
        break
    match = services.match_create(creator=first, options={{"variant": "five", "match_target": 1}})
    services.match_join(match=match, user=second)
    play_random_match(match, random.Random(3 + attempt))
    match_analysis_get(match=Match.objects.get(pk=match.pk))
print(
    Puzzle.objects.filter(owner=first).count(),
    Puzzle.objects.filter(owner=second).count(),
    Puzzle.objects.filter(owner__isnull=True).count(),
)
"""


def seed_puzzles(database_url: str, first: str, second: str) -> tuple[int, int, int]:
    printed = on_live_database(database_url).run(SEED_PUZZLES.format(first=first, second=second))
    first_own, second_own, public = printed.split()[-3:]
    return int(first_own), int(second_own), int(public)


def solve(page, *, wrong: bool = False) -> None:
    """Choose on the puzzle page: the first one or two cards offered (a guess, often wrong)."""
    choices = page.locator(".puzzle-choice input")
    wanted = 2 if choices.first.get_attribute("type") == "checkbox" else 1
    for index in range(wanted):
        choices.nth(index).check()
    page.get_by_test_id("puzzle-submit").click()
    page.get_by_test_id("puzzle-result").wait_for()


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}])
def test_the_daily_puzzle_and_an_own_mistake_are_solved_and_the_rating_moves(
    site_server, live_database, new_page, table_users, size
):
    first_own, second_own, public = seed_puzzles(live_database.url, table_users[0], table_users[1])
    assert first_own and second_own and public
    player = Player(
        table_users[0] if size["width"] > 500 else table_users[1],
        new_page(viewport=size),
        site_server.url,
    )
    player.log_in()
    page = player.page
    page.goto(site_server.url + "/")
    page.get_by_test_id("home-daily-puzzle").click()
    page.wait_for_url("**/learn/puzzles/*/")
    assert page.locator(".puzzle-choice").count() >= 2  # the choices, never their values
    assert "Value" not in page.content()
    if page.get_by_test_id("puzzle-result").count() == 0:  # the other size's run may have solved it
        solve(page)
    moved = re.search(
        r"your rating (\d+) → (\d+)", page.get_by_test_id("puzzle-result").inner_text()
    )
    assert moved and moved.group(1) != moved.group(2)
    save_screenshot(page, f"puzzle-daily-{size['width']}")

    page.goto(site_server.url + "/learn/puzzles/")
    page.get_by_test_id("mistake-puzzle").click()
    page.wait_for_url("**/learn/puzzles/*/")
    assert "Your mistake" in page.locator("h1").inner_text()
    solve(page)
    page.goto(site_server.url + "/learn/puzzles/")
    rating = page.get_by_test_id("puzzle-rating").inner_text()
    assert "solved of 2" in rating
    assert "1500" not in page.get_by_test_id("puzzle-rating").locator("strong").inner_text()
    assert page.get_by_test_id("puzzle-history").locator("li").count() == 2
    save_screenshot(page, f"puzzles-home-{size['width']}")
