// The few rules the page must know to fold events and say what a viewer may do, mirrored from
// games/engine/options.py (the options' `players` key is left out for two), games/engine/play.py
// and games/engine/seating.py. They decide nothing the server does not: tests/js folds random
// engine games through the reducer and compares every view with the server's.

export const MAX_COUNT = 31;
const DEFAULT_PLAYERS = 2;
const PARTNERSHIP_PLAYERS = 4;

function playersOf(options) {
  return options.players === undefined ? DEFAULT_PLAYERS : options.players;
}

function dealerTakesSix(options) {
  return options.deal === "dealer_six";
}

/** How many cards one discard lays away: two with two players or for the dealer who takes six, else one. */
export function cardsThrown(options, { dealer = false } = {}) {
  return playersOf(options) === DEFAULT_PLAYERS || (dealer && dealerTakesSix(options)) ? 2 : 1;
}

/** Cards the deal puts in the crib straight from the deck: one with three players' standard deal. */
export function cribFromDeck(options) {
  return playersOf(options) === 3 && !dealerTakesSix(options) ? 1 : 0;
}

function sideOf(seat, players) {
  return players === PARTNERSHIP_PLAYERS ? seat % 2 : seat;
}

/** The claimant's opponents, in turn order from the claimant's left. */
export function opponentsOf(seats, seat) {
  const players = seats.length;
  const start = seats.indexOf(seat) + 1;
  const order = seats.map((_, offset) => seats[(start + offset) % players]);
  return order.filter((other) => sideOf(other, players) !== sideOf(seat, players));
}
