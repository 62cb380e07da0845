"""Tables of three and four in real browsers: three people play a whole hand of three-player
Cribbage, and two people with two computers a hand of partnership Cribbage. Every step, each
page draws what the server says its player may see: the view, the board's tracks, the other
players' hands, the count; each show matches the engine's count."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser.conftest import Player, create_live_users, settle
from tests.browser.table_checks import (
    act,
    check_crib,
    check_show_against_engine,
    continue_past_show,
)
from tests.conftest import save_screenshot
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def invite(creator: Player, *, players: int) -> str:
    """A one-game private table of ``players`` made on the new-match page; returns its link."""
    page = creator.page
    page.goto(f"{creator.base_url}/matches/new/")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=variant][value=six]")
    page.check("input[name=scoring][value=auto]")
    page.fill("input[name=match_target]", "1")
    page.click("#new-match-form button[type=submit]")
    page.wait_for_url("**/lobby/invite/*/")
    link = page.input_value("[data-testid=share-url]")
    page.get_by_role("link", name="Go to the table").click()
    page.wait_for_url("**/matches/*/")
    return link


def take_seat(player: Player, link: str) -> None:
    player.page.goto(link)
    player.page.click("[data-testid=accept-invitation]")
    player.page.wait_for_url("**/matches/*/")
    player.page.wait_for_selector("#connection[data-state=open]")


def lanes_of(view: dict) -> dict[str, int]:
    """Where the page should draw each seat (static/js/seats.js): left is next to play."""
    seats = view["seats"]
    near = view["viewer"] if view["viewer"] is not None else 0
    start = seats.index(near)
    others = seats[start + 1 :] + seats[:start]
    names = {1: ["far"], 2: ["left", "right"], 3: ["left", "far", "right"]}[len(others)]
    return {"near": near, **dict(zip(names, others, strict=True))}


def check_many_seat_table(player: Player, *, on_show: Callable[[int], None] | None = None) -> None:
    """The page draws what the server says; with computers at the table they may move while
    this looks, so a check is retried (never past a deadline), and its last failure is told."""
    failures: list[AssertionError] = []

    def drawn_as_the_server_says() -> bool:
        continue_past_show(player, on_show=on_show)
        try:
            check_drawn(player, player.server_view())
        except AssertionError as failure:
            failures.append(failure)
            return False
        return True

    try:
        wait_until(drawn_as_the_server_says, timeout=15, message="the drawn table", every=0.2)
    except AssertionError:
        raise failures[-1] from None


def check_drawn(player: Player, truth: dict) -> None:
    page = player.page
    server = truth["view"]
    assert player.view() == server, f"{player.name}'s page view differs from the server's"
    lanes = lanes_of(server)
    tracks = {"near": lanes["near"], "far": lanes["left"]}
    if len(server["seats"]) == 3:
        tracks["third"] = lanes["right"]
    drawn = page.eval_on_selector_all(
        "#board .board-score",
        "labels => labels.map(l => [l.className, Number(l.querySelector('.board-points').textContent)])",
    )
    assert len(drawn) == len(tracks), f"{len(drawn)} tracks drawn for {len(server['seats'])}"
    for track, seat in tracks.items():
        shown = page.inner_text(f"#board .board-score-{track} .board-points")
        assert int(shown) == server["scores"][seat], f"{track} track shows {shown}"
    for lane, seat in lanes.items():
        if lane == "near":
            continue
        assert page.is_visible(f"#zone-{lane}")
        assert page.get_attribute(f"#hand-{lane}", "data-count") == str(server["held_counts"][seat])
    assert page.inner_text("#count") == str(server["count"])
    held = page.eval_on_selector_all("#hand-near .card", "cards => cards.map(c => c.dataset.card)")
    assert sorted(held) == sorted(server["cards"])
    check_crib(player)  # its own throw face up in the crib, every other seat's face down


def play_one_hand(players: list[Player], shots: str) -> int:
    """Everyone acts until the first hand's show has been laid down; returns the hands checked."""
    seq = -1
    checked = [0]  # the most shown hands checked on one page (a show may pass between looks)

    def on_show(count: int) -> None:
        checked[0] = max(checked[0], count)

    taken: set[str] = set()
    for _ in range(120):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        view = truth["view"]
        if players[0].page.locator("#felt .shown").count():
            on_show(sum(check_show_against_engine(player) for player in players))
            if "show" not in taken:
                for index, player in enumerate(players[:2]):
                    save_screenshot(player.page, f"{shots}-show-{index}")
                taken.add("show")
        for player in players:
            check_many_seat_table(player, on_show=on_show)
        if view["hand"] > 1 or view["phase"] == "match_over":
            return checked[0]
        if view["phase"] == "play" and view["count"] > 0 and "play" not in taken:
            for index, player in enumerate(players[:2]):
                save_screenshot(player.page, f"{shots}-play-{index}")
            taken.add("play")
        acted = [act(player, player.view(), keyboard=False, on_show=on_show) for player in players]
        assert any(acted) or view["to_act"], f"nobody could act in {view['phase']}"
    pytest.fail("the first hand did not end")


def test_three_people_play_a_whole_hand_of_three_player_cribbage(
    site_server, new_page, live_database, table_users
):
    create_live_users(live_database.url, "dave_table")
    viewports = (DESKTOP, PHONE, DESKTOP)
    players = []
    for name, viewport in zip(table_users, viewports, strict=True):
        player = Player(name, new_page(viewport=viewport), site_server.url)
        player.log_in()
        players.append(player)
    alice, bob, carol = players
    link = invite(alice, players=3)
    assert "Waiting for the other players" in alice.page.inner_text("#waiting")
    take_seat(bob, link)
    take_seat(carol, link)
    alice.page.wait_for_selector("#waiting", state="hidden")
    truth = settle(players)
    assert [len(players[0].view()["seats"]), truth["view"]["phase"]] == [3, "discard"]
    # Five cards each, one to throw; the crib gets one more from the deck.
    assert alice.page.locator("#hand-near button.card").count() == 5
    save_screenshot(alice.page, "three-players-discard-desktop")
    save_screenshot(bob.page, "three-players-discard-phone")
    assert play_one_hand(players, "three-players") >= 4  # three hands and the crib
    # The whole page (match bar, board, felt with the side zones) fits the phone's width.
    width = bob.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the three-player page is {width} px wide on a phone"


def test_two_partners_and_two_computers_play_a_hand_of_partnership_cribbage(
    site_server, new_page, table_users
):
    alice = Player(table_users[0], new_page(viewport=DESKTOP), site_server.url)
    bob = Player(table_users[1], new_page(viewport=PHONE), site_server.url)
    for player in (alice, bob):
        player.log_in()
    link = invite(alice, players=4)
    take_seat(bob, link)
    bob.page.select_option(".fill-with-computer select[name=level]", "easy")
    bob.page.click("#fill-button")
    bob.page.wait_for_url("**/matches/*/")
    for player in (alice, bob):
        player.page.wait_for_selector("#connection[data-state=open]")
        player.page.wait_for_selector("#waiting", state="hidden")
    settle([alice, bob])
    # Alice (seat 0) partners the computer in seat 2, across the table: one track for the two.
    assert "Partner" in alice.page.inner_text("#zone-far")
    assert alice.page.inner_text("#board .board-score-near .board-name") == (
        f"{alice.name} (you) & Computer 2 (easy)"
    )
    assert play_one_hand([alice, bob], "partners") >= 5  # four hands and the crib
    save_screenshot(alice.page, "partners-after-hand-desktop")
