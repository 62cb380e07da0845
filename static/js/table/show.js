// The show, on the table where the cards are: each hand is laid face up in its owner's zone and
// the crib beside its dealer, counted one at a time in the order of a real table (pone, dealer,
// crib), each with its items ("Fifteen (5♥ K♠): 2") and the count said aloud ("fifteen two and
// a pair is four"), the scoring cards lit item by item.
//
// The pacing is the page's own: the engine has already dealt the next hand when the last one is
// counted, so the table keeps drawing the view of the show (`Table.held`) until the player presses
// Continue or SHOW_HOLD_MS pass after the last hand was counted. Events keep arriving and being
// applied meanwhile; only the drawing waits.

import { cardElement, shortCard, sortCards } from "../cards.js";
import { points, sayItems } from "../speech.js";
import { onScreen } from "../seats.js";

export const ITEM_STEP_MS = 650; // one scoring item lit
export const HAND_PAUSE_MS = 900; // after a hand's last item, before the next hand is laid down
export const SHOW_HOLD_MS = 4000; // after the last hand, before the next deal is drawn anyway
const KIND_LABELS = { fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "Nobs", "thirty-one": "Thirty-one" };

/** The show's sentence for one item: "Pair royal (5♥ 5♠ 5♦): 6". */
export function itemLine(item) {
  let label = KIND_LABELS[item.kind] || item.kind;
  if (item.kind === "pair" && item.points === 6) label = "Pair royal";
  if (item.kind === "pair" && item.points === 12) label = "Double pair royal";
  if (item.kind === "run") label = `Run of ${item.cards.length}`;
  return `${label} (${item.cards.map(shortCard).join(" ")}): ${item.points}`;
}

/** How long a counted hand holds the table before the next: each item, then a pause. */
export function handDuration(shown) {
  const items = shown.items ? shown.items.length : 0;
  return items * ITEM_STEP_MS + HAND_PAUSE_MS;
}

export class ShowPanel {
  /**
   * `table` gives `$`, `view` (the view drawn), `name(seat)`, `lanes()`, `hands.order` and
   * `continueShow()`. `clock` ({ now, setTimeout, clearTimeout }) is the page's, or a test's.
   */
  constructor(table, clock = globalThis) {
    this.table = table;
    this.clock = clock;
    this.showKey = null; // game-hand of the show on the table
    this.revealed = 0; // how many of its hands are face up
    this.timer = null; // the next step of the pacing
    this.stepping = null; // the hand whose items are being lit: { key, index, started }
  }

  /** Whether every hand of the show on the table has been counted on screen. */
  get finished() {
    const { view } = this.table;
    return view.shown.length > 0 && this.revealed >= view.shown.length && this.stepping === null;
  }

  /** Lay every remaining hand down at once (Continue, or a fresh page). */
  revealAll() {
    this.revealed = this.table.view.shown.length;
    this.stepping = null;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.render();
  }

