// Card pickers for the learn pages' card fields: 52 toggle buttons beside a text field.
//
// The field stays the truth (the form is a plain GET, so the position lives in the URL);
// the picker only reads and writes it. A button's pressed state says whether its card is in
// the field; pressing adds or removes it, up to the field's limit. Typing in the field
// re-marks the buttons. Keyboard: every button is a tab stop within one group, arrows move.

import { RANKS, SUITS, cardName } from "../cards.js";

const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SHOWN = { T: "10" };

function cardsIn(text) {
  return text.toUpperCase().replace(/,/g, " ").split(/\s+/).filter(Boolean).map((card) => (card.startsWith("10") ? `T${card.slice(2)}` : card));
}

function attach(picker) {
  const field = document.getElementById(picker.dataset.pickerFor);
  if (!field) return;
  const most = Number(picker.dataset.pickerMost || 6);
  picker.setAttribute("role", "group");
  picker.setAttribute("aria-label", `Pick cards for: ${field.labels[0]?.textContent.trim() || field.name}`);
  const buttons = new Map();
  for (const suit of SUITS) {
    const row = document.createElement("div");
    row.className = "picker-row";
    for (const rank of RANKS) {
      const card = `${rank}${suit}`;
      const button = document.createElement("button");
      button.type = "button";
      button.className = `picker-card ${suit === "H" || suit === "D" ? "card-red" : "card-black"}`;
      // The name is hidden text, not aria-label: the short face ("A♠") is hidden from screen
      // readers instead, so the name is the button's only text (as static/js/cards.js does).
      const face = Object.assign(document.createElement("span"), { textContent: `${SHOWN[rank] || rank}${SYMBOLS[suit]}` });
      face.setAttribute("aria-hidden", "true");
      const name = Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: cardName(card) });
      button.append(face, name);
      button.dataset.card = card;
      button.addEventListener("click", () => toggle(card));
      row.append(button);
      buttons.set(card, button);
    }
    picker.append(row);
  }
  function mark() {
    const chosen = new Set(cardsIn(field.value));
    for (const [card, button] of buttons) button.setAttribute("aria-pressed", String(chosen.has(card)));
  }
  function toggle(card) {
    const chosen = cardsIn(field.value);
    const at = chosen.indexOf(card);
    if (at >= 0) chosen.splice(at, 1);
    else if (most === 1) chosen.splice(0, chosen.length, card);
    else if (chosen.length < most) chosen.push(card);
    field.value = chosen.join(" ");
    mark();
  }
  field.addEventListener("input", mark);
  mark();
  picker.hidden = false;
}

document.querySelectorAll(".card-picker").forEach(attach);
