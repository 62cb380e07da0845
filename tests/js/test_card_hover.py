"""A card in the hand lifts under the pointer without moving its own box: a pointer resting on
its bottom edge once made it jump up and down every frame (the lifted card left the pointer,
dropped back under it, and lifted again), and a click waiting for it to stand still waited
until its test timed out."""

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

# The card's and its picture's tops over 40 frames (about two thirds of a second).
TOPS = """
const card = document.querySelector("button.card");
const tops = [];
for (let frame = 0; frame < 40; frame += 1) {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  tops.push([card.getBoundingClientRect().top, card.querySelector("svg").getBoundingClientRect().top]);
}
return tops;
"""


def test_a_card_under_a_pointer_on_its_bottom_edge_stands_still_and_stays_lifted(js):
    placed = js(HAND)
    js.page.mouse.move(placed["x"], placed["bottom"] - 2)
    tops = js(TOPS)
    settled = tops[20:]  # the lift's short transition is over by then
    card_tops = {round(card, 1) for card, _ in tops}
    assert card_tops == {round(placed["top"], 1)}, f"the card's box moved: {sorted(card_tops)}"
    # The picture is lifted, and stays lifted while the pointer rests there.
    assert {round(picture - card, 1) for card, picture in settled} == {-4.0}, settled
