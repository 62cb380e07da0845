"""What people do in the lobby, in real Chromium against a real Daphne: seeks, links, chat."""

from __future__ import annotations

import re

import pytest

from tests.browser.table_checks import choose_until_ready
from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")


def enter_lobby_as_guest(page, server) -> str:
    page.goto(server.url + "/lobby/")
    page.get_by_test_id("play-as-guest").click()
    page.wait_for_url(server.url + "/lobby/")
    name = page.locator(".user-box .user-name").inner_text()
    assert name.startswith("Guest-")
    return name


def lobby_is_live(page) -> None:
    """Wait for the lobby page's socket hello: a seek accepted before it would tell the page
    nothing (a full run once saw the creator left on the lobby page when the match began)."""
    page.wait_for_selector("#lobby[data-live=true]", timeout=10_000)


def test_a_creator_who_was_away_when_the_seek_was_accepted_is_sent_to_the_match(
    site_server, new_page
):
    """Alice makes a seek and looks at the rules; bob accepts it while her lobby is closed (no
    push reaches her). Back in the lobby, its hello sends her to the match bob is at."""
    alice = new_page()
    alice_name = enter_lobby_as_guest(alice, site_server)
    alice.get_by_test_id("create-seek").click()
    alice.wait_for_url(site_server.url + "/lobby/")
    bob = new_page()
    enter_lobby_as_guest(bob, site_server)
    alice.goto(site_server.url + "/rules/")
    seek = bob.locator(".seek", has_text=alice_name)
    seek.get_by_test_id("accept-seek").click(timeout=10_000)
    bob.wait_for_url(MATCH_URL, timeout=10_000)
    alice.goto(site_server.url + "/lobby/")
    alice.wait_for_url(bob.url, timeout=10_000)
    alice.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)


def test_a_seek_appears_for_another_player_who_accepts_and_both_land_on_the_match(
    site_server, new_page
):
    bob = new_page()
    enter_lobby_as_guest(bob, site_server)
    alice = new_page()
    alice_name = enter_lobby_as_guest(alice, site_server)

    alice.get_by_test_id("create-seek").click()
    alice.wait_for_url(site_server.url + "/lobby/")
    lobby_is_live(alice)
    assert alice.get_by_test_id("cancel-seek").count() == 1

    # Bob never reloads: the seek arrives over the lobby socket.
    seek = bob.locator(".seek", has_text=alice_name)
    seek.get_by_test_id("accept-seek").wait_for(timeout=10_000)
    save_screenshot(bob, "lobby-seek-visible")
    seek.get_by_test_id("accept-seek").click()

    bob.wait_for_url(MATCH_URL, timeout=10_000)
    alice.wait_for_url(MATCH_URL, timeout=10_000)
    assert alice.url == bob.url

    # Both put two cards in the crib; then the pone (whoever is not dealing) plays the first card.
    for page in (alice, bob):
        cards = page.locator("#hand-near button.card")
        cards.nth(5).wait_for(timeout=10_000)
        cards.nth(0).click()
        cards.nth(1).click()
        choose_until_ready(page)
        page.click("#discard-button")
    pone = None
    for _ in range(100):
        pone = next(
            (p for p in (alice, bob) if p.locator("#hand-near button.playable").count()), None
        )
        if pone is not None:
            break
        alice.wait_for_timeout(100)
    assert pone is not None, "nobody was offered a card to play"
    first = pone.locator("#hand-near button.playable").first
    card = first.get_attribute("data-card")
    first.click()
    for page in (alice, bob):
        page.locator(f"#series [data-card='{card}']").wait_for(timeout=10_000)
        assert page.locator("#count").inner_text() != "0"
    save_screenshot(alice, "lobby-seek-accepted-match")

    # A third person finds the match in the live list and watches: the cards played, no hand.
    watcher = new_page()
    watcher.goto(site_server.url + "/accounts/guest/?next=/lobby/live/")
    watcher.get_by_test_id("play-as-guest").click()
    watcher.locator(".live-list a", has_text=alice_name).click()
    watcher.wait_for_url(alice.url)
    watcher.locator(f"#series [data-card='{card}']").wait_for(timeout=10_000)
    assert watcher.locator("#hand-near button.card").count() == 0
    assert watcher.locator("[data-chat-title]").inner_text() == "Spectators' chat"


