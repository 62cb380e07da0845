// Who else sits at the match, from a view (or anything with the match's `seats`), and where each
// seat is drawn. No module may compute the other seat from its own: a table has two, three or
// four seats (four play as partners, seats 0 and 2 against 1 and 3).

/** The match's seats other than `seat`, in seat order (all of them for a spectator's null). */
export function otherSeats(view, seat) {
  return view.seats.filter((other) => other !== seat);
}

/** The seat drawn nearest the viewer (at the bottom): the viewer's own, or seat 0 for a spectator. */
export function nearSeatOf(view) {
  return view && view.viewer !== null ? view.viewer : 0;
}

/** The seats after `seat` in turn order (to its left round the table), `seat` not included. */
export function seatsAfter(view, seat) {
  const { seats } = view;
  const start = seats.indexOf(seat);
  return seats.slice(start + 1).concat(seats.slice(0, start));
}

/**
 * Where each seat sits on screen, as [lane, seat], the near seat first. Two seats: near and far.
 * Three: the next to play on the left, the other on the right. Four: the left and right
 * opponents, the partner across (far). Play passes left: near, left, far, right.
 */
export function laneSeats(view, near = nearSeatOf(view)) {
  const others = seatsAfter(view, near);
  if (others.length === 1) return [["near", near], ["far", others[0]]];
  if (others.length === 2) return [["near", near], ["left", others[0]], ["right", others[1]]];
  return [["near", near], ["left", others[0]], ["far", others[1]], ["right", others[2]]];
}

/** Lanes in the order their zones come on the page (top first, left before right). */
export const SCREEN_ORDER = ["far", "left", "right", "near"];

/** `lanes` sorted the way they sit on screen. */
export function onScreen(lanes) {
  return [...lanes].sort(([a], [b]) => SCREEN_ORDER.indexOf(a) - SCREEN_ORDER.indexOf(b));
}

/** Whether the match is played by partners (four seats). */
export function isPartnership(view) {
  return view.seats.length === 4;
}

/** The seat's partner with four players (across the table), else null. */
export function partnerOf(view, seat) {
  return isPartnership(view) ? view.seats[(view.seats.indexOf(seat) + 2) % 4] : null;
}

/**
 * A seat's side named for a sentence: the seat alone, or with four players both partners, the
 * viewer first, else in seat order ("You & bob", "ann & cy"). `plural` says whether the verb takes "win" (a pair,
 * or "You") or "wins". `name(seat)` names a seat from the viewer's side.
 */
export function sideNamed(view, seat, name) {
  const partner = partnerOf(view, seat);
  if (partner === null) return { text: name(seat), plural: seat === view.viewer, you: seat === view.viewer };
  const [first, second] = partner === view.viewer || (seat !== view.viewer && view.seats.indexOf(partner) < view.seats.indexOf(seat)) ? [partner, seat] : [seat, partner];
  const you = first === view.viewer;
  return { text: `${name(first)} & ${name(second)}`, plural: true, you };
}
