"""Two people in two browsers make friends, one challenges the other, who accepts: both land
at the table. Then a chat mute silences one for the other, and a block ends the friendship and
refuses the next challenge. The privacy settings save (all chat muted, puzzles from private
matches allowed to be public)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import create_live_users, log_in_page
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
CHALLENGE_URL = re.compile(r"/challenges/(\d+)/$")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def test_friends_challenge_accept_and_block(site_server, live_database, new_page):
    create_live_users(live_database.url, "ann_social", "ben_social")
    ann = new_page(viewport=LAPTOP)
    ben = new_page(viewport=PHONE)
    log_in_page(ann, site_server.url, "ann_social", "/friends/")
    log_in_page(ben, site_server.url, "ben_social", "/friends/")

    # Ann finds Ben by name and asks him to be friends.
    ann.get_by_test_id("friend-search").fill("ben_so")
    ann.get_by_role("button", name="Search").click()
    ann.get_by_test_id("add-friend-ben_social").click()
    ann.locator(".messages", has_text="Friend request sent to ben_social").wait_for()

    # Ben sees the request on his friends page and accepts it.
    ben.reload()
    ben.get_by_test_id("accept-friend-ann_social").click()
    ben.locator("[data-friend='ann_social']").wait_for()
    save_screenshot(ben, "social-friends-phone")
    assert not blocking_violations(ben), describe(blocking_violations(ben))

    # Ann's friend list now shows Ben, with his presence and a Challenge button.
    ann.goto(site_server.url + "/friends/")
    friend = ann.locator("[data-friend='ben_social']")
    friend.locator("[data-presence-state]").wait_for()
    save_screenshot(ann, "social-friends-laptop")
    friend.get_by_test_id("challenge-ben_social").click()
    assert ann.get_by_label("Opponent's name").input_value() == "ben_social"
    ann.get_by_test_id("send-challenge").click()
    ann.wait_for_url(CHALLENGE_URL)
    challenge_path = ann.url.removeprefix(site_server.url)
    ann.get_by_test_id("challenge-state").filter(has_text="Waiting for ben_social").wait_for()
    save_screenshot(ann, "social-challenge-sent-laptop")
    assert not blocking_violations(ann), describe(blocking_violations(ann))

    # Ben opens it from his friends page and accepts; Ann's page follows him to the table
    # without a reload (the challenge socket).
    ben.goto(site_server.url + "/friends/")
    ben.get_by_test_id("open-challenges").get_by_role("link", name="Open").click()
    ben.wait_for_url(f"**{challenge_path}")
    save_screenshot(ben, "social-challenge-received-phone")
    assert not blocking_violations(ben), describe(blocking_violations(ben))
    ben.get_by_test_id("accept-challenge").click()
    ben.wait_for_url(MATCH_URL, timeout=10_000)
    ann.wait_for_url(MATCH_URL, timeout=10_000)
    assert ann.url == ben.url
    ann.locator("#hand-near button.card").first.wait_for(timeout=10_000)

    # Ben mutes Ann in chat from her profile: in the lobby he no longer sees her lines (she is
    # not told), while she still sees his.
    ben.goto(site_server.url + "/accounts/players/ann_social/")
    ben.get_by_test_id("mute-ann_social").click()
    ben.locator(".messages", has_text="You no longer hear ann_social").wait_for()
    for page in (ann, ben):
        page.goto(site_server.url + "/lobby/")
    ann_log, ben_log = ann.get_by_test_id("lobby-chat-log"), ben.get_by_test_id("lobby-chat-log")
    ann.get_by_test_id("lobby-chat-input").fill("can you hear me, ben?")
    ann.get_by_test_id("lobby-chat-send").click()
    ann_log.get_by_text("can you hear me, ben?").wait_for()
    ben.get_by_test_id("lobby-chat-input").fill("quiet in here")
    ben.get_by_test_id("lobby-chat-send").click()
    ben_log.get_by_text("quiet in here").wait_for()
    ann_log.get_by_text("quiet in here").wait_for()
    assert ben_log.get_by_text("can you hear me, ben?").count() == 0
    ben.reload()  # the history on arrival is filtered the same way
    ben_log.get_by_text("quiet in here").wait_for()
    assert ben_log.get_by_text("can you hear me, ben?").count() == 0

    # Ben blocks Ann from her profile: the friendship ends and her next challenge is refused.
    ben.goto(site_server.url + "/accounts/players/ann_social/")
    ben.get_by_test_id("block-ann_social").click()
    ben.locator(".messages", has_text="You blocked ann_social").wait_for()
    ann.goto(site_server.url + "/friends/")
    assert ann.locator("[data-friend='ben_social']").count() == 0
    ann.goto(site_server.url + "/challenges/new/?to=ben_social")
    ann.get_by_test_id("send-challenge").click()
    ann.locator("main", has_text="This player is not taking challenges.").wait_for()
    save_screenshot(ann, "social-challenge-refused-laptop")

    # Ben mutes all chat (the lobby's chat shows him only a note) and lets his private
    # matches give public puzzles: both are saved, and the page shows them chosen.
    ben.goto(site_server.url + "/friends/settings/")
    puzzles_public = ben.get_by_label("Let puzzles from my private matches be public")
    assert not puzzles_public.is_checked()  # off unless chosen
    ben.get_by_label("Mute all chat").check()
    puzzles_public.check()
    ben.get_by_test_id("save-social-settings").click()
    ben.locator(".messages", has_text="Saved.").wait_for()
    assert ben.get_by_label("Let puzzles from my private matches be public").is_checked()
    assert ben.get_by_label("Mute all chat").is_checked()
    save_screenshot(ben, "social-settings-puzzles-phone")
    ben.goto(site_server.url + "/lobby/")
    ben.get_by_test_id("lobby-chat-muted").wait_for()
    assert ben.get_by_test_id("lobby-chat-log").is_hidden()
    save_screenshot(ben, "social-lobby-chat-muted-phone")
