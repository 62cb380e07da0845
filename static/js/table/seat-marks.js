// How the play area marks whose card is whose at a table of three or four: each seat's row and
// cards carry its board track's colour (partners share a track, so a colour), and a short name
// that differs from every other seat's, short enough for a phone's label ("Comp 2", not
// "Comp…" three times).

import { boardTracks } from "./board-panel.js";

/** The board track ("near", "far", "third") whose colour marks `seat`. */
export function trackOfSeat(view, lanes, seat) {
  const tracks = boardTracks(view, lanes);
  const own = tracks.find(([, tracked]) => tracked === seat);
  if (own) return own[0];
  // A partner's seat: the track of the seat across the table.
  const partner = view.seats[(view.seats.indexOf(seat) + 2) % view.seats.length];
  const shared = tracks.find(([, tracked]) => tracked === partner);
  return shared ? shared[0] : "near";
}

const MAX_SHORT = 6;

/** A short form of one name: the computer's level left out, a long first word cut to four
 * letters while a number after it is kept ("Computer 2 (hard)" -> "Comp 2"). */
function shorten(full) {
  const plain = full.replace(/\s*\([^)]*\)\s*$/, "").trim() || full;
  if (plain.length <= MAX_SHORT) return plain;
  const words = plain.split(/\s+/);
  const last = words[words.length - 1];
  if (words.length > 1 && /^\d+$/.test(last)) return `${words[0].slice(0, 4)} ${last}`;
  return `${plain.slice(0, 4)}…`;
}

/** Short names for `seats` (`name(seat)` gives the full one), no two alike: a clash keeps
 * the seat's number ("ann… 1", "ann… 3"). */
export function shortNames(seats, name) {
  const shorts = Object.fromEntries(seats.map((seat) => [seat, shorten(name(seat))]));
  for (const seat of seats) {
    if (seats.some((other) => other !== seat && shorts[other] === shorts[seat])) shorts[seat] = `${shorts[seat]} ${seat + 1}`;
  }
  return shorts;
}
