"""The rating history chart on a profile, in real Chromium: axes with ratings and dates, each
point's date, rating and change on hover or keyboard focus, and the table behind it
(issue 26 item 17)."""

from __future__ import annotations

import pytest

from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe
from tests.support.live_shell import on_live_database

pytestmark = pytest.mark.browser

RATED_MATCHES = """
import random
from django.contrib.auth import get_user_model
from games import services
from tests.server.driving import play_random_match
from tests.support.tasks import tasks_run_due
User = get_user_model()
dana, _ = User.objects.get_or_create(username="dana_chart")
erin, _ = User.objects.get_or_create(username="erin_chart")
for seed in range(4):
    match = services.match_create(creator=dana, options={{"variant": "five", "match_target": 1}}, rated=True)
    services.match_join(match=match, user=erin)
    play_random_match(match, random.Random(seed))
    tasks_run_due()
"""


def test_the_rating_chart_has_axes_points_on_hover_and_focus_and_a_table(
    site_server, new_page, live_database
):
    on_live_database(live_database.url).run(RATED_MATCHES.format())
    for size, name in (
        ({"width": 1366, "height": 768}, "desk"),
        ({"width": 390, "height": 844}, "phone"),
    ):
        page = new_page(viewport=size)
        page.goto(f"{site_server.url}/accounts/players/dana_chart/")
        chart = page.locator(".rating-chart[data-kind='five-2p']")
        chart.wait_for()
        ticks = chart.locator(".rating-axis .rating-tick:not(.rating-date)").all_text_contents()
        assert len(ticks) >= 2 and all(tick.isdigit() for tick in ticks)
        dates = chart.locator(".rating-date").all_text_contents()
        assert dates and all(date.endswith(("2026", "2027")) for date in dates)
        # A point and a row per rated match (the rules on rating the same pair repeatedly may
        # leave one of the four unrated).
        points = chart.locator(".rating-point")
        rows = chart.locator(".rating-history-table tbody tr")
        count = points.count()
        assert count >= 2 and rows.count() == count
        last = rows.nth(count - 1).locator("td").all_text_contents()
        label = points.nth(count - 1).locator(".rating-point-label")
        assert not label.is_visible()
        points.nth(count - 1).hover()
        assert label.is_visible()
        assert label.text_content() == f"{last[0]}: {last[3]} ({last[4]})"
        save_screenshot(page, f"rating-chart-hover-{name}")
        page.mouse.move(0, 0)
        points.nth(0).focus()
        first = rows.nth(0).locator("td").all_text_contents()
        assert points.nth(0).locator(".rating-point-label").is_visible()
        assert (
            points.nth(0)
            .get_attribute("aria-label")
            .startswith(f"{first[0]}: {first[3]} ({first[4]})")
        )
        page.keyboard.press("Tab")
        assert points.nth(1).locator(".rating-point-label").is_visible()
        # The table behind the chart opens and reads the same matches.
        chart.locator(".rating-history-table summary").click()
        assert rows.nth(0).is_visible()
        save_screenshot(page, f"rating-chart-table-{name}")
        violations = blocking_violations(page)
        assert not violations, describe(violations)
