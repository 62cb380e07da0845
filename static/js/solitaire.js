// Daily solitaire: draws the player's view of their game (solitaire.selectors.game_view) and
// posts each action (throw two, claim a count, next round) as JSON; the server's answer is the
// next view. No rule is decided here: the engine (games/engine/solitaire.py) checks everything.

import { cardBackElement, cardElement, cardNames } from "./cards.js";
import { points, sayItems } from "./speech.js";

const SUBJECTS = { heels: "His heels", hand: "Your hand", crib: "Your crib", last_four: "The last four" };

const root = document.getElementById("solitaire");
const token = root.querySelector("input[name=csrfmiddlewaretoken]").value;
let view = JSON.parse(document.getElementById("solitaire-game").textContent);
const selected = new Set();
let note = "";

const $ = (id) => document.getElementById(id);

async function send(action) {
  const response = await fetch(root.dataset.actUrl, {
    method: "POST",
    body: JSON.stringify(action),
    headers: { "Content-Type": "application/json", "X-CSRFToken": token },
    credentials: "same-origin",
  });
  const body = await response.json();
  if (!response.ok) {
    note = body.message;
  } else {
    note = action.type === "claim" && body.misses > view.misses ? `${action.points} is not right: count again.` : "";
    view = body;
    selected.clear();
  }
  render();
}

function button(text, id, onClick, disabled = false) {
  const element = document.createElement("button");
  element.type = "button";
  element.id = id;
  element.textContent = text;
  element.disabled = disabled;
  element.addEventListener("click", onClick);
  return element;
}

function status() {
  if (view.phase === "over") return `Game over: ${view.score} points, a ${view.outcome}.`;
  const round = view.round > view.rounds_total ? "The last four" : `Round ${view.round} of ${view.rounds_total}`;
  return `${round} · score ${view.score}${view.misses ? ` · ${view.misses} miscount${view.misses === 1 ? "" : "s"}` : ""}`;
}

function renderHand() {
  const hand = $("solitaire-hand");
  const throwing = view.phase === "throw";
  hand.replaceChildren(
    ...view.hand.map((card) => {
      const element = cardElement(card, { button: throwing });
      if (!throwing) return element;
      element.classList.toggle("selected", selected.has(card));
      element.setAttribute("aria-pressed", String(selected.has(card)));
      element.addEventListener("click", () => {
        if (selected.has(card)) selected.delete(card);
        else {
          if (selected.size === 2) selected.delete(selected.values().next().value);
          selected.add(card);
        }
        render();
      });
      return element;
    }),
  );
}

function renderActions() {
  const actions = $("solitaire-actions");
  if (view.phase === "throw") {
    const label = document.createElement("span");
    label.textContent = selected.size === 2 ? `Throw ${cardNames([...selected])} to the crib.` : `Choose two cards for your crib (${selected.size} of 2).`;
    actions.replaceChildren(label, button("Throw to crib", "solitaire-throw", () => send({ type: "throw", cards: [...selected] }), selected.size !== 2));
  } else if (view.phase === "count") {
    const label = document.createElement("label");
    label.textContent = `${SUBJECTS[view.pending]}: how many points? `;
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.max = "29";
    input.id = "solitaire-claim";
    input.inputMode = "numeric";
    label.append(input);
    const claim = () => send({ type: "claim", points: Number(input.value) });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") claim();
    });
    actions.replaceChildren(label, button("Count", "solitaire-claim-button", claim));
  } else if (view.phase === "counted") {
    const last = view.round >= view.rounds_total;
    actions.replaceChildren(button(last ? "Turn up the last four" : "Next round", "solitaire-next", () => send({ type: "next" })));
  } else {
    actions.replaceChildren();
  }
}

function renderCounts() {
  $("solitaire-counts").replaceChildren(
    ...view.counts.map((count) => {
      const item = document.createElement("li");
      item.dataset.subject = count.subject;
      item.dataset.total = String(count.total);
      const said = count.items.length ? `: ${sayItems(count.items)}` : "";
      item.textContent = `${SUBJECTS[count.subject]} (${count.cards.join(" ")}${count.starter && count.subject !== "heels" ? ` with ${count.starter}` : ""}): ${points(count.total)}${said}`;
      return item;
    }),
  );
}

function render() {
  $("solitaire-status").textContent = note || status();
  // The starter, else the stock face down while there is one.
  const stock = view.stock_count ? [cardBackElement({ extraClass: "deck" })] : [];
  $("solitaire-starter").replaceChildren(...(view.starter ? [cardElement(view.starter)] : stock));
  const crib = $("solitaire-crib");
  crib.replaceChildren(...(view.crib.length ? view.crib.map((card) => cardElement(card, { extraClass: "small" })) : Array.from({ length: view.crib_count }, () => cardBackElement({ extraClass: "small" }))));
  renderHand();
  renderActions();
  renderCounts();
  root.dataset.phase = view.phase;
  root.dataset.score = String(view.score);
}

window.cribbageSolitaire = { get view() { return view; } };
render();
