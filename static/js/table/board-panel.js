// The pegging board region: one CribbageBoard (static/js/board.js), remade when the variant
// changes, with a lane per seat drawn at the table and a label that reads the scores out.

import { CribbageBoard } from "../board.js";

export class BoardPanel {
  constructor(element) {
    this.element = element;
    this.board = null;
    this.variant = null;
  }

  /** Move the pegs of `lanes` ([lane, seat]) to the view's scores; `animate` lets them hop. */
  render(view, lanes, name, { animate }) {
    const variant = view.options.variant;
    if (!this.board || this.variant !== variant) {
      this.board = new CribbageBoard(this.element, variant);
      this.variant = variant;
      animate = false;
    }
    for (const [lane, seat] of lanes) {
      this.board.update(lane, view.scores[seat], view.rear ? view.rear[seat] : null, { animate });
    }
    const scores = lanes.map(([, seat]) => `${name(seat)} ${view.scores[seat]}`).join(", ");
    this.board.svg.setAttribute("aria-label", `Cribbage board: ${scores}, playing to ${variant === "five" ? 61 : 121}`);
  }

  /** The players' names beside their lanes (near first). */
  setNames(...labels) {
    if (this.board) this.board.setNames(...labels);
  }
}
