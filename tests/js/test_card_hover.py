"""A card in the hand lifts under the pointer and stays lifted: a pointer resting on its bottom
edge once made it jump up and down every frame (the lifted card left the pointer, dropped back
under it, and lifted again), and a click waiting for it to stand still waited until its test
timed out."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# A playable card drawn as the table draws it (cards.js), under the table's stylesheet.
HAND = """
await new Promise((resolve, reject) => {
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = "/static/css/table.css";
  sheet.onload = resolve;
  sheet.onerror = reject;
  document.head.append(sheet);
});
const { cardElement } = await load("cards.js");
const hand = document.createElement("div");
hand.style.cssText = "position: fixed; left: 100px; top: 200px; display: flex;";
const card = cardElement("KD", { button: true, extraClass: "playable" });
hand.append(card);
document.body.append(hand);
const box = card.getBoundingClientRect();
return { x: box.left + box.width / 2, bottom: box.bottom, top: box.top };
"""

# The card's top over 40 frames (about two thirds of a second).
TOPS = """
const card = document.querySelector("button.card");
const note = document.body.appendChild(document.createElement("p"));
const tops = [];
for (let frame = 0; frame < 40; frame += 1) {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  note.textContent = `frame ${frame}`;  // the page changes under the resting pointer
  tops.push(card.getBoundingClientRect().top);
}
return tops;
"""


def test_a_card_under_a_pointer_on_its_bottom_edge_lifts_once_and_stays_lifted(js):
    placed = js(HAND)
    js.page.mouse.move(placed["x"], placed["bottom"] - 2)
    tops = js(TOPS)
    # The lift's short transition is over by the 20th frame; from there the card stands still,
    # 4 px up, and on the way it only ever rose.
    lifted = round(placed["top"] - 4, 1)
    assert {round(top, 1) for top in tops[20:]} == {lifted}, f"the card moved: {tops}"
    assert tops == sorted(tops, reverse=True), f"the card went up and down: {tops}"
