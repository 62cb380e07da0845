// The play area in the middle of the table: the starter (or the deck), the count, and each
// seat's cards of this hand in the order played, earlier series turned down. A card just played
// slides in from its player's side (CSS, none under prefers-reduced-motion).

import { cardBackElement, cardElement, cardName } from "../cards.js";
import { shortNames, trackOfSeat } from "./seat-marks.js";

/**
 * Draw the play area; `rows` are [lane, seat], the far seat first as they sit on screen.
 * `animate` (an event, not a fresh page) lets a card played since the last drawing slide in.
 */
export function renderPlayArea(table, rows, name, { animate = false } = {}) {
  const { view } = table;
  const handKey = `${view.game}-${view.hand}`;
  const before = table.playAreaDrawn && table.playAreaDrawn.hand === handKey ? table.playAreaDrawn.played : view.played.length;
  table.playAreaDrawn = { hand: handKey, played: view.played.length };
  const starter = table.$("starter");
  if (view.starter) starter.replaceChildren(cardElement(view.starter, { extraClass: "starter-card" }));
  else if (view.phase === "discard" || view.phase === "play") starter.replaceChildren(cardBackElement({ extraClass: "deck" }));
  else starter.replaceChildren();
  const count = table.$("count");
  count.textContent = String(view.count);
  count.setAttribute("aria-label", `Count ${view.count}`);

  const currentStart = view.played.length - view.series.length;
  // Two rows need no short names (the full one, cut by the label's width, is plain enough).
  const shorts = view.seats.length > 2 ? shortNames(view.seats, name) : Object.fromEntries(view.seats.map((seat) => [seat, name(seat)]));
  table.$("series").replaceChildren(
    ...rows.map(([lane, seat]) => {
      const row = document.createElement("div");
      row.className = `series-row series-${lane} seat-track-${trackOfSeat(view, rows, seat)}`;
      row.dataset.seat = String(seat);
      const label = document.createElement("span");
      label.className = "series-label";
      const go = view.phase === "play" && view.go[seat];
      label.textContent = shorts[seat];
      label.title = go ? `${name(seat)} · Go` : name(seat);
      row.append(label);
      if (go) {
        // Beside the name, not in it: the name keeps its room whole.
        const said = document.createElement("span");
        said.className = "badge badge-go series-go";
        said.textContent = "Go";
        row.append(said);
      }
      const cards = document.createElement("div");
      cards.className = "series-cards";
      view.played.forEach(([player, card], index) => {
        if (player !== seat) return;
        const current = index >= currentStart;
        const arrived = animate && index >= before ? ` just-played from-${lane}` : "";
        const element = cardElement(card, { extraClass: (current ? "small in-series" : "small old-series") + arrived });
        element.style.order = String(index);
        element.dataset.seat = String(seat);
        element.setAttribute("aria-label", `${cardName(card)}, played by ${name(seat)}`);
        cards.append(element);
      });
      row.append(cards);
      return row;
    }),
  );
}