def test_a_guest_opens_an_invitation_link_and_takes_the_seat(site_server, new_page):
    host = new_page()
    host.goto(site_server.url + "/")
    host.get_by_test_id("play-a-friend").click()
    host.wait_for_url(re.compile(r"/lobby/invite/[^/]+/$"))
    link = host.get_by_test_id("share-url").input_value()
    assert link == host.url
    save_screenshot(host, "invitation-share")

    friend = new_page()
    friend.goto(link)
    assert "invites you to play" in friend.locator("h1").inner_text()
    friend.get_by_test_id("accept-invitation").click()

    friend.wait_for_url(MATCH_URL, timeout=10_000)
    host.wait_for_url(MATCH_URL, timeout=10_000)
    assert host.url == friend.url
    assert friend.locator(".user-box .user-name").inner_text().startswith("Guest-")

    # The link is used up, and the match is private: a third person can neither play nor watch.
    # (Fetched rather than opened: Chromium logs any 4xx page as a console error.)
    stranger = new_page().context.request
    used = stranger.get(link)
    assert used.status == 410 and "This seat has been taken" in used.text()
    table = stranger.get(host.url)
    assert table.status == 403 and "This match is private" in table.text()
    assert 'id="join-button"' not in table.text() and 'id="match"' not in table.text()


def test_lobby_chat_appears_live_on_both_sides_and_shows_markup_as_text(site_server, new_page):
    alice = new_page()
    alice_name = enter_lobby_as_guest(alice, site_server)
    bob = new_page()
    enter_lobby_as_guest(bob, site_server)

    text = "<img src=x onerror=alert(1)> good game"
    alice.get_by_test_id("lobby-chat-input").fill(text)
    alice.get_by_test_id("lobby-chat-send").click()

    line = bob.locator("[data-testid=lobby-chat-log] li", has_text="good game").last
    line.wait_for(timeout=10_000)
    assert line.locator(".chat-author").inner_text() == alice_name
    assert line.locator(".chat-text").inner_text() == text
    assert bob.locator("[data-testid=lobby-chat-log] img").count() == 0
    alice.locator("[data-testid=lobby-chat-log] li", has_text="good game").last.wait_for(
        timeout=10_000
    )
    save_screenshot(bob, "lobby-chat")


def test_match_chat_reaches_the_other_player_but_not_a_spectator(site_server, new_page):
    host = new_page()
    host_name = enter_lobby_as_guest(host, site_server)
    friend = new_page()
    enter_lobby_as_guest(friend, site_server)
    host.get_by_test_id("create-seek").click()
    host.wait_for_url(site_server.url + "/lobby/")
    lobby_is_live(host)
    friend.locator(".seek", has_text=host_name).get_by_test_id("accept-seek").click()
    friend.wait_for_url(MATCH_URL, timeout=10_000)
    host.wait_for_url(MATCH_URL, timeout=10_000)

    watcher = new_page()
    watcher.goto(
        site_server.url + "/accounts/guest/?next=" + friend.url.replace(site_server.url, "")
    )
    watcher.get_by_test_id("play-as-guest").click()
    watcher.wait_for_url(friend.url)
    assert watcher.locator("[data-chat-title]").inner_text() == "Spectators' chat"

    host.get_by_test_id("match-chat-input").fill("good luck!")
    host.get_by_test_id("match-chat-send").click()
    friend.locator("[data-testid=match-chat-log] li", has_text="good luck!").wait_for(
        timeout=10_000
    )
    watcher.get_by_test_id("match-chat-input").fill("nice cards")
    watcher.get_by_test_id("match-chat-send").click()
    watcher.locator("[data-testid=match-chat-log] li", has_text="nice cards").wait_for(
        timeout=10_000
    )
    # Lines sent later in each room must arrive; the other room's line must not be there first.
    friend.get_by_test_id("match-chat-input").fill("thanks")
    friend.get_by_test_id("match-chat-send").click()
    host.locator("[data-testid=match-chat-log] li", has_text="thanks").wait_for(timeout=10_000)
    watcher.get_by_test_id("match-chat-input").fill("go on")
    watcher.get_by_test_id("match-chat-send").click()
    watcher.locator("[data-testid=match-chat-log] li", has_text="go on").wait_for(timeout=10_000)
    assert host.locator("[data-testid=match-chat-log] li", has_text="nice cards").count() == 0
    assert watcher.locator("[data-testid=match-chat-log] li", has_text="good luck!").count() == 0
    save_screenshot(friend, "match-chat")


