// Moving through a finished match's timeline (review/timeline.py builds it): pure functions of
// the steps and hands, tested in tests/js, so the keys and the URL agree on where a step is.

/** The page's steps carry only what changed (review/timeline.py, timeline_compact): rebuild
 * every step's whole state, in place. */
export function expandSteps(steps) {
  let state = {};
  for (const step of steps) {
    state = { ...state, ...step.state };
    step.state = state;
  }
  return steps;
}

/** Clamp a wanted step into the timeline; anything unreadable is the start. */
export function clampStep(wanted, steps) {
  const number = Number.parseInt(wanted, 10);
  if (!Number.isFinite(number) || number < 0) return 0;
  return Math.min(number, steps.length - 1);
}

/** The step a page opens at: `?step=N`, else `#N`, else the first deal (an empty table before
 * the cut shows nothing worth opening on), else the start. */
export function stepFromLocation(search, hash, steps, hands = []) {
  const query = new URLSearchParams(search).get("step");
  if (query !== null) return clampStep(query, steps);
  const fromHash = hash.replace(/^#/, "");
  if (/^\d+$/.test(fromHash)) return clampStep(fromHash, steps);
  return hands.length ? clampStep(hands[0].step, steps) : 0;
}

/** The labels "next mistake" stops at and the summary counts, as lichess counts them. */
export const FLAWS = ["inaccuracy", "mistake", "blunder"];

/**
 * Every graded decision labelled a flaw, with the step it was made at, in step order:
 * `[{seat, step, label}]`. A discard is its seat's discard step in that hand; a play is the
 * play step with its index in the hand (the analysis and the timeline number both alike).
 */
export function flawSteps(steps, analysis) {
  if (!analysis || !analysis.hands) return [];
  const at = new Map();
  for (const [index, step] of steps.entries()) {
    if (step.kind === "discard") at.set(`d:${step.hand}:${step.seat}`, index);
    else if (step.kind === "play") at.set(`p:${step.hand}:${step.play}`, index);
  }
  const found = [];
  for (const hand of analysis.hands) {
    for (const discard of hand.discards || []) {
      const step = at.get(`d:${hand.hand}:${discard.seat}`);
      if (FLAWS.includes(discard.label) && step !== undefined) found.push({ seat: discard.seat, step, label: discard.label });
    }
    for (const play of hand.plays || []) {
      const step = at.get(`p:${hand.hand}:${play.play}`);
      if (FLAWS.includes(play.label) && step !== undefined) found.push({ seat: play.seat, step, label: play.label });
    }
  }
  return found.sort((a, b) => a.step - b.step);
}

/** Per seat, how many of each flaw: `{seat: {inaccuracy, mistake, blunder}}`. */
export function flawCounts(flaws, seats) {
  const counts = Object.fromEntries(seats.map((seat) => [seat, Object.fromEntries(FLAWS.map((label) => [label, 0]))]));
  for (const flaw of flaws) if (counts[flaw.seat]) counts[flaw.seat][flaw.label] += 1;
  return counts;
}

/** The step of `seat`'s next (direction 1) or previous (-1) flaw from `step`, or null. */
export function flawStep(step, flaws, seat, direction) {
  const own = flaws.filter((flaw) => flaw.seat === seat);
  const found = direction > 0 ? own.find((flaw) => flaw.step > step) : own.reverse().find((flaw) => flaw.step < step);
  return found ? found.step : null;
}

/** The keys that jump through one player's flaws: n / p for the first player, N / P for the
 * second. `{seat, direction}` or null. */
export function flawKey(key) {
  const keys = { n: [0, 1], p: [0, -1], N: [1, 1], P: [1, -1] };
  const found = keys[key];
  return found ? { seat: found[0], direction: found[1] } : null;
}

/** The same search string with `step` set (any share token kept). */
export function searchWithStep(search, step) {
  const params = new URLSearchParams(search);
  params.set("step", String(step));
  return `?${params.toString()}`;
}

/** The index in `hands` of the hand a step belongs to (-1 before the first deal). */
export function handIndexAt(step, hands) {
  let found = -1;
  for (let index = 0; index < hands.length; index += 1) {
    if (hands[index].step <= step) found = index;
  }
  return found;
}

/**
 * Up/down: the previous or next hand's deal. Back from inside a hand goes to its own deal first
 * (as a video player's "previous" goes to the chapter's start); back from a deal, the one before.
 */
export function handStep(step, hands, direction, lastStep) {
  const current = handIndexAt(step, hands);
  if (direction > 0) {
    const next = hands[current + 1];
    return next ? next.step : lastStep;
  }
  if (current < 0) return 0;
  if (hands[current].step < step) return hands[current].step;
  return current > 0 ? hands[current - 1].step : 0;
}

/** Page Up/Down: the first deal of the previous or next game (back inside a game: its own first deal). */
export function gameStep(step, hands, direction, lastStep) {
  const current = handIndexAt(step, hands);
  const game = current < 0 ? null : hands[current].game;
  const starts = hands.filter((hand, index) => index === 0 || hands[index - 1].game !== hand.game);
  if (direction > 0) {
    const next = starts.find((hand) => hand.step > step && hand.game !== game);
    return next ? next.step : lastStep;
  }
  const earlier = starts.filter((hand) => hand.step < step);
  return earlier.length ? earlier[earlier.length - 1].step : 0;
}

/** The step a key moves to from `step`, or null for a key that does not move. */
export function stepForKey(key, step, steps, hands) {
  const last = steps.length - 1;
  switch (key) {
    case "ArrowLeft":
      return Math.max(0, step - 1);
    case "ArrowRight":
      return Math.min(last, step + 1);
    case "ArrowUp":
      return handStep(step, hands, -1, last);
    case "ArrowDown":
      return handStep(step, hands, 1, last);
    case "PageUp":
      return gameStep(step, hands, -1, last);
    case "PageDown":
      return gameStep(step, hands, 1, last);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** What the table shows in each seat: the cards still held in the play, the kept hand in the show. */
export function handsShown(state) {
  if (state.shown.length > 0) return state.kept.map((kept, seat) => kept || state.held[seat]);
  return state.held;
}

/**
 * The analysis board's address for a graded play (two players only; null otherwise), read from
 * the state just before the play: the cards the seat held, the cards each side had played this
 * hand, the count's pile, the seat's own throw, the starter, how many cards the opponent held,
 * the role, the scores and whether the opponent had said go (a timeline stored before it kept
 * `said_go` reads as no go). Everything in it was the seat's to see: no hidden card goes to the
 * board, which then values each card as the review graded it.
 */
export function playBoardHref(play, hand, steps, { players, variant }) {
  if (players !== 2) return null;
  const at = steps.findIndex((entry) => entry.kind === "play" && entry.hand === hand.hand && entry.play === play.play);
  if (at <= 0) return null;
  const before = steps[at - 1].state;
  const seat = play.seat;
  const other = [0, 1].find((candidate) => candidate !== seat); // two players only (above)
  const by = (who) => before.played.filter(([owner]) => owner === who).map(([, card]) => card);
  const thrown = (hand.discards.find((discard) => discard.seat === seat) || {}).thrown || [];
  const query = new URLSearchParams({
    hand: before.held[seat].join(" "),
    mine: by(seat).join(" "),
    theirs: by(other).join(" "),
    pile: before.series.map(([, card]) => card).join(" "),
    thrown: thrown.join(" "),
    starter: before.starter || "",
    holds: String(before.held[other].length),
    go: before.said_go && before.said_go[other] ? "1" : "0",
    role: before.dealer === seat ? "dealer" : "pone",
    own: String(before.scores[seat]),
    opp: String(before.scores[other]),
    variant: variant === "five" ? "five" : "six",
  });
  return `/analysis/play/?${query}`;
}
