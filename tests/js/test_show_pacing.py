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


# The table's stylesheet, loaded before the show panel is drawn (the layout tests need it).
TABLE_CSS = """
const link = document.createElement("link");
link.rel = "stylesheet";
link.href = "/static/css/table.css";
await new Promise((done) => { link.onload = done; document.head.append(link); });
"""


@pytest.mark.parametrize(
    "screen",
    [{"width": 390, "height": 844}, {"width": 1366, "height": 768}],
    ids=["phone", "laptop"],
)
def test_on_a_phone_or_laptop_a_long_count_scrolls_in_its_own_box_and_the_lit_item_stays_in_sight(
    js, screen
):
    # A three-player show once put Continue below a 390x844 screen: the pone's hand, half the
    # felt wide, had five scores, each wrapping. On a laptop's 768 pixels a hand of six or more
    # scores, one under another while counted, pushed the claim form below the screen. The list
    # now keeps four lines' room (table.css, narrow or short screens) and scrolls itself to the
    # item being counted.
    js.page.set_viewport_size(screen)
    seen = js(
        FAKE_CLOCK
        + TABLE_CSS
        + SHOW
        + """
        const fifteens = [["5S", "TD"], ["5H", "TD"], ["5S", "JC"], ["5H", "JC"], ["5D", "TD"],
                          ["5D", "JC"], ["5S", "5H", "5D"]];
        view.shown[0].items = fifteens.map((cards) => item("fifteen", 2, cards));
        view.shown[0].total = 14;
        panel.render();
        const looks = [];
        for (let step = 0; step < fifteens.length; step += 1) {
          clock.advance(step ? ITEM_STEP_MS : 0);
          const list = document.querySelector("#show-far .shown-items");
          const lit = list.querySelector("li.current");
          const box = lit.getBoundingClientRect(), room = list.getBoundingClientRect();
          looks.push({ index: [...list.children].indexOf(lit), inside: box.top >= room.top - 0.5
            && box.bottom <= room.bottom + 0.5, height: list.clientHeight,
            whole: list.scrollHeight, fontSize: parseFloat(getComputedStyle(list).fontSize) });
        }
        return { looks, pageScrolled: window.scrollY };
        """,
        {"order": "ascending"},
    )
    looks = seen["looks"]
    assert [look["index"] for look in looks] == list(range(7))
    assert all(look["inside"] for look in looks), looks
    # Capped at four lines of its own text, where the whole list is taller.
    assert all(look["height"] <= 5 * 1.25 * look["fontSize"] + 1 for look in looks), looks
    assert looks[0]["whole"] > looks[0]["height"] * 1.5, looks
    assert seen["pageScrolled"] == 0, "only the list scrolls, not the page"


def test_on_a_laptop_the_hand_and_a_crib_being_counted_stay_side_by_side(js):
    # On a laptop's 768 pixels the dealer's crib, its seven scores listed while counted, grew
    # wider than the room beside the counted hand and dropped onto a row of its own, which pushed
    # the claim form below the screen. In a two-player zone the two stay on one row (table.css).
    js.page.set_viewport_size({"width": 1366, "height": 768})
    seen = js(
        FAKE_CLOCK
        + TABLE_CSS
        + SHOW
        + """
        document.body.innerHTML = '<div id="main-column"><div class="felt" id="felt">' +
          '<div class="player-zone player-far"><div class="zone-cards"><div class="zone-show" id="show-far"></div></div></div>' +
          '<div id="starter"></div><div id="show-panel"></div>' +
          '<div class="player-zone player-near"><div class="zone-cards"><div class="zone-show" id="show-near"></div></div></div>' +
          '</div></div>';
        // The felt's width beside the board and log at 1366 px (the table's main column).
        document.getElementById("main-column").style.width = "890px";
        view.shown[1].total = 2;
        view.shown[1].items = [item("pair", 2, ["3S", "3C"])];
        const fifteens = [["5S", "TD"], ["5H", "TD"], ["5S", "JC"], ["5H", "JC"], ["5D", "TD"],
                          ["5D", "JC"], ["5S", "5H", "5D"]];
        view.shown[2].items = fifteens.map((cards) => item("fifteen", 2, cards));
        view.shown[2].total = 14;
        panel.render();
        for (let step = 0; step < 40 && !document.querySelector("#show-near .shown.counting[data-kind=crib]"); step += 1) {
          clock.advance(100);
        }
        const boxes = [...document.querySelectorAll("#show-near .shown")].map((entry) => {
          const box = entry.getBoundingClientRect();
          return { kind: entry.dataset.kind, top: box.top, right: box.right };
        });
        const zone = document.querySelector("#show-near").getBoundingClientRect();
        return { counting: !!document.querySelector("#show-near .shown.counting[data-kind=crib]"),
                 boxes, zoneRight: zone.right };
        """,
        {"order": "ascending"},
    )
    assert seen["counting"], seen
    hand, crib = seen["boxes"]
    assert (hand["kind"], crib["kind"]) == ("hand", "crib")
    assert abs(hand["top"] - crib["top"]) < 1, seen
    assert crib["right"] <= seen["zoneRight"] + 0.5, seen
