// The analysis beside the replay (games.strategy.review's format, docs/review.md): the hand's
// discard grades, the play graded at this step, the hand's luck, the claims, and the summary.

import { cardElement, shortCard } from "../cards.js";

export const LABEL_TEXT = { best: "Best", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

/** "+1.3" / "-0.4" / "0.0": one decimal with its sign, for expected points. */
export function signed(value) {
  if (value === null || value === undefined) return "–";
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}`;
}

const cards = (list) => list.map(shortCard).join(" ");

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function labelBadge(label) {
  return element("span", `grade grade-${label}`, LABEL_TEXT[label] || label);
}

/** One line of values: "hand 8.1, crib -4.2, pegging 0.0 = 3.9". */
export function valueText(value) {
  if (!value) return "";
  const parts = [`hand ${signed(value.hand)}`, `crib ${signed(value.crib)}`];
  if (value.pegging) parts.push(`pegging ${signed(value.pegging)}`);
  return `${parts.join(", ")} = ${signed(value.total)}`;
}

/** "Analyse": this throw on the analysis board, with the role and the scores at the deal (two players). */
export function boardLink(discard, hand) {
  if (!hand || !Array.isArray(hand.scores_before) || hand.scores_before.length !== 2) return null;
  const seat = discard.seat;
  const query = new URLSearchParams({
    cards: discard.dealt.join(" "),
    role: hand.dealer === seat ? "dealer" : "pone",
    own: String(hand.scores_before[seat]),
    opp: String(hand.scores_before.find((_, other) => other !== seat)),
  });
  const line = element("p", "grade-analyse");
  const link = element("a", "", "Analyse this throw");
  link.href = `/analysis/?${query}`;
  link.dataset.testid = "analyse-throw";
  line.append(link);
  return line;
}

/** The discard grade of one seat: dealt, thrown, best, their values and the points given away. */
export function discardBlock(discard, name, hand = null) {
  const box = element("div", "grade-block discard-grade");
  box.dataset.seat = String(discard.seat);
  const head = element("p", "grade-head");
  head.append(element("strong", "", `${name(discard.seat)}'s throw `), labelBadge(discard.label));
  if (discard.lost >= 0.05) head.append(` ${lostText(discard)} given away`);
  box.append(head);
  const dealt = element("div", "grade-cards");
  for (const card of discard.dealt) {
    const face = cardElement(card, { extraClass: "mini" });
    if (discard.thrown.includes(card)) face.classList.add("thrown");
    dealt.append(face);
  }
  box.append(dealt);
  const lines = element("ul", "grade-lines");
  lines.append(element("li", "", `Threw ${cards(discard.thrown)}: ${valueText(discard.value)}`));
  if (discard.best && discard.label !== "best") lines.append(element("li", "", `Best ${cards(discard.best)}: ${valueText(discard.best_value)}`));
  if (discard.by_win_probability && discard.win_chance !== null && discard.win_chance !== undefined) {
    lines.append(element("li", "grade-note", `Near the end, graded by the chance to win the game: ${Math.round(discard.win_chance * 100)}% (best ${Math.round(discard.best_win_chance * 100)}%).`));
  }
  box.append(lines);
  const board = boardLink(discard, hand);
  if (board) box.append(board);
  return box;
}

/** What a decision lost: expected points, or near the end percentage points of the chance to
 * win (never mixed: docs/review.md). */
export function lostText(decision) {
  const amount = decision.lost.toFixed(1);
  return decision.by_win_probability ? `${amount} percentage points of the chance to win` : `${amount} points`;
}

// How each play was graded (`depth` in docs/review.md), as the line's tooltip.
const DEPTH_TEXT = {
  win: "Graded by the chance to win the game, the rest of the play searched",
  table: "Graded from the table of leads and replies searched offline",
  play: "Graded by an exact search of the rest of the play",
};

/** One graded play: "alice played 7♣ (best 8♦): Mistake, 1.5 points lost". */
export function playLine(play, name, boardHref = null) {
  const line = element("li", `play-grade grade-line-${play.label}`);
  line.dataset.play = String(play.play);
  line.append(`${name(play.seat)}: ${shortCard(play.card)}`);
  if (play.best && play.best !== play.card && play.lost >= 0.05) line.append(` (best ${shortCard(play.best)})`);
  line.append(" ", labelBadge(play.label));
  if (play.lost >= 0.05) line.append(` ${lostText(play)} lost`);
  else if (play.by_win_probability) line.append(" (by chance to win)");
  if (play.depth) line.title = DEPTH_TEXT[play.depth] || "";
  if (boardHref) {
    const link = element("a", "grade-analyse-play", "Analyse");
    link.href = boardHref;
    link.dataset.testid = "analyse-play";
    line.append(" ", link);
  }
  return line;
}

