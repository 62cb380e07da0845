// Every match event the page knows, in one table: how the reducer folds it into the view
// (`fold`), how the log words it (`log`), how the table's score line speaks it (`speak`) and
// how urgent that spoken line is (`urgency`). reducer.js, log.js and table/announcer.js only
// look an event up here, so a new event type is one entry. A part left out means: the view
// does not change (the server's own events: a shuffle, a player sitting down), no log line,
// nothing said.
//
// `log` and `speak` get the event's data and `words` (see wordsFor): `name(seat)` is "You"
// for the viewer's seat and the verb agrees with it ("You play", "bob plays").

import { cardName, cardNames, shortCard } from "./cards.js";
import { cardsThrown, cribFromDeck } from "./rules-mirror.js";
import { otherSeats, sideNamed } from "./seats.js";
import { points, sayGo, sayItems, skunkText } from "./speech.js";

/**
 * How much a spoken line matters against others waiting: a move (a card, a discard, a Go) is
 * ORDINARY and only the newest one describes the table; a score, the starter, a show, a new
 * hand is a SCORE line, each worth hearing; a game or the match won is a RESULT.
 */
export const ORDINARY = 1;
export const SCORE = 2;
export const RESULT = 3;

// What a claim or a Muggins call is about, for a sentence.
const SUBJECTS = { play: "the card", heels: "his heels", hand: "the hand", crib: "the crib" };
const capitalise = (text) => text[0].toUpperCase() + text.slice(1);

/**
 * The words a line is made of, for one viewer. `name(seat)` names a seat from the viewer's
 * side; `seats` (the match's seats, or null when the caller does not know them) lets a side of
 * partners be named together ("You & carol win").
 */
export function wordsFor({ name, viewer, seats = null }) {
  const yours = (seat) => seat === viewer;
  const table = { seats: seats || [], viewer };
  return {
    name,
    yours,
    verb: (seat, base, third) => (yours(seat) ? base : third),
    possessive: (seat) => (yours(seat) ? "Your" : `${name(seat)}'s`),
    /** "bob wins", "You win", or with four seats "You & carol win": the winning side. */
    winners: (seat) => {
      const side = sideNamed(table, seat, name);
      return `${side.text} ${side.plural ? "win" : "wins"}`;
    },
    /** Who left a match that was claimed: the one other seat, or null when there were several. */
    leaver: (winner) => {
      const others = otherSeats(table, winner);
      return others.length === 1 ? others[0] : null;
    },
  };
}

function setScores(view, data) {
  if ("scores" in data) view.scores = [...data.scores];
  if ("rear" in data) view.rear = [...data.rear];
}

