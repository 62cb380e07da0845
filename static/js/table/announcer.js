// The table's score line (an aria-live region) and what each event says in it.

import { EVENT_TYPES, ORDINARY, wordsFor } from "../event-types.js";

/** The urgency of an event's line (see event-types.js: a card that scores is a SCORE line). */
export function urgencyOf({ type, data }) {
  const urgency = EVENT_TYPES[type] && EVENT_TYPES[type].urgency;
  if (urgency === undefined) return ORDINARY;
  return typeof urgency === "function" ? urgency(data) : urgency;
}

/**
 * The spoken and shown score line: what it says is the table as it is now, not seconds
 * behind. A new line drops every waiting line less urgent than itself (and a new move the
 * waiting move, only the newest move being true), and cuts short a line on show that is less
 * urgent; a line on show as urgent or more is held at least `fastMs` before the newer one
 * follows, so a burst is said in order, each line briefly. Several SCORE lines in a burst (a
 * last card, then three shows) each get `holdMs` (a long backlog speeds up to `fastMs`). The
 * urgencies, ORDINARY < SCORE < RESULT, are defined with the event types (event-types.js).
 * Nothing lingers: the last line is cleared a while after it was said, and at once when a new
 * phase or hand begins.
 */
export class Announcer {
  constructor(element, { holdMs = 1500, fastMs = 500, lingerMs = 4000, backlog = 3 } = {}) {
    this.element = element;
    this.holdMs = holdMs;
    this.fastMs = fastMs;
    this.lingerMs = lingerMs;
    this.backlog = backlog;
    this.queue = []; // [{ text, hurry, urgency }]
    this.holding = null; // the item on show while it is held, else null
    this.shownAt = 0;
    this.timer = null;
  }

  say(text, { urgency = ORDINARY } = {}) {
    this.queue = this.queue.filter((item) => item.urgency > urgency || (item.urgency === urgency && urgency > ORDINARY));
    this.queue.push({ text, hurry: false, urgency });
    if (!this.holding || this.holding.urgency < urgency) {
      this.next();
      return;
    }
    // A newer line waits for the one on show, but no longer than `fastMs` after it came up
    // when that one was a move: a move is old news once the next arrives.
    if (this.holding.urgency === ORDINARY) {
      clearTimeout(this.timer);
      const left = Math.max(0, this.fastMs - (Date.now() - this.shownAt));
      this.timer = setTimeout(() => this.next(), left);
    }
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
      this.holding = null;
      this.timer = setTimeout(() => this.blank(), this.lingerMs);
      return;
    }
    this.holding = item;
    this.shownAt = Date.now();
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
 * The line an event ({type, data}) announces, or null (only for events the table does not
 * show, like a player joining). Every move is said, scoring or not ("bob plays king of spades,
 * count 25"), so a screen reader hears the whole game. `name(seat)` says "You" for the viewer's
 * seat, and the verb agrees with it ("You show", "bob shows"). Worded by the event's entry in
 * event-types.js.
 */
export function announcementFor({ type, data }, { name, viewer, seats = null }) {
  const entry = EVENT_TYPES[type];
  if (!entry || !entry.speak) return null;
  return entry.speak(data, wordsFor({ name, viewer, seats }));
}
