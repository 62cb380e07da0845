// The show panel: each hand and the crib counted item by item, the scoring cards lit as a
// player counting aloud points at them. The last hand's show stays up (with a Hide button)
// until the next starter is cut, because the engine deals the next hand straight after it.

import { cardElement } from "../cards.js";
import { shortCard } from "../log.js";
import { points, sayItems } from "../speech.js";

const ITEM_STEP_MS = 700;
const KIND_LABELS = { fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "Nobs", "thirty-one": "Thirty-one" };

/** The show's sentence for one item: "Pair royal (5♥ 5♠ 5♦): 6". */
export function itemLine(item) {
  let label = KIND_LABELS[item.kind] || item.kind;
  if (item.kind === "pair" && item.points === 6) label = "Pair royal";
  if (item.kind === "pair" && item.points === 12) label = "Double pair royal";
  if (item.kind === "run") label = `Run of ${item.cards.length}`;
  return `${label} (${item.cards.map(shortCard).join(" ")}): ${item.points}`;
}

export class ShowPanel {
  /** `table` gives `$`, `view` and `name(seat)`. */
  constructor(table) {
    this.table = table;
    this.lastShow = null; // the previous hand's show, kept on screen while the next hand starts
    this.nodes = null; // entries on screen by key, so their highlighting runs on across redraws
    this.animating = new Set(); // shown hands whose items are about to be stepped through
    this.stepFreeAt = 0; // when the highlighting is free for the next hand
  }

  /** Before an event is applied: a new hand would forget this one's show, so keep it. */
  beforeEvent(event, before) {
    if (event.type === "hand_started" && before && before.shown && before.shown.length) {
      this.lastShow = { starter: before.starter, shown: structuredClone(before.shown), game: before.game, hand: before.hand };
    }
  }

  /** After an event is applied: the next starter retires the last show; a new hand is stepped through. */
  afterEvent(event, after) {
    if (event.type === "starter_cut") this.lastShow = null;
    if (event.type === "hand_shown") this.animating.add(`${after.game}-${after.hand}-${after.shown.length - 1}`);
  }

  render() {
    const { view } = this.table;
    const panel = this.table.$("show-panel");
    let source = null;
    let title = "The show";
    if (view.shown.length) source = { starter: view.starter, shown: view.shown, game: view.game, hand: view.hand };
    else if (this.lastShow) {
      source = this.lastShow;
      title = "Last hand's show";
    }
    if (!source) {
      panel.hidden = true;
      panel.replaceChildren();
      this.nodes = null;
      return;
    }
    panel.hidden = false;
    const heading = document.createElement("div");
    heading.className = "show-heading";
    const h2 = document.createElement("h2");
    h2.textContent = title;
    heading.append(h2);
    if (source === this.lastShow) {
      const hide = document.createElement("button");
      hide.type = "button";
      hide.className = "secondary";
      hide.id = "hide-show";
      hide.textContent = "Hide";
      hide.addEventListener("click", () => {
        this.lastShow = null;
        this.render();
      });
      heading.append(hide);
    }
    const kept = new Map();
    const entries = source.shown.map((shown, index) => {
      const key = `${source.game}-${source.hand}-${index}-${shown.total}-${shown.seat === view.viewer}`;
      const node = (this.nodes && this.nodes.get(key)) || this.entry(source, shown, index);
      kept.set(key, node);
      return node;
    });
    this.nodes = kept;
    panel.replaceChildren(heading, ...entries);
  }

  entry(source, shown, index) {
    const entry = document.createElement("article");
    entry.className = `shown shown-${shown.kind}`;
    entry.dataset.seat = String(shown.seat);
    entry.dataset.kind = shown.kind;
    const title = document.createElement("h3");
    const owner = shown.seat === this.table.view.viewer ? "Your" : `${this.table.name(shown.seat)}'s`;
    title.textContent = `${owner} ${shown.kind}`;
    const cards = document.createElement("div");
    cards.className = "shown-cards";
    for (const card of shown.cards) cards.append(cardElement(card, { extraClass: "small" }));
    if (source.starter) cards.append(cardElement(source.starter, { extraClass: "small shown-starter" }));
    const list = document.createElement("ol");
    list.className = "shown-items";
    const total = document.createElement("p");
    total.className = "shown-total";
    if (shown.items === null || shown.items === undefined) {
      total.textContent = "Counting…";
    } else {
      for (const item of shown.items) list.append(itemElement(item, cards));
      total.innerHTML = `<strong>${points(shown.total)}</strong><span class="said"></span>`;
      total.querySelector(".said").textContent = shown.items.length ? `: ${sayItems(shown.items)}` : "";
      total.dataset.total = String(shown.total);
      const key = `${source.game}-${source.hand}-${index}`;
      if (this.animating.has(key)) {
        this.animating.delete(key);
        this.stepThrough(list, cards);
      }
    }
    entry.append(title, cards, list, total);
    return entry;
  }

  /** Highlight the scoring cards item by item, as a player counting aloud points at them. */
  stepThrough(list, cards) {
    const items = [...list.children];
    // Hands shown together are counted one after the other, pone first, as at a real table.
    const start = Math.max(0, this.stepFreeAt - Date.now());
    this.stepFreeAt = Date.now() + start + items.length * ITEM_STEP_MS + 400;
    items.forEach((li, index) => {
      setTimeout(() => {
        items.forEach((other) => other.classList.toggle("current", other === li));
        lightCards(cards, li.dataset.cards.split(" "));
      }, start + index * ITEM_STEP_MS);
    });
    setTimeout(() => {
      items.forEach((li) => li.classList.remove("current"));
      lightCards(cards, []);
    }, start + items.length * ITEM_STEP_MS + 400);
  }
}

/** One scoring item; hovering or focusing it lights its cards. */
function itemElement(item, cards) {
  const li = document.createElement("li");
  li.textContent = itemLine(item);
  li.tabIndex = 0;
  li.dataset.cards = item.cards.join(" ");
  li.dataset.kind = item.kind;
  li.dataset.points = String(item.points);
  li.addEventListener("mouseenter", () => lightCards(cards, item.cards));
  li.addEventListener("mouseleave", () => lightCards(cards, []));
  li.addEventListener("focus", () => lightCards(cards, item.cards));
  li.addEventListener("blur", () => lightCards(cards, []));
  return li;
}

function lightCards(cards, wanted) {
  for (const element of cards.querySelectorAll(".card")) element.classList.toggle("highlight", wanted.includes(element.dataset.card));
}