export const EVENT_TYPES = {
  match_started: {
    fold: () => {},
  },

  player_joined: {
    log: (data) => `${data.name} sat down.`,
  },

  cut_for_deal: {
    fold(view, data) {
      view.cuts = [...data.cuts];
      if (data.dealer !== null) {
        view.dealer = data.dealer;
        view.phase = "deal";
      }
    },
    log(data, { name, verb }) {
      if (data.dealer === null) return `Cut for deal: ${data.cuts.map(shortCard).join(" and ")}, equal ranks: cut again.`;
      return `Cut for deal: ${data.cuts.map((card, seat) => `${name(seat)} ${shortCard(card)}`).join(", ")}. ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")} first.`;
    },
    speak(data, { name, verb }) {
      const cuts = data.cuts.map((card, seat) => `${name(seat)} ${verb(seat, "cut", "cuts")} ${cardName(card)}`).join(", ");
      if (data.dealer === null) return `${cuts}: a tie, cut again`;
      return `${cuts}: ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")}`;
    },
  },

  hand_started: {
    fold(view, data) {
      const seats = view.seats.length;
      Object.assign(view, {
        phase: "discard",
        game: data.game,
        hand: data.hand,
        dealer: data.dealer,
        held_counts: view.seats.map((seat) => (seat === data.dealer && data.dealer_hand_size !== undefined ? data.dealer_hand_size : data.hand_size)),
        discarded: Array(seats).fill(false),
        crib_count: cribFromDeck(view.options),
        starter: null,
        count: 0,
        series: [],
        played: [],
        turn: null,
        go: Array(seats).fill(false),
        pending_claim: null,
        shown: [],
        game_result: null,
      });
      if (view.viewer !== null) {
        view.cards = [...(data.cards || [])];
        view.thrown = [];
      }
      setScores(view, data);
    },
    log: (data, { name, verb }) => `Game ${data.game}, hand ${data.hand}: ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")}.`,
    speak: (data, { name, verb }) => `Hand ${data.hand}: ${name(data.dealer)} ${verb(data.dealer, "deal", "deals")}`,
    urgency: SCORE,
  },

  points_awarded: {
    fold: setScores,
    log: (data, { name, verb }) =>
      `${name(data.seat)} ${verb(data.seat, "get", "gets")} ${points(data.points)}${data.reason === "pone_start" ? " to start (the five-card game's three for the pone)" : ""}.`,
    speak: (data, { name, verb }) => `${name(data.seat)} ${verb(data.seat, "get", "gets")} ${points(data.points)}${data.reason === "pone_start" ? " to start" : ""}`,
    urgency: SCORE,
  },

  discarded: {
    fold(view, data) {
      const { seat } = data;
      const thrown = cardsThrown(view.options, { dealer: seat === view.dealer });
      view.held_counts[seat] -= thrown;
      view.discarded[seat] = true;
      view.crib_count += thrown;
      if (seat === view.viewer) {
        // Only the thrower's copy of the event carries the cards (its private part).
        view.thrown = [...data.cards];
        const gone = new Set(data.cards);
        view.cards = view.cards.filter((card) => !gone.has(card));
      }
    },
    log(data, { name }) {
      if (data.cards) return `${name(data.seat)} put ${data.cards.map(shortCard).join(" and ")} in the crib.`;
      return `${name(data.seat)} discarded to the crib.`;
    },
    speak(data, { name, verb, yours }) {
      if (yours(data.seat) && data.cards) return `You discard ${cardNames(data.cards)}`;
      return `${name(data.seat)} ${verb(data.seat, "discard", "discards")} to the crib`;
    },
  },

  starter_cut: {
    fold(view, data) {
      view.starter = data.card;
      view.phase = "play";
      view.turn = data.next;
      view.pending_claim = data.claim;
      setScores(view, data);
    },
    log: (data) => (data.heels ? `Starter: ${shortCard(data.card)}. Two for his heels to the dealer.` : `Starter: ${shortCard(data.card)}.`),
    speak: (data) => (data.heels ? `${cardName(data.card)}: two for his heels` : `Starter: ${cardName(data.card)}`),
    urgency: SCORE,
  },

  card_played: {
    fold(view, data) {
      const { seat, card } = data;
      if (seat === view.viewer) view.cards = view.cards.filter((held) => held !== card);
      view.held_counts[seat] -= 1;
      view.count = data.count;
      view.series.push([seat, card]);
      view.played.push([seat, card]);
      view.turn = data.next;
      view.pending_claim = data.claim;
      setScores(view, data);
    },
    log(data, { name }) {
      let line = `${name(data.seat)} played ${shortCard(data.card)} for ${data.count}`;
      if (data.points) line += `, ${points(data.points)}: ${sayItems(data.items)}`;
      return `${line}.`;
    },
    speak(data, { name, verb }) {
      const played = `${name(data.seat)} ${verb(data.seat, "play", "plays")} ${cardName(data.card)}, count ${data.count}`;
      return data.points ? `${played}: ${sayItems(data.items)}` : played;
    },
    urgency: (data) => (data && data.points ? SCORE : ORDINARY), // a card that scores
  },

  go: {
    fold(view, data) {
      view.go[data.seat] = true;
    },
    log: (data, { name, verb }) => `${name(data.seat)} ${verb(data.seat, "say", "says")} go.`,
    speak: (data, { name }) => `${name(data.seat)}: go`,
  },

  go_scored: {
    fold: setScores,
    log: (data, { name }) => `${name(data.seat)}: ${sayGo(data)}.`,
    speak: (data, { name }) => `${name(data.seat)}: ${sayGo(data)}`,
    urgency: SCORE,
  },

  count_reset: {
    fold(view, data) {
      view.count = 0;
      view.series = [];
      view.go = Array(view.seats.length).fill(false);
      view.turn = data.next;
    },
    log: () => "The count starts again from 0.",
    speak: () => "The count starts again",
  },

  hand_shown: {
    fold(view, data) {
      view.phase = "show";
      view.turn = null;
      view.shown.push({
        seat: data.seat,
        kind: data.kind,
        cards: [...data.cards],
        items: data.items === undefined ? null : data.items,
        total: data.total === undefined ? null : data.total,
      });
      view.pending_claim = data.claim;
      setScores(view, data);
    },
    log(data, { possessive }) {
      const label = data.kind === "crib" ? `${possessive(data.seat)} crib` : `${possessive(data.seat)} hand`;
      const cards = `${data.cards.map(shortCard).join(" ")} with ${shortCard(data.starter)}`;
      if (data.total === undefined || data.total === null) return `${label}: ${cards}.`;
      return `${label}: ${cards}: ${sayItems(data.items)} (${points(data.total)}).`;
    },
    speak(data, { name, verb }) {
      if (data.total === undefined || data.total === null) {
        return `${name(data.seat)} ${verb(data.seat, "show", "shows")}${data.kind === "crib" ? " the crib" : ""}: ${cardNames(data.cards)}`;
      }
      return `${name(data.seat)}, ${data.kind}: ${cardNames(data.cards)}. ${sayItems(data.items)}${data.items.length > 1 ? ` (${points(data.total)})` : ""}`;
    },
    urgency: SCORE,
  },

  claim_made: {
    fold(view, data) {
      view.pending_claim = null;
      view.turn = data.next;
      if (data.muggins !== null) {
        view.muggins = {
          seat: data.muggins,
          claimant: data.seat,
          subject: data.subject,
          claimed: data.claimed,
          cards: [...data.cards],
          starter: data.starter,
        };
      }
      setScores(view, data);
    },
    // With Muggins the claim is pegged as claimed and its truth waits for score_revealed.
    log: (data, { name, verb }) => `${name(data.seat)} ${verb(data.seat, "claim", "claims")} ${data.claimed} for ${SUBJECTS[data.subject] || data.subject}.`,
    speak: (data, { name, verb }) => `${name(data.seat)} ${verb(data.seat, "claim", "claims")} ${data.claimed} for ${SUBJECTS[data.subject] || data.subject}`,
  },

  muggins_called: {
    fold: setScores,
    log: (data, { name, verb }) =>
      data.right
        ? `Muggins! ${name(data.seat)} ${verb(data.seat, "name", "names")} ${data.named} and ${verb(data.seat, "take", "takes")} ${points(data.points)}.`
        : `${name(data.seat)} called Muggins for ${data.named}: wrong, nothing pegged.`,
    speak: (data, { name, verb }) =>
      data.right
        ? `Muggins! ${name(data.seat)} ${verb(data.seat, "name", "names")} ${data.named} and ${verb(data.seat, "take", "takes")} ${points(data.points)}`
        : `${name(data.seat)} ${verb(data.seat, "call", "calls")} Muggins for ${data.named}: wrong, nothing pegged`,
    urgency: SCORE,
  },

  score_revealed: {
    fold(view, data) {
      view.muggins = null;
      setScores(view, data); // an over-claim found out is taken back
      if (data.subject === "hand" || data.subject === "crib") {
        for (let i = view.shown.length - 1; i >= 0; i -= 1) {
          const shown = view.shown[i];
          if (shown.seat === data.seat && shown.kind === data.subject) {
            shown.items = data.items;
            shown.total = data.actual;
            break;
          }
        }
      }
    },
    log(data, { name, verb }) {
      const worth = `${SUBJECTS[data.subject] ? capitalise(SUBJECTS[data.subject]) : data.subject} was worth ${points(data.actual)}${data.items && data.items.length ? `: ${sayItems(data.items)}` : ""}.`;
      return data.pegged < data.claimed ? `${worth} Over-claimed: ${name(data.seat)} ${verb(data.seat, "keep", "keeps")} only ${data.pegged}.` : worth;
    },
    speak(data, { name, verb }) {
      const worth = `${name(data.seat)}, ${SUBJECTS[data.subject] || data.subject}: worth ${points(data.actual)}${data.items && data.items.length ? `, ${sayItems(data.items)}` : ""}`;
      return data.pegged < data.claimed ? `${worth}; over-claimed, ${verb(data.seat, "you keep", "keeps")} only ${data.pegged}` : worth;
    },
    urgency: SCORE,
  },

  hand_ended: {
    fold(view) {
      view.phase = "deal";
      view.turn = null;
    },
  },

  game_ended: {
    fold(view, data) {
      view.phase = "deal";
      view.turn = null;
      view.pending_claim = null;
      view.muggins = null;
      view.match_scores = [...data.match_scores];
      view.game_result = {
        winner: data.winner,
        scores: [...data.scores],
        skunk: data.skunk,
        match_points: data.match_points,
      };
    },
    log: (data, { winners }) =>
      `${winners(data.winner)} the game ${data.scores[data.winner]} to ${Math.min(...data.scores)}${skunkText(data.skunk)}: ${points(data.match_points)} in the match.`,
    speak(data, { winners }) {
      const score = data.scores ? ` ${data.scores[data.winner]} to ${Math.max(...data.scores.filter((_, seat) => seat !== data.winner))}` : "";
      return `${winners(data.winner)} the game${score}${skunkText(data.skunk)}`;
    },
    urgency: RESULT,
  },

  seat_timed_out: {
    log: (data, { name }) => `${name(data.seat)} ran out of time: the computer (${data.level}) plays that seat from now on.`,
    speak: (data, { name }) => `${name(data.seat)} ran out of time: the computer plays for them`,
  },

  match_ended: {
    fold(view, data) {
      Object.assign(view, {
        phase: "match_over",
        turn: null,
        pending_claim: null,
        muggins: null,
        winner: data.winner,
        end_reason: data.reason,
        match_scores: [...data.match_scores],
      });
    },
    log(data, { name, yours, winners, leaver }) {
      if (data.winner === null) return "The match was aborted: every player left. No winner, no rating change.";
      const wins = `${winners(data.winner)} the match`;
      if (data.reason === "resigned") return `${wins} by resignation.`;
      if (data.reason === "time") {
        const out = leaver(data.winner);
        const whose = out === null ? "a player's" : yours(out) ? "your" : `${name(out)}'s`;
        return `${wins} on time: ${whose} clock ran out.`;
      }
      if (data.reason === "abandoned") {
        const left = leaver(data.winner);
        return `${wins}: ${left === null ? "a player" : name(left)} left the game.`;
      }
      return `${wins} ${data.match_scores[data.winner]} to ${Math.min(...data.match_scores)}.`;
    },
    speak(data, { winners }) {
      if (data.winner === null) return "The match was aborted: every player left";
      const wins = `${winners(data.winner)} the match`;
      if (data.reason === "resigned") return `${wins} by resignation`;
      if (data.reason === "abandoned") return `${wins}: a player left the table`;
      if (data.reason === "time") return `${wins} on time`;
      return wins;
    },
    urgency: RESULT,
  },

  // The server's clock as it is after the change (games/services/clocks.py; the engine keeps none).
  clock_changed: {
    fold(view, data) {
      view.clock = JSON.parse(JSON.stringify(data.clock));
    },
  },
};
