// Each seat's zone at the table: its name, its badges (dealer or pone, what it must do, cards
// held, match points), whether the table waits on it, and, beside the name, whether the player
// has lost their connection to the match. At a table of three or four each zone also shows the
// seat's score and role (dealer, the seat that leads, the viewer's partner).

import { partnerOf, seatsAfter } from "../seats.js";

/**
 * What `seat` must do now, as badges ([kind, text]): discard, play, claim (the play's points or
 * his heels), count (a hand or the crib, manual scoring), the Muggins window, and "Go" while the
 * series it said go in lasts. Read from the view's fields, never from the whole `to_act`, so a
 * seat counting its hand is not told "To play".
 */
export function seatBadges(view, seat) {
  if (view.phase === "match_over") return [];
  const badges = [];
  if (view.phase === "discard" && !view.discarded[seat]) badges.push(["turn", "To discard"]);
  const pending = view.pending_claim;
  if (pending && pending.seat === seat) badges.push(["turn", pending.subject === "hand" || pending.subject === "crib" ? "To count" : "To claim"]);
  else if (view.phase === "play" && view.turn === seat) badges.push(["turn", "To play"]);
  if (view.muggins && view.muggins.seat === seat) badges.push(["muggins", "Muggins window"]);
  // The engine keeps who said go until the count restarts; once the play is over it means nothing.
  if (view.phase === "play" && view.go[seat]) badges.push(["go", "Go"]);
  return badges;
}

/**
 * A seat's role badges at a table of three or four: the dealer, the seat on the dealer's left
 * (it cuts, leads and shows first), and, with four, the viewer's partner.
 */
export function roleBadges(view, seat) {
  const badges = [];
  if (view.dealer !== null && view.phase !== "cut_for_deal") {
    if (view.dealer === seat) badges.push(["dealer", "Dealer"]);
    else if (seatsAfter(view, view.dealer)[0] === seat) badges.push(["pone", "Leads"]);
  }
  if (view.viewer !== null && partnerOf(view, view.viewer) === seat) badges.push(["partner", "Partner"]);
  return badges;
}

/** Every badge of a seat's zone, in the order shown. */
export function zoneBadges(view, seat) {
  const badges = [];
  const many = view.seats.length > 2;
  if (many) badges.push(...roleBadges(view, seat));
  else if (view.dealer !== null && view.phase !== "cut_for_deal") badges.push(view.dealer === seat ? ["dealer", "Dealer"] : ["pone", "Pone"]);
  badges.push(...seatBadges(view, seat));
  // Cards held matter while they are being discarded and played; in the show everyone holds none.
  if (view.phase === "discard" || view.phase === "play") {
    const held = view.held_counts[seat];
    badges.push(["count", `${held} card${held === 1 ? "" : "s"}`]);
  }
  if (view.match_scores && view.options.match_target > 1) badges.push(["match", `Match ${view.match_scores[seat]}`]);
  // Two players read their scores off the board's two labels; more need them by the name.
  if (many) badges.push(["score", `${view.scores[seat]} points`]);
  return badges;
}

/**
 * Draw the zones of the table's lanes ([lane, seat]); `label(seat)` is the name shown and
 * `presence` (seat -> connected) what the match's sockets say; a seat it does not name (a
 * computer, an empty seat, a page before the chat socket's hello) shows nothing.
 */
export function renderSeatZones(table, lanes, label, presence = new Map()) {
  const { view } = table;
  for (const [lane, seat] of lanes) {
    table.$(`name-${lane}`).textContent = label(seat);
    const away = table.$(`presence-${lane}`);
    const gone = presence.get(seat) === false;
    away.hidden = !gone;
    away.textContent = gone ? "Disconnected" : "";
    table.$(`badges-${lane}`).replaceChildren(
      ...zoneBadges(view, seat).map(([kind, text]) => {
        const badge = document.createElement("span");
        badge.className = `badge badge-${kind}`;
        badge.textContent = text;
        return badge;
      }),
    );
    table.$(`zone-${lane}`).classList.toggle("active", view.to_act.includes(seat));
  }
}
