"""The show on the felt (static/js/table/show.js): one hand at a time, pone, dealer, crib, each in
its owner's zone in the chosen card order, paced on a fake clock so no test waits."""

from __future__ import annotations

import pytest

from tests.js.conftest import FAKE_CLOCK

pytestmark = pytest.mark.browser

SHOW = """
const { ShowPanel, ITEM_STEP_MS, HAND_PAUSE_MS } = await load("table/show.js");
document.body.innerHTML = '<div id="felt"><div id="show-far"></div><div id="starter"></div>' +
  '<div id="show-panel"></div><div id="show-near"></div></div>';
const item = (kind, points, cards) => ({ kind, points, cards });
const view = { game: 1, hand: 1, viewer: 0, starter: "5H", shown: [
  { seat: 1, kind: "hand", cards: ["TD", "5S", "3C", "2C"], total: 4,
    items: [item("fifteen", 2, ["5S", "TD"]), item("fifteen", 2, ["5H", "TD"])] },
  { seat: 0, kind: "hand", cards: ["9D", "3S", "AS", "2S"], total: 3, items: [item("run", 3, ["AS", "2S", "3S"])] },
  { seat: 0, kind: "crib", cards: ["KH", "KD", "4C", "7C"], total: 2, items: [item("pair", 2, ["KH", "KD"])] },
] };
const stepped = [];
const table = {
  view, held: null, hands: { order: arg.order },
  $: (id) => document.getElementById(id),
  name: (seat) => ["alice", "bob"][seat],
  lanes: () => [["near", 0], ["far", 1]],
  continueShow() { panel.revealAll(); },
  showStepped() { stepped.push(Date.now()); },
};
const panel = new ShowPanel(table);
const faceUp = () => [...document.querySelectorAll(".shown")].filter((entry) => !entry.hidden)
  .map((entry) => `${entry.dataset.seat}-${entry.dataset.kind}`);
const lit = () => [...document.querySelectorAll(".shown-items li.current")].map((li) => li.dataset.kind);
"""


def test_the_pone_s_hand_is_counted_first_then_the_dealer_s_then_the_crib(js):
    seen = js(
        FAKE_CLOCK
        + SHOW
        + """
        const moments = [];
        panel.render();
        clock.advance(0);
        moments.push([faceUp(), lit()]);
        clock.advance(ITEM_STEP_MS);
        moments.push([faceUp(), lit()]);
        clock.advance(ITEM_STEP_MS + HAND_PAUSE_MS);
        moments.push([faceUp(), lit()]);
        clock.advance(ITEM_STEP_MS + HAND_PAUSE_MS);
        moments.push([faceUp(), lit()]);
        clock.advance(ITEM_STEP_MS + HAND_PAUSE_MS);
        return { moments, where: [...document.querySelectorAll("#show-near .shown")].map((e) => e.dataset.kind),
                 continues: document.querySelectorAll("#show-continue").length, stepped: stepped.length };
        """,
        {"order": "ascending"},
    )
    assert seen["moments"] == [
        [["1-hand"], ["fifteen"]],
        [["1-hand"], ["fifteen"]],
        [["1-hand", "0-hand"], ["run"]],
        [["1-hand", "0-hand", "0-crib"], ["pair"]],
    ]
    assert seen["where"] == ["hand", "crib"], "the dealer's hand and crib lie in the near zone"
    assert seen["stepped"] == 3
    assert seen["continues"] == 0, "nothing left to wait for once all is counted"


@pytest.mark.parametrize(
    "order, expected",
    [("ascending", ["2C", "3C", "5S", "TD"]), ("descending", ["TD", "5S", "3C", "2C"])],
)
def test_continue_lays_every_hand_down_at_once_in_the_chosen_card_order(js, order, expected):
    seen = js(
        FAKE_CLOCK
        + SHOW
        + """
        panel.render();
        const before = faceUp();
        document.getElementById("show-continue").click();
        return { before, after: faceUp(),
                 pone: [...document.querySelectorAll("#show-far .shown-cards .card")].map((c) => c.dataset.card) };
        """,
        {"order": order},
    )
    assert seen["before"] == ["1-hand"]
    assert seen["after"] == ["1-hand", "0-hand", "0-crib"]
    assert seen["pone"] == expected