def test_after_a_resignation_both_agree_to_a_rematch_and_meet_at_the_new_match(
    site_server, new_page
):
    host = new_page()
    host.goto(site_server.url + "/")
    host.get_by_test_id("play-a-friend").click()
    host.wait_for_url(re.compile(r"/lobby/invite/[^/]+/$"))
    friend = new_page()
    friend.goto(host.get_by_test_id("share-url").input_value())
    friend.get_by_test_id("accept-invitation").click()
    friend.wait_for_url(MATCH_URL, timeout=10_000)
    host.wait_for_url(MATCH_URL, timeout=10_000)
    first_match = host.url
    host.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    friend.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)

    host.locator("#resign-button").click()
    host.locator("#resign-button").click()
    host.get_by_test_id("rematch").wait_for(state="visible", timeout=10_000)
    # The friend's page learns of the end over its socket, without reloading.
    friend.get_by_test_id("rematch").wait_for(state="visible", timeout=10_000)

    friend.get_by_test_id("rematch").click()
    friend.wait_for_url(first_match)
    host.get_by_text("offers a rematch").wait_for(timeout=10_000)
    # The one who offered is told it was them, and cannot offer again while waiting.
    friend.get_by_text("You offered a rematch").wait_for(timeout=10_000)
    assert friend.get_by_test_id("rematch").is_disabled()
    assert "offers a rematch" not in friend.inner_text("[data-rematch]")
    host.get_by_test_id("rematch").click()

    host.wait_for_url(
        lambda url: MATCH_URL.search(url) is not None and url != first_match, timeout=10_000
    )
    friend.wait_for_url(host.url, timeout=10_000)
    host.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    save_screenshot(friend, "rematch-started")


def test_the_lobby_fits_a_phone_without_sideways_scrolling(site_server, new_page):
    page = new_page(viewport={"width": 360, "height": 740})
    enter_lobby_as_guest(page, site_server)
    page.get_by_test_id("create-seek").click()
    page.get_by_test_id("cancel-seek").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    save_screenshot(page, "lobby-phone")


REFRESH_AND_WAIT = """() => new Promise((resolve) => {
  const lobby = window.cribbageLobby;
  const handle = lobby.handle.bind(lobby);
  lobby.handle = (frame) => {
    handle(frame);
    if (frame.type === "hello") {
      lobby.handle = handle;
      resolve();
    }
  };
  lobby.socket.send({ type: "refresh" });
})"""


def test_the_periodic_refresh_keeps_focus_and_leaves_the_chat_and_seeks_in_place(
    site_server, new_page
):
    alice = new_page()
    alice_name = enter_lobby_as_guest(alice, site_server)
    bob = new_page()
    enter_lobby_as_guest(bob, site_server)
    alice.get_by_test_id("create-seek").click()
    alice.wait_for_url(site_server.url + "/lobby/")
    lobby_is_live(alice)
    alice.get_by_test_id("lobby-chat-input").fill("anyone for a game?")
    alice.get_by_test_id("lobby-chat-send").click()
    bob.locator("[data-testid=lobby-chat-log] li", has_text="anyone for a game?").wait_for(
        timeout=10_000
    )
    play = bob.locator(".seek", has_text=alice_name).get_by_test_id("accept-seek")
    play.focus()
    bob.evaluate(
        """() => {
          window.focusedBefore = document.activeElement;
          window.chatBefore = [...document.querySelectorAll("[data-testid=lobby-chat-log] li")];
        }"""
    )
    bob.evaluate(REFRESH_AND_WAIT)
    assert bob.evaluate("document.activeElement === window.focusedBefore")
    assert bob.evaluate(
        """() => {
          const now = [...document.querySelectorAll("[data-testid=lobby-chat-log] li")];
          return now.length === window.chatBefore.length
            && now.every((line, index) => line === window.chatBefore[index]);
        }"""
    ), "the chat lines were redrawn"
    online = bob.get_by_test_id("online-count").inner_text()
    count = int(online.split()[0])
    assert online == f"{count} player{'' if count == 1 else 's'} online"


def test_the_seek_list_filters_by_the_creators_rating(site_server, new_page):
    bob = new_page()
    enter_lobby_as_guest(bob, site_server)
    alice = new_page()
    alice_name = enter_lobby_as_guest(alice, site_server)
    alice.get_by_test_id("create-seek").click()
    alice.wait_for_url(site_server.url + "/lobby/")
    lobby_is_live(alice)

    seek = bob.locator(".seek", has_text=alice_name)
    seek.get_by_test_id("accept-seek").wait_for(timeout=10_000)
    assert seek.get_attribute("data-rating") == "1500"  # a new player: 1500?

    bob.fill("#seek-rating-min", "1600")
    seek.wait_for(state="hidden", timeout=5_000)
    if bob.locator(".seek:not([hidden])").count() == 0:
        assert bob.locator("#seek-filtered").is_visible()

    bob.fill("#seek-rating-max", "1700")
    bob.fill("#seek-rating-min", "1400")
    seek.wait_for(state="visible", timeout=5_000)
    assert bob.locator("#seek-filtered").is_hidden()

    bob.fill("#seek-rating-max", "1450")
    seek.wait_for(state="hidden", timeout=5_000)
    bob.fill("#seek-rating-min", "")
    bob.fill("#seek-rating-max", "")
    seek.wait_for(state="visible", timeout=5_000)
    alice.get_by_test_id("cancel-seek").click()