/** Claimed against actual in manual scoring, with what was missed and the Muggins taken. */
export function claimLine(claim, name) {
  const line = element("li", "claim-grade");
  const what = claim.what === "play" ? "a play" : `the ${claim.what}`;
  let text = `${name(claim.seat)} claimed ${claim.claimed} for ${what}, worth ${claim.actual}`;
  if (claim.missed && claim.missed.length) text += `; missed ${claim.missed.map((item) => item.kind || item).join(", ")}`;
  if (claim.over && claim.over.length) text += `; over-claimed ${claim.over.map((item) => item.kind || item).join(", ")}`;
  if (claim.muggins_called) text += `; Muggins called, ${claim.muggins_points_taken} taken`;
  else if (claim.muggins_points_available) text += `; ${claim.muggins_points_available} left for Muggins, not taken`;
  line.textContent = `${text}.`;
  return line;
}

/** The luck of a hand for each seat: "deal +0.8, cut -1.3, pegging +0.2, show +1.0 = +0.7". */
export function luckText(luck) {
  return `deal ${signed(luck.deal)}, cut ${signed(luck.cut)}, pegging ${signed(luck.pegging)}, show ${signed(luck.show)} = ${signed(luck.total)}`;
}

/** The "This hand" panel for the step: discards, the plays (this step's marked), luck, claims. */
export function renderHandAnalysis(container, analysis, step, name, playHref = () => null) {
  container.replaceChildren();
  if (!analysis) {
    container.append(element("p", "muted", "The analysis of this match is not available."));
    return;
  }
  const hand = analysis.hands.find((entry) => entry.hand === step.hand);
  if (!hand || step.kind === "start") {
    container.append(element("p", "muted", "Nothing to grade before the first deal."));
    return;
  }
  if (analysis.graded === false) container.append(element("p", "muted", "Throws, plays and luck are graded in two-player matches only; the counting is checked below."));
  for (const discard of hand.discards) container.append(discardBlock(discard, name, hand));
  if (hand.plays.length) {
    const plays = element("ol", "play-grades");
    for (const play of hand.plays) {
      const line = playLine(play, name, playHref(play, hand));
      if (step.kind === "play" && step.play === play.play) {
        line.classList.add("current");
        line.setAttribute("aria-current", "step");
      }
      plays.append(line);
    }
    container.append(element("h3", "", "Plays with a choice"), plays);
  }
  if (hand.luck && Object.keys(hand.luck).length) {
    const luck = element("ul", "luck-lines");
    for (const [seat, entry] of Object.entries(hand.luck)) luck.append(element("li", "", `${name(Number(seat))}: ${luckText(entry)}`));
    container.append(element("h3", "", "Luck"), luck);
  }
  if (hand.claims && hand.claims.length) {
    const claims = element("ul", "claim-grades");
    for (const claim of hand.claims) claims.append(claimLine(claim, name));
    container.append(element("h3", "", "Counting"), claims);
  }
}

/** The summary table: one column per player. */
export function renderSummary(container, analysis, names) {
  container.replaceChildren();
  if (!analysis) {
    container.append(element("p", "muted", "The analysis of this match is not available."));
    return;
  }
  const table = element("table", "record review-summary-table");
  const head = element("tr");
  head.append(element("th", ""));
  const seats = Object.keys(analysis.players).sort();
  for (const seat of seats) head.append(Object.assign(element("th", "", names[Number(seat)]), { scope: "col" }));
  const thead = element("thead");
  thead.append(head);
  table.append(thead);
  const body = element("tbody");
  const rows = [
    ["Accuracy", (p) => (p.accuracy === null || p.accuracy === undefined ? "–" : `${p.accuracy.toFixed(1)}%`)],
    ["Discards best", (p) => `${p.discards_best}/${p.discards}`],
    ["Discard points lost", (p) => p.discard_lost.toFixed(1)],
    ["Plays best", (p) => `${p.plays_best}/${p.plays}`],
    ["Pegging points lost", (p) => p.play_lost.toFixed(1)],
    // Near the end losses are percentage points of the chance to win: a row of their own.
    ["Chance to win lost near the end", (p) => `${((p.discard_chance_lost || 0) + (p.play_chance_lost || 0)).toFixed(1)} pp`],
    ["Luck", (p) => signed(p.luck_total)],
    ["Counting accuracy", (p) => (p.counting_accuracy === null || p.counting_accuracy === undefined ? "–" : `${p.counting_accuracy.toFixed(1)}%`)],
  ];
  // Three or four seats: nothing is graded but the counting, and the page says so plainly.
  const ungraded = analysis.graded === false;
  if (ungraded) container.append(element("p", "muted", "Throws, plays and luck are graded in two-player matches only: with three or four players only the counting is checked."));
  for (const [label, value] of ungraded ? rows.slice(-1) : rows) {
    const row = element("tr");
    row.append(Object.assign(element("th", "", label), { scope: "row" }));
    for (const seat of seats) row.append(element("td", "", value(analysis.players[seat])));
    body.append(row);
  }
  table.append(body);
  const thresholds = analysis.thresholds;
  container.append(table);
  if (thresholds && !ungraded) {
    container.append(element("p", "muted small-print", `Grades by expected points given away: inaccuracy from ${thresholds.inaccuracy}, mistake from ${thresholds.mistake}, blunder from ${thresholds.blunder}.`));
    const win = analysis.win_thresholds;
    if (win) container.append(element("p", "muted small-print", `Near the end of a game, by percentage points (pp) of the chance to win given away: inaccuracy from ${win.inaccuracy}, mistake from ${win.mistake}, blunder from ${win.blunder}.`));
  }
}
