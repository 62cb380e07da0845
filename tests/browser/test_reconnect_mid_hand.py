"""A player who reloads the page, or whose connection drops, carries on where the hand was."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, start_match
from tests.browser.table_checks import act, check_table
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}

# Records each change of (the page's seq, how many hands of a show the table draws).
RECORD_SHOWN = """() => {
  window.shownDrawn = [];
  const note = () => {
    const seq = Number(document.querySelector("#match").dataset.seq || -1);
    const count = document.querySelectorAll("#felt .shown").length;
    const last = window.shownDrawn[window.shownDrawn.length - 1];
    if (!last || last[0] !== seq || last[1] !== count) window.shownDrawn.push([seq, count]);
  };
  note();
  new MutationObserver(note).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-seq"],
  });
}"""


def play_until(players, seq, done, limit=80):
    """Both players act (alice by mouse, bob by keyboard) until ``done(view)``; returns the last seq."""
    for _ in range(limit):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        if done(truth["view"]):
            return seq
        for player in players:
            check_table(player, player.server_view())
        # act() presses Continue on a show held on screen: after each move look again, so that
        # neither player goes on past the point (the show of the hand that just ended) unasked.
        acted = []
        for player, keyboard in ((players[0], False), (players[1], True)):
            if any(acted):
                truth = settle(players, after=seq)
                seq = truth["seq"]
                if done(truth["view"]):
                    return seq
            acted.append(act(player, player.view(), keyboard=keyboard))
        assert any(acted)
    pytest.fail("the table never reached the expected point")


def test_bob_reloads_in_the_middle_of_the_play_and_carries_on(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="six")
    players = [alice, bob]
    seq = play_until(players, -1, lambda view: view["phase"] == "play" and len(view["played"]) >= 3)

    before = bob.view()
    bob.page.reload()
    bob.page.wait_for_selector("#connection[data-state=open]")
    truth = settle(players, after=seq - 1)
    check_table(bob, bob.server_view())
    after = bob.view()
    assert after["cards"] == before["cards"]
    assert after["played"] == before["played"] and after["count"] == before["count"]
    assert sorted(
        bob.page.eval_on_selector_all("#hand-near .card", "cs => cs.map(c => c.dataset.card)")
    ) == sorted(before["cards"])

    # And the hand goes on to the show after the reload.
    hand = truth["view"]["hand"]
    for player in players:
        player.page.evaluate(RECORD_SHOWN)
    play_until(players, truth["seq"] - 1, lambda view: view["phase"] != "play")
    # Nobody acts (or presses Continue) now: the server counts the show and deals the next hand.
    truth = wait_until(
        lambda: (answer := alice.server_view())["view"]["hand"] > hand and answer,
        timeout=15,
        message="the next hand dealt",
        every=0.1,
    )
    settle(players, after=truth["seq"] - 1)
    # The next deal waits on the table's show of the last hand (three hands) until Continue:
    # each page drew the three hands while it already held the next deal's events. The page
    # records what it drew as it drew it, so a test slower than the page's own hold (a loaded
    # machine) still sees it (asking afterwards raced the hold's end).
    for player in players:
        drawn = player.page.evaluate("window.shownDrawn")
        assert any(seq >= truth["seq"] and count == 3 for seq, count in drawn), drawn


def test_a_dropped_connection_reconnects_by_itself_and_catches_up(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five")
    players = [alice, bob]
    seq = play_until(players, -1, lambda view: view["phase"] == "play")

    # Alice's socket drops; Bob plays on meanwhile; Alice's page comes back on its own.
    alice.page.evaluate("window.cribbage.connection.drop()")
    alice.page.wait_for_selector("#connection[data-state=closed]")
    view = bob.view()
    if view["legal"]["play"]:
        act(bob, view, keyboard=True)
    alice.page.wait_for_selector("#connection[data-state=open]", timeout=15000)
    truth = settle(players, after=seq - 1)
    check_table(alice, alice.server_view())
    check_table(bob, bob.server_view())
    play_until(
        players, truth["seq"] - 1, lambda view: len(view["played"]) >= 4 or view["phase"] != "play"
    )
