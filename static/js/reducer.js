// The browser's reducer: apply one event (as this viewer receives it) to this viewer's view.
//
// A line-for-line mirror of games/engine/reducer.py and games/engine/views.py:with_legal; how
// each event type is folded is its `fold` in event-types.js. It only *sets* what the events
// carry (absolute scores, the next seat, the count) and never decides a rule; the `legal` block
// is recomputed from the other fields exactly as the server does. tests/js/test_reducer_matches_python.py folds random engine games through both and
// compares every view.

import { cardValue } from "./cards.js";
import { EVENT_TYPES } from "./event-types.js";
import { MAX_COUNT, cardsThrown, opponentsOf } from "./rules-mirror.js";

/** A new view with `event` ({type, data}) applied; `view` is left unchanged. */
export function reduceView(view, event) {
  const type = EVENT_TYPES[event.type];
  if (!type || !type.fold) return view; // the server's own events (player_joined, shuffles) change no view
  const next = structuredClone(view);
  type.fold(next, event.data);
  return withLegal(next);
}

/** Fill in `to_act` (seats that may act) and `legal` (what the viewer may do now). */
export function withLegal(data) {
  const { phase, pending_claim: pending, muggins } = data;
  const callers = muggins === null ? [] : opponentsOf(data.seats, muggins.claimant);
  // A turn-based window holds the claimant's side's cards and claims (engine: held_by_window).
  const holds = muggins !== null && Boolean(data.options.turn_based);
  const mover = pending !== null ? pending.seat : phase === "play" ? data.turn : null;
  const held = holds && mover !== null && !callers.includes(mover);
  const toAct = new Set();
  if (phase !== "match_over") {
    callers.forEach((caller) => toAct.add(caller));
    if (phase === "discard") data.seats.forEach((seat, i) => !data.discarded[i] && toAct.add(seat));
    if (mover !== null && !held) toAct.add(mover);
  }
  data.to_act = [...toAct].sort((a, b) => a - b);
  const seat = data.viewer;
  let playable = [];
  if (seat !== null && phase === "play" && pending === null && data.turn === seat && !held) {
    const room = MAX_COUNT - data.count;
    playable = data.cards.filter((card) => cardValue(card) <= room);
  }
  const mayDiscard = seat !== null && phase === "discard" && !data.discarded[seat];
  data.legal = {
    discard: mayDiscard,
    throw: mayDiscard ? cardsThrown(data.options, { dealer: seat === data.dealer }) : 0,
    play: playable,
    claim: pending !== null && pending.seat === seat && !held ? pending.subject : null,
    muggins: callers.includes(seat),
  };
  return data;
}
