// The browser's reducer: apply one event (as this viewer receives it) to this viewer's view.
//
// A line-for-line mirror of games/engine/reducer.py and games/engine/views.py:with_legal. It
// only *sets* what the events carry (absolute scores, the next seat, the count) and never
// decides a rule; the `legal` block is recomputed from the other fields exactly as the server
// does. tests/js/test_reducer_matches_python.py folds random engine games through both and
// compares every view.

import { cardValue } from "./cards.js";

const MAX_COUNT = 31;
const DEFAULT_PLAYERS = 2;
const PARTNERSHIP_PLAYERS = 4;

// Mirrors of games/engine/options.py (the options' `players` key is left out for two) and
// games/engine/seating.py: how many cards a discard moves, and who may call Muggins.
function playersOf(options) {
  return options.players === undefined ? DEFAULT_PLAYERS : options.players;
}

function dealerTakesSix(options) {
  return options.deal === "dealer_six";
}

function cardsThrown(options, { dealer = false } = {}) {
  return playersOf(options) === DEFAULT_PLAYERS || (dealer && dealerTakesSix(options)) ? 2 : 1;
}

function cribFromDeck(options) {
  return playersOf(options) === 3 && !dealerTakesSix(options) ? 1 : 0;
}

function sideOf(seat, players) {
  return players === PARTNERSHIP_PLAYERS ? seat % 2 : seat;
}

/** The claimant's opponents, in turn order from the claimant's left. */
function opponentsOf(seats, seat) {
  const players = seats.length;
  const start = seats.indexOf(seat) + 1;
  const order = seats.map((_, offset) => seats[(start + offset) % players]);
  return order.filter((other) => sideOf(other, players) !== sideOf(seat, players));
}

/** A new view with `event` ({type, data}) applied; `view` is left unchanged. */
export function reduceView(view, event) {
  const handler = HANDLERS[event.type];
  if (!handler) return view; // the server's own events (player_joined, shuffles) change no view
  const next = structuredClone(view);
  handler(next, event.data);
  return withLegal(next);
}

/** Fill in `to_act` (seats that may act) and `legal` (what the viewer may do now). */
export function withLegal(data) {
  const { phase, pending_claim: pending, muggins } = data;
  const callers = muggins === null ? [] : opponentsOf(data.seats, muggins.claimant);
  // A turn-based window holds the claimant's side's cards and claims (engine: held_by_window).
  const holds = muggins !== null && Boolean(data.options.turn_based);
  const mover = pending !== null ? pending.seat : phase === "play" ? data.turn : null;
  const held = holds && mover !== null && !callers.includes(mover);
  const toAct = new Set();
  if (phase !== "match_over") {
    callers.forEach((caller) => toAct.add(caller));
    if (phase === "discard") data.seats.forEach((seat, i) => !data.discarded[i] && toAct.add(seat));
    if (mover !== null && !held) toAct.add(mover);
  }
  data.to_act = [...toAct].sort((a, b) => a - b);
  const seat = data.viewer;
  let playable = [];
  if (seat !== null && phase === "play" && pending === null && data.turn === seat && !held) {
    const room = MAX_COUNT - data.count;
    playable = data.cards.filter((card) => cardValue(card) <= room);
  }
  const mayDiscard = seat !== null && phase === "discard" && !data.discarded[seat];
  data.legal = {
    discard: mayDiscard,
    throw: mayDiscard ? cardsThrown(data.options, { dealer: seat === data.dealer }) : 0,
    play: playable,
    claim: pending !== null && pending.seat === seat && !held ? pending.subject : null,
    muggins: callers.includes(seat),
  };
  return data;
}

function setScores(view, data) {
  if ("scores" in data) view.scores = [...data.scores];
  if ("rear" in data) view.rear = [...data.rear];
}

function cutForDeal(view, data) {
  view.cuts = [...data.cuts];
  if (data.dealer !== null) {
    view.dealer = data.dealer;
    view.phase = "deal";
  }
}

function handStarted(view, data) {
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
}

function discarded(view, data) {
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
}

function starterCut(view, data) {
  view.starter = data.card;
  view.phase = "play";
  view.turn = data.next;
  view.pending_claim = data.claim;
  setScores(view, data);
}

function cardPlayed(view, data) {
  const { seat, card } = data;
  if (seat === view.viewer) view.cards = view.cards.filter((held) => held !== card);
  view.held_counts[seat] -= 1;
  view.count = data.count;
  view.series.push([seat, card]);
  view.played.push([seat, card]);
  view.turn = data.next;
  view.pending_claim = data.claim;
  setScores(view, data);
}

function go(view, data) {
  view.go[data.seat] = true;
}

function countReset(view, data) {
  view.count = 0;
  view.series = [];
  view.go = Array(view.seats.length).fill(false);
  view.turn = data.next;
}

function handShown(view, data) {
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
}

function claimMade(view, data) {
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
}

function scoreRevealed(view, data) {
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
}

function handEnded(view) {
  view.phase = "deal";
  view.turn = null;
}

function gameEnded(view, data) {
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
}

function matchEnded(view, data) {
  Object.assign(view, {
    phase: "match_over",
    turn: null,
    pending_claim: null,
    muggins: null,
    winner: data.winner,
    end_reason: data.reason,
    match_scores: [...data.match_scores],
  });
}

// The server's clock as it is after the change (games/services/clocks.py; the engine keeps none).
function clockChanged(view, data) {
  view.clock = JSON.parse(JSON.stringify(data.clock));
}

const HANDLERS = {
  match_started: () => {},
  cut_for_deal: cutForDeal,
  hand_started: handStarted,
  points_awarded: setScores,
  discarded,
  starter_cut: starterCut,
  card_played: cardPlayed,
  go,
  go_scored: setScores,
  count_reset: countReset,
  hand_shown: handShown,
  claim_made: claimMade,
  muggins_called: setScores,
  score_revealed: scoreRevealed,
  hand_ended: handEnded,
  game_ended: gameEnded,
  match_ended: matchEnded,
  clock_changed: clockChanged,
};
