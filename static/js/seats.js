// Who else sits at the match, from a view (or anything with the match's `seats`). Matches of
// three and four players are coming, so no module may compute the other seat from its own.

/** The match's seats other than `seat`, in seat order (all of them for a spectator's null). */
export function otherSeats(view, seat) {
  return view.seats.filter((other) => other !== seat);
}

/** The seat drawn nearest the viewer (at the bottom): the viewer's own, or seat 0 for a spectator. */
export function nearSeatOf(view) {
  return view && view.viewer !== null ? view.viewer : 0;
}
