// The table's score line (an aria-live region) and what each event says in it.

import { cardName, cardNames } from "../cards.js";
import { skunkText } from "../log.js";
import { sideNamed } from "../seats.js";
import { points, sayGo, sayItems } from "../speech.js";

/**
 * How much a line matters against others waiting: a move (a card, a discard, a Go) is
 * ORDINARY and only the newest one describes the table; a score, the starter, a show, a new
 * hand is a SCORE line, each worth hearing; a game or the match won is a RESULT.
 */
export const ORDINARY = 1;
export const SCORE = 2;
export const RESULT = 3;

const SCORE_EVENTS = new Set(["hand_started", "starter_cut", "points_awarded", "go_scored", "hand_shown", "score_revealed", "muggins_called"]);
const RESULT_EVENTS = new Set(["game_ended", "match_ended"]);

/** The urgency of an event's line (a card that scores is a SCORE line). */
export function urgencyOf({ type, data }) {
  if (RESULT_EVENTS.has(type)) return RESULT;
  if (SCORE_EVENTS.has(type) || (type === "card_played" && data && data.points)) return SCORE;
  return ORDINARY;
}

/**
 * The spoken and shown score line: what it says is the table as it is now, not seconds
 * behind. A new line drops every waiting line less urgent than itself (and a new move the
 * waiting move, only the newest move being true), and cuts short a line on show that is less
 * urgent; a line on show as urgent or more is held at least `fastMs` before the newer one
 * follows, so a burst is said in order, each line briefly. Several SCORE lines in a burst (a
 * last card, then three shows) each get `holdMs` (a long backlog speeds up to `fastMs`).
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

const SUBJECTS = { play: "the card", heels: "his heels", hand: "the hand", crib: "the crib" };

/**
 * The line an event ({type, data}) announces, or null (only for events the table does not
 * show, like a player joining). Every move is said, scoring or not ("bob plays king of spades,
 * count 25"), so a screen reader hears the whole game. `name(seat)` says "You" for the viewer's
 * seat, and the verb agrees with it ("You show", "bob shows").
 */
export function announcementFor({ type, data }, { name, viewer, seats = null }) {
  const yours = (seat) => seat === viewer;
  const verb = (seat, base, third) => (yours(seat) ? base : third);
  // A game or the match is won by a side: with four seats, both partners ("ann & cy win").
  const winners = (seat) => {
    const side = seats ? sideNamed({ seats, viewer }, seat, name) : { text: name(seat), plural: yours(seat) };
    return `${side.text} ${side.plural ? "win" : "wins"}`;
  };
  switch (type) {
    case "cut_for_deal": {
      const cuts = data.cuts.map((card, seat) => `${name(seat)} ${verb(seat, "cut", "cuts")} ${cardName(card)}`).join(", ");
      if (data.dealer === null) return `${cuts}: a tie, cut again`;
      return `${cuts}: ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")}`;
    }
    case "hand_started":
      return `Hand ${data.hand}: ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")}`;
    case "discarded":
      if (yours(data.seat) && data.cards) return `You discard ${cardNames(data.cards)}`;
      return `${name(data.seat)} ${verb(data.seat, "discard", "discards")} to the crib`;
    case "points_awarded":
      return `${name(data.seat)} ${verb(data.seat, "get", "gets")} ${points(data.points)}${data.reason === "pone_start" ? " to start" : ""}`;
    case "card_played": {
      const played = `${name(data.seat)} ${verb(data.seat, "play", "plays")} ${cardName(data.card)}, count ${data.count}`;
      return data.points ? `${played}: ${sayItems(data.items)}` : played;
    }
    case "go":
      return `${name(data.seat)}: go`;
    case "go_scored":
      return `${name(data.seat)}: ${sayGo(data)}`;
    case "count_reset":
      return "The count starts again";
    case "starter_cut":
      return data.heels ? `${cardName(data.card)}: two for his heels` : `Starter: ${cardName(data.card)}`;
    case "hand_shown":
      if (data.total === undefined || data.total === null) {
        return `${name(data.seat)} ${verb(data.seat, "show", "shows")}${data.kind === "crib" ? " the crib" : ""}: ${cardNames(data.cards)}`;
      }
      return `${name(data.seat)}, ${data.kind}: ${cardNames(data.cards)}. ${sayItems(data.items)}${data.items.length > 1 ? ` (${points(data.total)})` : ""}`;
    case "claim_made":
      return `${name(data.seat)} ${verb(data.seat, "claim", "claims")} ${data.claimed} for ${SUBJECTS[data.subject] || data.subject}`;
    case "muggins_called":
      return data.right
        ? `Muggins! ${name(data.seat)} ${verb(data.seat, "name", "names")} ${data.named} and ${verb(data.seat, "take", "takes")} ${points(data.points)}`
        : `${name(data.seat)} ${verb(data.seat, "call", "calls")} Muggins for ${data.named}: wrong, nothing pegged`;
    case "score_revealed": {
      const worth = `${name(data.seat)}, ${SUBJECTS[data.subject] || data.subject}: worth ${points(data.actual)}${data.items && data.items.length ? `, ${sayItems(data.items)}` : ""}`;
      return data.pegged < data.claimed ? `${worth}; over-claimed, ${verb(data.seat, "you keep", "keeps")} only ${data.pegged}` : worth;
    }
    case "game_ended": {
      const score = data.scores ? ` ${data.scores[data.winner]} to ${Math.max(...data.scores.filter((_, seat) => seat !== data.winner))}` : "";
      return `${winners(data.winner)} the game${score}${skunkText(data.skunk)}`;
    }
    case "seat_timed_out":
      return `${name(data.seat)} ran out of time: the computer plays for them`;
    case "match_ended": {
      if (data.winner === null) return "The match was aborted: every player left";
      const wins = `${winners(data.winner)} the match`;
      if (data.reason === "resigned") return `${wins} by resignation`;
      if (data.reason === "abandoned") return `${wins}: a player left the table`;
      if (data.reason === "time") return `${wins} on time`;
      return wins;
    }
    default:
      return null;
  }
}
