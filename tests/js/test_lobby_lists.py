"""The lobby's lists are updated in place (static/js/lobby.js), so a refresh steals no focus."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SETUP = """
const { syncList, onlineText } = await load("lobby.js");
const list = document.createElement("ul");
document.body.append(list);
const made = [];
const create = (entry) => {
  const row = document.createElement("li");
  const button = document.createElement("button");
  button.textContent = entry.label;
  row.append(button);
  made.push(entry.id);
  return row;
};
const update = (row, entry) => { row.querySelector("button").textContent = entry.label; return null; };
const ids = () => [...list.children].map((row) => row.dataset.seekId);
"""


def test_rows_still_wanted_are_kept_and_the_focused_one_keeps_the_focus(js):
    result = js(
        SETUP
        + """
        syncList(list, [{ id: 1, label: "a" }, { id: 2, label: "b" }, { id: 3, label: "c" }], "seek-id", { create, update });
        const second = list.children[1];
        second.querySelector("button").focus();
        syncList(list, [{ id: 2, label: "b2" }, { id: 3, label: "c" }, { id: 4, label: "d" }], "seek-id", { create, update });
        return {
          ids: ids(),
          made,
          same: list.children[0] === second,
          focused: document.activeElement === second.querySelector("button"),
          label: second.textContent,
        };
        """
    )
    assert result["ids"] == ["2", "3", "4"]
    assert result["made"] == [1, 2, 3, 4], "only the new row was created"
    assert result["same"] and result["focused"]
    assert result["label"] == "b2"


def test_the_order_follows_the_server_and_a_replacement_row_takes_the_old_ones_place(js):
    result = js(
        SETUP
        + """
        syncList(list, [{ id: 1, label: "a" }, { id: 2, label: "b" }], "seek-id", { create, update });
        syncList(list, [{ id: 2, label: "b" }, { id: 1, label: "a" }], "seek-id", {
          create,
          update: (row, entry) => (entry.id === 1 ? create({ id: 1, label: "mine" }) : null),
        });
        return { ids: ids(), labels: [...list.children].map((row) => row.textContent) };
        """
    )
    assert result["ids"] == ["2", "1"]
    assert result["labels"] == ["b", "mine"]


def test_the_online_count_says_player_or_players(js):
    assert js(SETUP + "return [0, 1, 2, 3].map(onlineText);") == [
        "0 players online",
        "1 player online",
        "2 players online",
        "3 players online",
    ]


def test_the_rating_filter_keeps_seeks_in_range_and_unrated_ones_only_without_a_bound(js):
    result = js(
        """
        const { ratingInRange } = await load("lobby.js");
        return {
          open: [ratingInRange(1500, null, null), ratingInRange(null, null, null)],
          between: [1399, 1400, 1600, 1601].map((r) => ratingInRange(r, 1400, 1600)),
          from: [1399, 1400].map((r) => ratingInRange(r, 1400, null)),
          to: [1600, 1601].map((r) => ratingInRange(r, null, 1600)),
          unrated: ratingInRange(null, 1400, null),
        };
        """
    )
    assert result == {
        "open": [True, True],
        "between": [False, True, True, False],
        "from": [False, True],
        "to": [True, False],
        "unrated": False,
    }
