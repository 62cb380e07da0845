"""Two people play a three-day match: they throw, one of them closes the page and stops
answering; nobody is told they are "disconnected" and nobody may claim the win; /games/ and the
home page put the match first for the one it waits on; that player comes back a day later to
the same table, in step, and leaves again; and when the three days have passed (the clock moved
in the database, as tests/browser/test_clocks.py does, and the durable check's time with it)
the worker ends the match on time and the one still there sees the win. A second test: the
Muggins window in moves, passed with the table's Pass button.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player, settle, start_match
from tests.browser.table_checks import act, check_table
from tests.browser.test_accessibility_audit import audit
from tests.browser.test_manual_scoring_and_muggins import claim, true_points
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
DAYS_PASS = """
from datetime import timedelta
from django_tasks_db.models import DBTaskResult
from games.models import Match
match = Match.objects.get(pk={match_id})
gone = timedelta(minutes={minutes})
Match.objects.filter(pk=match.pk).update(clock_since=match.clock_since - gone)
for task in DBTaskResult.objects.filter(task_path="games.tasks.clock_check", status="READY"):
    if task.args_kwargs["kwargs"]["match_id"] == match.pk:
        DBTaskResult.objects.filter(pk=task.pk).update(run_after=task.run_after - gone)
"""


def time_passes(database_url: str, match_id: int, *, minutes: int) -> None:
    """``minutes`` pass for the match: its running clock, and the check queued for when that
    clock runs out."""
    on_live_database(database_url).run(DAYS_PASS.format(match_id=match_id, minutes=minutes))


def test_a_three_day_match_is_lost_on_time_by_the_player_who_stopped_answering(
    seat_players, live_database
):
    alice, bob = seat_players(DESKTOP, PHONE)
    start_match(alice, bob, variant="five", clock="3d")
    assert "3 days per move" in alice.page.locator("#match-options").inner_text()
    players = [alice, bob]
    truth = settle(players)
    match_id = truth["match"]
    # Both throw to the crib; the play then waits on the pone alone.
    for player in players:
        act(player, player.view(), keyboard=False)
    truth = settle(players, after=truth["seq"])
    pone = truth["view"]["turn"]
    assert pone is not None and truth["view"]["phase"] == "play"
    leaver, stayer = players[pone], players[1 - pone]
    # The clock shows days, and runs for the pone only.
    running = f'#clocks .clock[data-seat="{pone}"].running'
    stayer.page.locator(running).wait_for(timeout=10_000)
    assert (
        " d " in stayer.page.locator(f'#clocks .clock[data-seat="{pone}"] .clock-time').inner_text()
    )

    # The pone closes the page and stops answering.
    leaver_context = leaver.page.context
    leaver.page.close()
    stayer.page.locator("[data-presence]", has_text="last here").wait_for(timeout=15_000)
    assert stayer.page.locator("[data-claim]").count() == 0  # no claim at a turn-based table
    assert stayer.page.locator(".presence-badge:visible").count() == 0  # no "Disconnected"
    save_screenshot(stayer.page, "turn-based-opponent-away-phone")

    # /games/ lists the match for the one it waits on, first, as their move, with days left.
    games = leaver_context.new_page()
    games.set_viewport_size(DESKTOP)
    games.goto(f"{alice.base_url}/games/")
    rows = games.locator("[data-testid=in-play-row]")
    ids = [rows.nth(index).get_attribute("data-match-id") for index in range(rows.count())]
    at = ids.index(str(match_id))
    first = rows.nth(at)
    # Those waiting on the viewer come first (the session's other tests may have left some).
    assert all("Your move" in rows.nth(index).inner_text() for index in range(at + 1))
    assert "Your move" in first.inner_text() and "left" in first.inner_text()
    assert "Turn-based" in first.inner_text()
    assert audit(games, "/games/ with a match waiting on the viewer") == []
    save_screenshot(games, "games-in-play-desktop")
    games.set_viewport_size(PHONE)
    save_screenshot(games, "games-in-play-phone")
    assert games.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The home page's box says the same.
    games.goto(f"{alice.base_url}/")
    box = games.get_by_test_id("home-in-play")
    assert "Your move" in box.locator(f'[data-match-id="{match_id}"]').inner_text()
    box.scroll_into_view_if_needed()
    save_screenshot(games, "home-in-play-phone")
    games.set_viewport_size(DESKTOP)
    save_screenshot(games, "home-in-play-desktop")
    games.close()

    # A day later the pone comes back to the same table, in step with the server, and sees a
    # day gone from their move; then closes the page again without playing.
    time_passes(live_database.url, match_id, minutes=24 * 60)
    back = leaver_context.new_page()
    back.set_viewport_size(DESKTOP)
    back.goto(stayer.page.url)
    back.wait_for_selector("#connection[data-state=open]")
    returned = Player(leaver.name, back, leaver.base_url)
    check_table(returned, returned.server_view())
    mine = back.locator(f'#clocks .clock[data-seat="{pone}"] .clock-time').inner_text()
    assert mine.startswith("1 d 23 h"), mine
    back.close()

    # The other two days pass; the worker's check ends the match on time with nobody acting.
    time_passes(live_database.url, match_id, minutes=2 * 24 * 60 + 1)
    panel = stayer.page.locator("#result-panel")
    panel.wait_for(state="visible", timeout=30_000)
    panel.filter(has_text="won on time").wait_for(timeout=10_000)
    stayer.page.wait_for_function("() => window.cribbage.view.end_reason === 'time'")
    assert stayer.page.evaluate("window.cribbage.view.winner") == 1 - pone
    save_screenshot(stayer.page, "turn-based-won-on-time-phone")


def nothing_else_to_do(view: dict) -> bool:
    legal = view["legal"]
    return not (legal["claim"] or legal["play"] or legal["discard"])


def test_in_a_turn_based_match_the_claimant_waits_until_the_opponent_passes_on_muggins(
    seat_players,
):
    alice, bob = seat_players(DESKTOP, PHONE)
    start_match(alice, bob, variant="five", scoring="manual", muggins=True, clock="3d")
    players = [alice, bob]
    seq = -1
    passed = False
    for _ in range(300):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        views = [player.view() for player in players]
        # The window holds the claimant: the only thing left to do is the caller's answer.
        held = next(
            (
                index
                for index, view in enumerate(views)
                if view["legal"]["muggins"]
                and nothing_else_to_do(view)
                and nothing_else_to_do(views[1 - index])
                and view["phase"] != "match_over"
            ),
            None,
        )
        if held is not None:
            caller, claimant = players[held], players[1 - held]
            assert claimant.view()["to_act"] == [held]
            assert claimant.page.locator("#claim-form").count() == 0
            pass_button = caller.page.locator("#muggins-pass")
            assert pass_button.is_visible()
            assert "Play waits for your answer" in caller.page.inner_text("#muggins-form")
            save_screenshot(
                caller.page, f"turn-based-muggins-pass-{'desktop' if held == 0 else 'phone'}"
            )
            pass_button.click()
            truth = settle(players, after=seq)
            assert truth["view"]["muggins"] is None
            assert 1 - held in truth["view"]["to_act"]  # the claimant goes on
            passed = True
            break
        if views[0]["phase"] == "match_over":
            break
        acted = False
        for player, view in zip(players, views, strict=True):
            if view["legal"]["claim"]:
                claim(player, true_points(view), quick=False)
                acted = True
                break
        if acted:
            continue
        acted_any = [act(alice, views[0], keyboard=False), act(bob, views[1], keyboard=False)]
        assert any(acted_any), f"nobody could act in {truth['view']['phase']}"
    assert passed, "no Muggins window ever held a claimant"
