// The live log of the match: one sentence per event, as the viewer sees it
// ("You played 5♥ for 15, 2 points: fifteen two"), worded by the event's entry in
// event-types.js. describeEvent is pure and tested.

import { EVENT_TYPES, wordsFor } from "./event-types.js";

/**
 * Who a seat is, from the viewer's side: "You" for the viewer's own seat, else the name.
 * `context`: { viewer: seat or null, names: [name0, name1, ...], seats: [0, 1, ...] }; without
 * `seats`, there is a seat for each name.
 */
export function who(seat, context) {
  if (seat === context.viewer) return "You";
  return context.names[seat] || `Seat ${seat + 1}`;
}

/** One log sentence for an event ({type, data}), or null for events not worth a line. */
export function describeEvent(event, context) {
  const type = EVENT_TYPES[event.type];
  if (!type || !type.log) return null;
  const seats = context.seats || context.names.map((_, seat) => seat);
  return type.log(event.data, wordsFor({ name: (seat) => who(seat, context), viewer: context.viewer, seats }));
}

/** The log list on the page: appends lines and keeps the newest in view. */
export class MatchLog {
  constructor(list, limit = 300) {
    this.list = list;
    this.limit = limit;
    this.scrollQueued = false;
  }

  /**
   * Scroll to the newest line at the next frame, once however many lines came. Reading the
   * list's height lays out the whole page at once: each event redraws the table and then adds a
   * line, so doing it line by line laid the table out again for every event (about half a
   * second of a page's main thread over a game to 61).
   */
  keepNewestInView() {
    if (this.scrollQueued) return;
    this.scrollQueued = true;
    requestAnimationFrame(() => {
      this.scrollQueued = false;
      this.list.scrollTop = this.list.scrollHeight;
    });
  }

  line(event, context) {
    const text = describeEvent(event, context);
    if (!text) return null;
    const item = document.createElement("li");
    item.className = `log-line log-${event.type}`;
    item.textContent = text;
    if (event.type === "hand_started") item.classList.add("log-new-hand");
    return item;
  }

  add(event, context) {
    const item = this.line(event, context);
    if (!item) return null;
    const text = item.textContent;
    this.list.append(item);
    while (this.list.children.length > this.limit) this.list.firstElementChild.remove();
    this.keepNewestInView();
    return text;
  }

  /** Earlier events (a reloaded page's history), put before the lines already there. */
  prepend(events, context) {
    const lines = events.map((event) => this.line(event, context)).filter(Boolean);
    this.list.prepend(...lines.slice(Math.max(0, lines.length - this.limit)));
    while (this.list.children.length > this.limit) this.list.firstElementChild.remove();
    this.keepNewestInView();
  }

  note(text) {
    const item = document.createElement("li");
    item.className = "log-line log-note";
    item.textContent = text;
    this.list.append(item);
    this.keepNewestInView();
  }
}
