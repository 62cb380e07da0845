// The pegging board region: one CribbageBoard (static/js/board.js), remade when the variant or
// the number of tracks changes, and a label that reads the scores out. Two players: a track
// each (near, far). Three: a track each, the third player's on top. Four: partners peg one
// score, so a track per side, the viewer's side near.

import { CribbageBoard } from "../board.js";
import { isPartnership } from "../seats.js";

/**
 * The board's tracks for the table's `lanes` ([lane, seat], near first): [track, seat] pairs
 * where `seat` is the seat whose score the track shows (a partnership's first seat at the table).
 */
export function boardTracks(view, lanes) {
  const seatOf = Object.fromEntries(lanes);
  if (lanes.length === 2) return [["near", seatOf.near], ["far", seatOf.far]];
  if (isPartnership(view)) return [["near", seatOf.near], ["far", seatOf.left]];
  return [["near", seatOf.near], ["far", seatOf.left], ["third", seatOf.right]];
}

export class BoardPanel {
  constructor(element) {
    this.element = element;
    this.board = null;
    this.variant = null;
    this.tracks = null;
  }

  /** Move the pegs to the view's scores (`lanes`: the table's [lane, seat]); `animate` lets them hop. */
  render(view, lanes, name, { animate }) {
    const variant = view.options.variant;
    const tracks = boardTracks(view, lanes);
    if (!this.board || this.variant !== variant || this.tracks !== tracks.length) {
      this.board = new CribbageBoard(this.element, variant, { tracks: tracks.length });
      this.variant = variant;
      this.tracks = tracks.length;
      animate = false;
    }
    for (const [track, seat] of tracks) {
      this.board.update(track, view.scores[seat], view.rear ? view.rear[seat] : null, { animate });
    }
    const scores = tracks.map(([, seat]) => `${this.sideName(view, seat, name)} ${view.scores[seat]}`).join(", ");
    this.board.svg.setAttribute("aria-label", `Cribbage board: ${scores}, playing to ${variant === "five" ? 61 : 121}`);
  }

  /** A track's name: the player's, or both partners' ("Ann & Cy") with four players. */
  sideName(view, seat, name) {
    if (!isPartnership(view)) return name(seat);
    const partner = view.seats[(view.seats.indexOf(seat) + 2) % 4];
    return `${name(seat)} & ${name(partner)}`;
  }

  /** The players' names beside their tracks; `label(seat)` is how a seat is named. */
  setLaneNames(view, lanes, label) {
    if (!this.board) return;
    const names = {};
    for (const [track, seat] of boardTracks(view, lanes)) names[track] = this.sideName(view, seat, label);
    this.board.setLaneNames(names);
  }
}
