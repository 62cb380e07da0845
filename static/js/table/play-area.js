// The play area in the middle of the table: the starter (or the deck), the count, and each
// seat's cards of this hand in the order played, earlier series turned down.

import { cardBackElement, cardElement } from "../cards.js";

/** Draw the play area; `rows` are [lane, seat], the far seat first as they sit on screen. */
export function renderPlayArea(table, rows, name) {
  const { view } = table;
  const starter = table.$("starter");
  if (view.starter) starter.replaceChildren(cardElement(view.starter, { extraClass: "starter-card" }));
  else if (view.phase === "discard" || view.phase === "play") starter.replaceChildren(cardBackElement({ extraClass: "deck" }));
  else starter.replaceChildren();
  const count = table.$("count");
  count.textContent = String(view.count);
  count.setAttribute("aria-label", `Count ${view.count}`);

  const currentStart = view.played.length - view.series.length;
  table.$("series").replaceChildren(
    ...rows.map(([lane, seat]) => {
      const row = document.createElement("div");
      row.className = `series-row series-${lane}`;
      row.dataset.seat = String(seat);
      const label = document.createElement("span");
      label.className = "series-label";
      label.textContent = view.phase === "play" && view.go[seat] ? `${name(seat)} · Go` : name(seat);
      row.append(label);
      const cards = document.createElement("div");
      cards.className = "series-cards";
      view.played.forEach(([player, card], index) => {
        if (player !== seat) return;
        const current = index >= currentStart;
        const element = cardElement(card, { extraClass: current ? "small in-series" : "small old-series" });
        element.style.order = String(index);
        cards.append(element);
      });
      row.append(cards);
      return row;
    }),
  );
}
