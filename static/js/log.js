// The live log of the match: one sentence per event, as the viewer sees it
// ("You played 5♥ for 15, 2 points: fifteen two"). describeEvent is pure and tested.

import { otherSeats, sideNamed } from "./seats.js";
import { points, sayGo, sayItems } from "./speech.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUBJECTS = { play: "the card", hand: "the hand", crib: "the crib", heels: "his heels" };

/** "5H" -> "5♥", "TD" -> "10♦": short and readable in a log line. */
export function shortCard(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUIT_SYMBOLS[card[1]];
}

/**
 * Who a seat is, from the viewer's side: "You" for the viewer's own seat, else the name.
 * `context`: { viewer: seat or null, names: [name0, name1, ...], seats: [0, 1, ...] }; without
 * `seats`, there is a seat for each name.
 */
export function who(seat, context) {
  if (seat === context.viewer) return "You";
  return context.names[seat] || `Seat ${seat + 1}`;
}

/** Who left a match that was claimed: the one other seat, or null when there were several. */
function leaver(winner, context) {
  const seats = context.seats || context.names.map((_, seat) => seat);
  const others = otherSeats({ seats }, winner);
  return others.length === 1 ? others[0] : null;
}

const possessive = (seat, context) => (seat === context.viewer ? "Your" : `${who(seat, context)}'s`);

/** "bob wins", "You win", or with four players "You & carol win": the winning side. */
function winners(seat, context) {
  const seats = context.seats || context.names.map((_, index) => index);
  const side = sideNamed({ seats, viewer: context.viewer }, seat, (other) => who(other, context));
  return `${side.text} ${side.plural ? "win" : "wins"}`;
}

/** One log sentence for an event ({type, data}), or null for events not worth a line. */
export function describeEvent(event, context) {
  const data = event.data;
  const name = (seat) => who(seat, context);
  switch (event.type) {
    case "player_joined":
      return `${data.name} sat down.`;
    case "cut_for_deal":
      if (data.dealer === null) return `Cut for deal: ${data.cuts.map(shortCard).join(" and ")}, equal ranks: cut again.`;
      return `Cut for deal: ${data.cuts.map((card, seat) => `${name(seat)} ${shortCard(card)}`).join(", ")}. ${name(data.dealer)} ${data.dealer === context.viewer ? "deal" : "deals"} first.`;
    case "hand_started":
      return `Game ${data.game}, hand ${data.hand}: ${name(data.dealer)} ${data.dealer === context.viewer ? "deal" : "deals"}.`;
    case "discarded":
      if (data.cards) return `${name(data.seat)} put ${data.cards.map(shortCard).join(" and ")} in the crib.`;
      return `${name(data.seat)} discarded to the crib.`;
    case "starter_cut":
      return data.heels
        ? `Starter: ${shortCard(data.card)}. Two for his heels to the dealer.`
        : `Starter: ${shortCard(data.card)}.`;
    case "card_played": {
      let line = `${name(data.seat)} played ${shortCard(data.card)} for ${data.count}`;
      if (data.points) line += `, ${points(data.points)}: ${sayItems(data.items)}`;
      return `${line}.`;
    }
    case "go":
      return `${name(data.seat)} ${data.seat === context.viewer ? "say" : "says"} go.`;
    case "go_scored":
      return `${name(data.seat)}: ${sayGo(data)}.`;
    case "count_reset":
      return "The count starts again from 0.";
    case "hand_shown": {
      const label = data.kind === "crib" ? `${possessive(data.seat, context)} crib` : `${possessive(data.seat, context)} hand`;
      const cards = `${data.cards.map(shortCard).join(" ")} with ${shortCard(data.starter)}`;
      if (data.total === undefined || data.total === null) return `${label}: ${cards}.`;
      return `${label}: ${cards}: ${sayItems(data.items)} (${points(data.total)}).`;
    }
    case "claim_made":
      // With Muggins the claim is pegged as claimed and its truth waits for score_revealed.
      return `${name(data.seat)} ${data.seat === context.viewer ? "claim" : "claims"} ${data.claimed} for ${SUBJECTS[data.subject] || data.subject}.`;
    case "muggins_called":
      return data.right
        ? `Muggins! ${name(data.seat)} ${data.seat === context.viewer ? "name" : "names"} ${data.named} and ${data.seat === context.viewer ? "take" : "takes"} ${points(data.points)}.`
        : `${name(data.seat)} called Muggins for ${data.named}: wrong, nothing pegged.`;
    case "score_revealed": {
      const worth = `${SUBJECTS[data.subject] ? capitalise(SUBJECTS[data.subject]) : data.subject} was worth ${points(data.actual)}${data.items && data.items.length ? `: ${sayItems(data.items)}` : ""}.`;
      return data.pegged < data.claimed ? `${worth} Over-claimed: ${name(data.seat)} ${data.seat === context.viewer ? "keep" : "keeps"} only ${data.pegged}.` : worth;
    }
    case "points_awarded":
      return `${name(data.seat)} ${data.seat === context.viewer ? "get" : "gets"} ${points(data.points)}${data.reason === "pone_start" ? " to start (the five-card game's three for the pone)" : ""}.`;
    case "game_ended":
      return `${winners(data.winner, context)} the game ${data.scores[data.winner]} to ${Math.min(...data.scores)}${skunkText(data.skunk)}: ${points(data.match_points)} in the match.`;
    case "seat_timed_out":
      return `${name(data.seat)} ran out of time: the computer (${data.level}) plays that seat from now on.`;
    case "match_ended": {
      if (data.winner === null) return "The match was aborted: every player left. No winner, no rating change.";
      const wins = `${winners(data.winner, context)} the match`;
      if (data.reason === "resigned") return `${wins} by resignation.`;
      if (data.reason === "time") {
        const out = leaver(data.winner, context);
        const whose = out === null ? "a player's" : out === context.viewer ? "your" : `${name(out)}'s`;
        return `${wins} on time: ${whose} clock ran out.`;
      }
      if (data.reason === "abandoned") {
        const left = leaver(data.winner, context);
        return `${wins}: ${left === null ? "a player" : name(left)} left the game.`;
      }
      return `${wins} ${data.match_scores[data.winner]} to ${Math.min(...data.match_scores)}.`;
    }
    default:
      return null;
  }
}

export function skunkText(skunk) {
  if (skunk === "skunk") return ", a skunk";
  if (skunk === "double") return ", a double skunk";
  return "";
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);

/** The log list on the page: appends lines and keeps the newest in view. */
export class MatchLog {
  constructor(list, limit = 300) {
    this.list = list;
    this.limit = limit;
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
    this.list.scrollTop = this.list.scrollHeight;
    return text;
  }

  /** Earlier events (a reloaded page's history), put before the lines already there. */
  prepend(events, context) {
    const lines = events.map((event) => this.line(event, context)).filter(Boolean);
    this.list.prepend(...lines.slice(Math.max(0, lines.length - this.limit)));
    while (this.list.children.length > this.limit) this.list.firstElementChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  note(text) {
    const item = document.createElement("li");
    item.className = "log-line log-note";
    item.textContent = text;
    this.list.append(item);
    this.list.scrollTop = this.list.scrollHeight;
  }
}
