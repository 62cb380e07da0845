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

/** A name without the computer's level: "Computer 2 (hard)" -> "Computer 2". */
const plainName = (full) => full.replace(/\s*\([^)]*\)\s*$/, "").trim() || full;

/** A short form of one name: the computer's level left out, a long first word cut to four
 * letters while a number after it is kept ("Computer 2 (hard)" -> "Comp 2"). */
function shorten(full) {
  const plain = plainName(full);
  if (plain.length <= MAX_SHORT) return plain;
  const words = plain.split(/\s+/);
  const last = words[words.length - 1];
  if (words.length > 1 && /^\d+$/.test(last)) return `${words[0].slice(0, 4)} ${last}`;
  return `${plain.slice(0, 4)}…`;
}

/** Short names for `seats` (`name(seat)` gives the full one), no two alike: a clash keeps
 * the seat's number ("ann… 1", "ann… 3"). The first of a numbered family is number 1
 * ("Computer" beside "Computer 2" is "Comp 1", never a cut "Comp…"). */
export function shortNames(seats, name) {
  const plain = Object.fromEntries(seats.map((seat) => [seat, plainName(name(seat))]));
  const shorts = Object.fromEntries(seats.map((seat) => [seat, shorten(name(seat))]));
  for (const seat of seats) {
    const word = plain[seat];
    const numberedAfter = (other) => other !== seat && plain[other].startsWith(`${word} `) && /^\d+$/.test(plain[other].slice(word.length + 1));
    const numbered = !/\s/.test(word) && word.length > MAX_SHORT && seats.some(numberedAfter);
    if (numbered) shorts[seat] = `${word.slice(0, 4)} 1`;
  }
  const clashing = seats.filter((seat) => seats.some((other) => other !== seat && shorts[other] === shorts[seat]));
  for (const seat of clashing) shorts[seat] = `${shorts[seat]} ${seat + 1}`;
  return shorts;
}
