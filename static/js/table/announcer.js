// The table's score line (an aria-live region) and what each event says in it.

import { cardName, cardNames } from "../cards.js";
import { skunkText } from "../log.js";
import { points, sayGo, sayItems } from "../speech.js";

/**
 * The spoken and shown score line. Several can arrive in one burst (a last card, then three
 * shows): each is held for a moment so people and screen readers catch every one, a long
 * backlog speeds up, and nothing lingers: the last line is cleared a while after it was said,
 * and at once when a new phase or hand begins, so "Starter: ace of spades" is not still up
 * during the next hand's discard. A line still being held is never cut short.
 */
export class Announcer {
  constructor(element, { holdMs = 1500, fastMs = 500, lingerMs = 4000, backlog = 3 } = {}) {
    this.element = element;
    this.holdMs = holdMs;
    this.fastMs = fastMs;
    this.lingerMs = lingerMs;
    this.backlog = backlog;
    this.queue = []; // [{ text, hurry }]
    this.holding = false;
    this.timer = null;
  }

  say(text) {
    this.queue.push({ text, hurry: false });
    if (!this.holding) this.next();
  }

  /** A new phase or hand began: lines still waiting belong to the old one and hurry. */
  phaseChanged() {
    for (const item of this.queue) item.hurry = true;
    if (!this.holding) this.blank();
  }

  next() {
    clearTimeout(this.timer);
    const item = this.queue.shift();
    if (item === undefined) {
      this.holding = false;
      this.timer = setTimeout(() => this.blank(), this.lingerMs);
      return;
    }
    this.holding = true;
    this.element.textContent = item.text;
    this.element.classList.remove("flash");
    void this.element.offsetWidth; // restart the highlight animation
    this.element.classList.add("flash");
    const pause = item.hurry || this.queue.length > this.backlog ? this.fastMs : this.holdMs;
    this.timer = setTimeout(() => this.next(), pause);
  }

  blank() {
    clearTimeout(this.timer);
    this.timer = null;
    this.element.textContent = "";
    this.element.classList.remove("flash");
  }
}

/**
 * The line an event ({type, data}) announces, or null. `name(seat)` says "You" for the viewer's
 * seat, and the verb agrees with it ("You show", "bob shows").
 */
export function announcementFor({ type, data }, { name, viewer }) {
  const yours = (seat) => seat === viewer;
  switch (type) {
    case "card_played":
      return data.points ? `${name(data.seat)}: ${sayItems(data.items)}` : null;
    case "go":
      return `${name(data.seat)}: go`;
    case "go_scored":
      return `${name(data.seat)}: ${sayGo(data)}`;
    case "starter_cut":
      return data.heels ? `${cardName(data.card)}: two for his heels` : `Starter: ${cardName(data.card)}`;
    case "hand_shown":
      if (data.total === undefined || data.total === null) {
        const verb = yours(data.seat) ? "show" : "shows";
        return `${name(data.seat)} ${verb}${data.kind === "crib" ? " the crib" : ""}: ${cardNames(data.cards)}`;
      }
      return `${name(data.seat)}, ${data.kind}: ${sayItems(data.items)}${data.items.length > 1 ? ` (${points(data.total)})` : ""}`;
    case "muggins_called":
      return data.points ? `Muggins! ${name(data.seat)}: ${points(data.points)}` : null;
    case "game_ended":
      return `${name(data.winner)} ${yours(data.winner) ? "win" : "wins"} the game${skunkText(data.skunk)}`;
    case "match_ended":
      return `${name(data.winner)} ${yours(data.winner) ? "win" : "wins"} the match`;
    default:
      return null;
  }
}
