"""Issue 27's story, end to end in two browsers: two people become friends, one challenges the
other to a three-day match, the one it waits on is told it is their turn in the bell and by
e-mail (through a real SMTP server), stops answering, and loses on time when the days pass
(the clock moved in the database, as the turn-based tests do)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import Player, create_live_users, settle
from tests.browser.table_checks import act
from tests.browser.test_turn_based_match import time_passes
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MATCH_URL = re.compile(r"/matches/(\d+)/$")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
EMAILS = """
from django.contrib.auth import get_user_model
for name in {names!r}:
    get_user_model().objects.filter(username=name).update(email=name + "@example.test")
"""


def with_emails(database_url: str, *names: str) -> None:
    on_live_database(database_url).run(EMAILS.format(names=list(names)))


def test_friends_play_three_days_a_move_are_told_their_turn_and_one_loses_on_time(
    site_server, live_database, live_inbox, new_page
):
    names = ("cy_pace", "di_pace")
    create_live_users(live_database.url, *names)
    with_emails(live_database.url, *names)
    cy = Player(names[0], new_page(viewport=LAPTOP), site_server.url)
    di = Player(names[1], new_page(viewport=PHONE), site_server.url)
    for player in (cy, di):
        player.log_in("/notifications/settings/")
        player.page.check("input[name=email_kinds][value=your_turn]")
        player.page.get_by_role("button", name="Save").click()
        player.page.goto(site_server.url + "/friends/")

    # Friends: Cy finds Di by name and asks; Di accepts.
    cy.page.get_by_test_id("friend-search").fill("di_pa")
    cy.page.get_by_role("button", name="Search").click()
    cy.page.get_by_test_id("add-friend-di_pace").click()
    di.page.reload()
    di.page.get_by_test_id("accept-friend-cy_pace").click()
    di.page.locator("[data-friend='cy_pace']").wait_for()

    # Cy challenges Di to a three-day match; Di is told at once, in the bell of the page he is on.
    cy.page.goto(site_server.url + "/friends/")
    cy.page.locator("[data-friend='di_pace']").get_by_test_id("challenge-di_pace").click()
    cy.page.check("input[name=variant][value=five]")
    cy.page.click("details.clock-choice summary")
    cy.page.select_option("select[name=clock]", "3d")
    cy.page.get_by_test_id("send-challenge").click()
    di.page.locator("[data-bell-count]:visible").wait_for(timeout=15_000)
    di.page.goto(site_server.url + "/friends/")
    di.page.get_by_test_id("open-challenges").get_by_role("link", name="Open").click()
    di.page.get_by_test_id("accept-challenge").click()
    di.page.wait_for_url(MATCH_URL, timeout=15_000)
    cy.page.wait_for_url(MATCH_URL, timeout=15_000)
    assert "3 days per move" in cy.page.locator("#match-options").inner_text()

    # Both throw; the play then waits on the pone alone, who is told in the bell and by mail.
    players = [cy, di]
    truth = settle(players)
    match_id = truth["match"]
    for player in players:
        act(player, player.view(), keyboard=False)
    truth = settle(players, after=truth["seq"])
    by_seat = {player.view()["viewer"]: player for player in players}
    pone = truth["view"]["turn"]
    waited, other = by_seat[pone], by_seat[1 - pone]
    bell = waited.page.locator("[data-bell-button]")
    bell.click()
    # Told at the deal (both had to throw) and again when the play came to wait on them alone.
    told = waited.page.locator("[data-bell-list] li", has_text=f"Your move in match {match_id}")
    told.first.wait_for(timeout=15_000)
    save_screenshot(waited.page, "friends-your-turn-in-the-bell")
    address = f"{waited.name}@example.test"

    def turn_mail():
        for message, recipients in zip(live_inbox.messages, live_inbox.recipients, strict=True):
            if address in recipients and "Your turn" in message["Subject"]:
                return message
        return None

    mail = wait_until(turn_mail, timeout=30, message="the your-turn mail")
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert f"/matches/{match_id}/" in body and "unsubscribe" in body.lower()
    assert mail["List-Unsubscribe"]

    # The pone stops answering: the page closes, and three days pass.
    waited.page.close()
    time_passes(live_database.url, match_id, minutes=3 * 24 * 60 + 1)
    panel = other.page.locator("#result-panel")
    panel.filter(has_text="won on time").wait_for(timeout=30_000)
    assert other.page.evaluate("window.cribbage.view.winner") == 1 - pone
    save_screenshot(other.page, "friends-won-on-time")