  render() {
    const { view } = this.table;
    const key = `${view.game}-${view.hand}`;
    if (key !== this.showKey) {
      this.showKey = key;
      this.revealed = 0;
      this.stepping = null;
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    const felt = this.table.$("felt");
    const showing = view.shown.length > 0;
    felt.dataset.showing = String(showing);
    // The first hand of a show goes down at once; the others follow as each is counted.
    if (showing && this.revealed === 0 && this.stepping === null) this.reveal(0);
    // A hand waiting for its claim holds nothing up: what is shown after it is laid down too.
    while (this.stepping === null && this.revealed < view.shown.length && !view.shown[this.revealed - 1].items) this.reveal(this.revealed);
    for (const [lane, seat] of this.table.lanes()) {
      const slot = this.table.$(`show-${lane}`);
      const entries = view.shown.map((shown, index) => [shown, index]).filter(([shown]) => shown.seat === seat);
      slot.replaceChildren(...entries.map(([shown, index]) => this.entry(view, shown, index)));
      slot.hidden = entries.length === 0;
    }
    this.renderBar(view);
  }

  /** Face up the hand at `index` and light its items one by one, then move on to the next. */
  reveal(index) {
    const { view } = this.table;
    if (index >= view.shown.length) return;
    this.revealed = Math.max(this.revealed, index + 1);
    const shown = view.shown[index];
    const key = this.showKey;
    if (!shown.items) {
      // Manual scoring: the hand waits for its claim; the next is laid down when it arrives.
      this.stepping = null;
      return;
    }
    this.stepping = { key, index, started: this.clock.now ? this.clock.now() : Date.now() };
    let step = 0;
    const tick = () => {
      if (this.showKey !== key) return;
      if (step < shown.items.length) {
        this.light(index, step);
        step += 1;
        this.timer = this.clock.setTimeout(tick, ITEM_STEP_MS);
        return;
      }
      this.light(index, null);
      this.timer = this.clock.setTimeout(() => {
        if (this.showKey !== key) return;
        this.stepping = null;
        if (index + 1 < this.table.view.shown.length) this.reveal(index + 1);
        this.render();
        this.table.showStepped();
      }, HAND_PAUSE_MS);
    };
    this.timer = this.clock.setTimeout(tick, 0);
  }

  /**
   * A hand_shown event arrived: lay it down now unless a hand is still being counted on screen
   * (then its turn comes when that one is done). With manual scoring a hand waits for its
   * owner's claim, so the next one is laid down as soon as it is shown.
   */
  afterEvent(event) {
    if (event.type !== "hand_shown") return;
    const { view } = this.table;
    if (this.stepping !== null || this.showKey !== `${view.game}-${view.hand}`) return;
    if (this.revealed < view.shown.length) this.reveal(this.revealed);
    this.render();
  }

  entry(view, shown, index) {
    const entry = document.createElement("article");
    entry.className = `shown shown-${shown.kind}`;
    entry.dataset.seat = String(shown.seat);
    entry.dataset.kind = shown.kind;
    entry.dataset.starter = view.starter || "";
    entry.hidden = index >= this.revealed;
    const counting = this.stepping && this.stepping.index === index;
    entry.classList.toggle("counting", Boolean(counting) || (index === this.revealed - 1 && !this.finished));
    const title = document.createElement("h3");
    const owner = shown.seat === view.viewer ? "Your" : `${this.table.name(shown.seat)}'s`;
    title.textContent = `${owner} ${shown.kind}`;
    const cards = document.createElement("div");
    cards.className = "shown-cards";
    for (const card of sortCards(shown.cards, this.table.hands.order)) cards.append(cardElement(card, { extraClass: "small" }));
    const list = document.createElement("ol");
    list.className = "shown-items";
    const total = document.createElement("p");
    total.className = "shown-total";
    if (shown.items === null || shown.items === undefined) {
      total.textContent = "Counting…";
    } else {
      for (const item of shown.items) list.append(itemElement(item, cards));
      const strong = document.createElement("strong");
      strong.textContent = points(shown.total);
      const said = document.createElement("span");
      said.className = "said";
      said.textContent = shown.items.length ? `: ${sayItems(shown.items)}` : "";
      total.append(strong, said);
      total.dataset.total = String(shown.total);
    }
    entry.append(title, cards, list, total);
    return entry;
  }

  /** Light item `step` of the hand at `index` (null: none) and its cards, the starter too. */
  light(index, step) {
    const entry = this.table.$("felt").querySelectorAll(".shown")[this.entryPosition(index)];
    if (!entry) return;
    const items = [...entry.querySelectorAll(".shown-items li")];
    items.forEach((li, i) => li.classList.toggle("current", i === step));
    if (step !== null && items[step]) keepInSight(items[step]);
    const wanted = step === null || !items[step] ? [] : items[step].dataset.cards.split(" ");
    lightCards(entry.querySelector(".shown-cards"), wanted);
  }

  /** Where the hand at `index` of view.shown sits among the entries drawn (zones in page order). */
  entryPosition(index) {
    const { view } = this.table;
    const order = [];
    for (const [, seat] of onScreen(this.table.lanes())) {
      view.shown.forEach((shown, i) => {
        if (shown.seat === seat) order.push(i);
      });
    }
    return order.indexOf(index);
  }

  /** The bar in the middle of the table: whose count it is, and Continue. */
  renderBar(view) {
    const bar = this.table.$("show-panel");
    if (!view.shown.length) {
      bar.hidden = true;
      bar.replaceChildren();
      return;
    }
    bar.hidden = false;
    const current = view.shown[Math.max(0, this.revealed - 1)];
    const heading = document.createElement("h2");
    heading.className = "show-title";
    const owner = current.seat === view.viewer ? "Your" : `${this.table.name(current.seat)}'s`;
    heading.textContent = this.finished ? "The show" : `${owner} ${current.kind}`;
    const waiting = this.table.held !== null || !this.finished;
    bar.replaceChildren(heading);
    const board = this.finished ? throwBoardLink(view) : null;
    if (board) bar.append(board);
    if (waiting) {
      const button = document.createElement("button");
      button.type = "button";
      button.id = "show-continue";
      button.textContent = "Continue";
      button.addEventListener("click", () => this.table.continueShow());
      bar.append(button);
    }
  }
}

/**
 * "Analyse your throw": once the show is over, the analysis board for the six (or five) cards
 * this seat was dealt (its hand, now shown, and its own throw) and its role, in a new tab so the
 * table keeps its place. Two players only (the board's analysis is two-handed); null otherwise.
 */
export function throwBoardLink(view) {
  if (!view || !Array.isArray(view.seats) || view.seats.length !== 2 || !Number.isInteger(view.viewer)) return null;
  const own = view.shown.find((shown) => shown.seat === view.viewer && shown.kind === "hand");
  const thrown = view.thrown || [];
  if (!own || thrown.length !== 2) return null;
  const query = new URLSearchParams({ cards: [...own.cards, ...thrown].join(" "), role: view.dealer === view.viewer ? "dealer" : "pone" });
  const link = document.createElement("a");
  link.href = `/analysis/?${query}`;
  link.target = "_blank";
  link.rel = "noopener";
  link.className = "show-analyse";
  link.dataset.testid = "analyse-throw-at-table";
  link.textContent = "Analyse your throw";
  return link;
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

/** Scroll the item's list (capped in height on a phone) so the item lies wholly inside it;
 * only the list moves, never the page under the player. */
function keepInSight(li) {
  const list = li.parentElement;
  if (list.scrollHeight <= list.clientHeight) return;
  const box = li.getBoundingClientRect();
  const room = list.getBoundingClientRect();
  if (box.top < room.top) list.scrollTop -= room.top - box.top;
  else if (box.bottom > room.bottom) list.scrollTop += box.bottom - room.bottom;
}

/** Light the cards of `wanted` in a shown hand and, when it counts, the starter in the middle. */
function lightCards(cards, wanted) {
  for (const element of cards.querySelectorAll(".card")) element.classList.toggle("highlight", wanted.includes(element.dataset.card));
  const starter = document.querySelector("#starter .card");
  if (starter) starter.classList.toggle("highlight", wanted.includes(starter.dataset.card));
}
