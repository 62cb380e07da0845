// The review page: a finished match replayed step by step with everything face up (the board,
// every seat's hand (two, three or four), the crib, the starter, the pile and count, the shows itemised, the log so far),
// the analysis of the hand on view, the score chart and each hand's fair-shuffle proof.
// The timeline comes in the page (review/timeline.py); nothing here talks to the server.

import { CribbageBoard } from "../board.js";
import { formatClock } from "../clock.js";
import { cardElement } from "../cards.js";
import { commitmentFor, dealFromDeck } from "../fairness.js";
import { describeEvent } from "../log.js";
import { laneSeats, partnerOf } from "../seats.js";
import { BoardPanel } from "../table/board-panel.js";
import { itemLine } from "../table/show.js";
import { renderHandAnalysis, renderSummary } from "./analysis-view.js";
import { drawChart, scoreLineFromTimeline } from "./chart.js";
import { expandSteps, FLAWS, flawCounts, flawKey, flawStep, flawSteps, handIndexAt, handsShown, playBoardHref, searchWithStep, stepForKey, stepFromLocation } from "./steps.js";

const data = JSON.parse(document.getElementById("review-data").textContent);
const $ = (id) => document.getElementById(id);
const { hands, names, analysis } = data;
const steps = expandSteps(data.steps);
// The reviewing player's own seat is drawn near (at the bottom, black), as at the table;
// anyone else sees seat 0 there.
const NEAR = Number.isInteger(data.viewer_seat) ? data.viewer_seat : 0;
const name = (seat) => names[seat] || `Seat ${seat + 1}`;

/** A timed match's clocks after the step's action: what each seat had left then. */
function drawClocks(index) {
  const element = document.getElementById("review-clocks");
  if (!element) return;
  let at = index;
  while (at > 0 && !steps[at].clock) at -= 1;
  const clock = steps[at] && steps[at].clock;
  element.hidden = !clock;
  if (clock) element.textContent = `Clocks: ${clock.map((left, seat) => `${name(seat)} ${formatClock(left)}`).join(" · ")}`;
}
const logContext = { viewer: null, names, seats: names.map((_, seat) => seat) };

// Three or four seats: seat 0 near, the others round the table as the live table draws a
// spectator's view (static/js/seats.js), and the board drawn by the live table's own panel.
const seatCount = data.seats || names.length;
const view = { seats: names.map((_, seat) => seat), viewer: null, options: { variant: data.variant } };
const lanes = laneSeats(view, NEAR);
const FAR = lanes[1][1]; // the two-player board's other track
const many = seatCount > 2;
let board = null;
let panel = null;
if (many) {
  panel = new BoardPanel($("board"));
} else {
  board = new CribbageBoard($("board"), data.variant);
  board.setNames(name(NEAR), name(FAR));
}
// The seats whose scores the chart and hand list show: one per partnership with four players.
const scoreSeats = data.partnership ? [0, 1] : view.seats;
const sideName = (seat) => (data.partnership ? `${name(seat)} & ${name(partnerOf(view, seat))}` : name(seat));

/** A seat box's label: the name and the role ("dealer", "Ann's partner"). */
function seatLabel(seat, dealer) {
  const roles = [];
  if (dealer === seat) roles.push("dealer");
  if (data.partnership) roles.push(`${name(partnerOf(view, seat))}'s partner`);
  return roles.length ? `${name(seat)} (${roles.join(", ")})` : name(seat);
}

// The whole log, built once: each line knows its step, and a step shows the lines up to it.
const logLines = [];
for (const [index, step] of steps.entries()) {
  for (const event of step.events) {
    const text = describeEvent(event, logContext);
    if (!text) continue;
    const item = document.createElement("li");
    item.className = `log-line log-${event.type}${event.type === "hand_started" ? " log-new-hand" : ""}`;
    item.textContent = text;
    item.dataset.step = String(index);
    logLines.push(item);
  }
}
$("log").replaceChildren(...logLines);

function cardsInto(container, list, { extraClass = "small", dim = 0 } = {}) {
  container.replaceChildren(
    ...list.map((card, index) => {
      const face = cardElement(card, { extraClass });
      if (index < dim) face.classList.add("earlier");
      return face;
    }),
  );
}

function captionFor(step) {
  if (step.kind === "start") return "Before the cut for deal.";
  const lines = step.events.map((event) => describeEvent(event, logContext)).filter(Boolean);
  return lines.join(" ") || "";
}

function drawShows(state) {
  const list = $("shows");
  list.replaceChildren();
  for (const shown of state.shown) {
    const item = document.createElement("li");
    item.className = "review-show";
    const title = document.createElement("p");
    title.className = "review-show-title";
    const whose = shown.kind === "crib" ? `${name(shown.seat)}'s crib` : `${name(shown.seat)}'s hand`;
    title.textContent = shown.total === null ? whose : `${whose}: ${shown.total}`;
    const faces = document.createElement("div");
    faces.className = "review-cards";
    cardsInto(faces, shown.cards, { extraClass: "mini" });
    const items = document.createElement("ul");
    items.className = "review-show-items";
    for (const line of shown.items || []) {
      const entry = document.createElement("li");
      entry.textContent = itemLine(line);
      items.append(entry);
    }
    item.append(title, faces, items);
    list.append(item);
  }
  list.hidden = state.shown.length === 0;
}

let proofShown = null;
async function drawProof(handIndex) {
  const box = $("proof");
  if (proofShown === handIndex) return;
  proofShown = handIndex;
  const proof = data.proofs.find((entry) => entry.hand === handIndex);
  box.replaceChildren();
  if (!proof) {
    box.textContent = "No deal yet.";
    return;
  }
  const rows = [
    ["Commitment (sent before the deal)", proof.commitment],
    ["Revealed salt", proof.salt],
    ["Revealed deck", proof.deck.join(" ")],
  ];
  const list = document.createElement("dl");
  for (const [label, value] of rows) {
    const term = document.createElement("dt");
    term.textContent = label;
    const detail = document.createElement("dd");
    detail.className = "proof-value";
    detail.textContent = value;
    list.append(term, detail);
  }
  const verdict = document.createElement("p");
  verdict.className = "proof-verdict pending";
  verdict.textContent = "Checking in your browser…";
  box.append(list, verdict);
  const hand = hands.find((entry) => entry.hand === handIndex);
  const hash = await commitmentFor(proof.deck, proof.salt);
  const deal = dealFromDeck(proof.deck, {
    dealer: hand.dealer,
    handSize: proof.hand_size ?? data.hand_size,
    seats: seatCount,
    dealerHandSize: proof.dealer_hand_size ?? null,
  });
  const sameDeal = Object.entries(proof.dealt).every(([seat, cards]) => [...cards].sort().join() === [...deal.hands[seat]].sort().join());
  if (proofShown !== handIndex) return;
  const ok = hash === proof.commitment && sameDeal;
  verdict.className = `proof-verdict ${ok ? "verified" : "failed"}`;
  verdict.dataset.verified = ok ? "true" : "false";
  verdict.textContent = ok
    ? "✓ Verified: the deck and salt hash to the commitment, and the deck deals the hands dealt."
    : "✗ Not verified: the revealed deck does not match the commitment or the deal.";
}

function drawHandList(current) {
  for (const item of $("hand-list").children) {
    const on = Number(item.dataset.hand) === current;
    item.classList.toggle("current", on);
    const button = item.querySelector("button");
    if (on) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

function buildHandList() {
  const list = $("hand-list");
  list.replaceChildren(
    ...hands.map((hand) => {
      const item = document.createElement("li");
      item.dataset.hand = String(hand.hand);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hand-link";
      const before = scoreSeats.map((seat) => hand.scores_before[seat]);
      button.textContent = `Game ${hand.game}, hand ${hand.hand + 1}: ${name(hand.dealer)} deals, ${before.join("–")}`;
      button.addEventListener("click", () => show(hand.step));
      item.append(button);
      return item;
    }),
  );
}

let current = -1;
function show(index, { push = true } = {}) {
  index = Math.max(0, Math.min(steps.length - 1, index));
  const step = steps[index];
  const state = step.state;
  const previous = current;
  current = index;
  const held = handsShown(state);
  for (const [lane, seat] of lanes) {
    $(`name-${lane}`).textContent = seatLabel(seat, state.dealer);
    $(`name-${lane}`).dataset.seat = String(seat);
    cardsInto($(`hand-${lane}`), held[seat] || []);
  }
  cardsInto($("starter"), state.starter ? [state.starter] : []);
  cardsInto($("crib"), state.crib);
  $("crib-label").textContent = state.dealer === null ? "Crib" : `${name(state.dealer)}'s crib`;
  const played = state.played.map(([, card]) => card);
  cardsInto($("pile"), played, { dim: played.length - state.series.length });
  $("count").textContent = String(state.count);
  drawShows(state);
  const animate = Math.abs(index - previous) === 1;
  if (panel) {
    panel.render({ ...view, scores: state.scores, rear: state.rear }, lanes, name, { animate });
    if (previous < 0) panel.setLaneNames(view, lanes, name);
  } else {
    board.update("near", state.scores[NEAR], state.rear[NEAR], { animate });
    board.update("far", state.scores[FAR], state.rear[FAR], { animate });
  }
  for (const line of logLines) line.hidden = Number(line.dataset.step) > index;
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  $("caption").textContent = captionFor(step);
  $("step-label").textContent = `Step ${index} of ${steps.length - 1}`;
  drawClocks(index);
  $("scrub").value = String(index);
  const handIndex = handIndexAt(index, hands);
  renderHandAnalysis($("grades"), analysis, step, name, playBoardLink);
  drawHandList(handIndex < 0 ? -1 : hands[handIndex].hand);
  chart(handIndex < 0 ? -1 : hands[handIndex].hand);
  drawProof(handIndex < 0 ? null : hands[handIndex].hand);
  document.body.dataset.step = String(index);
  if (push) history.replaceState(null, "", `${location.pathname}${searchWithStep(location.search, index)}`);
}

/** The analysis board's address for a graded play, or null (see steps.js's playBoardHref). */
function playBoardLink(play, hand) {
  return playBoardHref(play, hand, steps, { players: names.length, variant: data.variant });
}

/** Only the seats the chart draws (a partnership's first seat stands for both partners). */
function bySeat(line) {
  if (!many || !line) return line;
  return Object.fromEntries(scoreSeats.filter((seat) => String(seat) in line).map((seat) => [String(seat), line[seat]]));
}

function chart(hand) {
  drawChart($("chart"), {
    scoreLine: bySeat(analysis ? analysis.score_line : scoreLineFromTimeline(hands, steps)),
    luckLine: analysis && analysis.graded !== false ? bySeat(analysis.luck_line) : null,
    names: many ? names.map((_, seat) => sideName(seat)) : names,
    current: hand,
  });
}

// Each player's inaccuracies, mistakes and blunders (two-player analyses only), counted and
// jumped through: a line per player under the controls, visible as the page opens.
const flaws = analysis && analysis.graded !== false ? flawSteps(steps, analysis) : [];

function plural(count, word) {
  return `${count} ${count === 1 ? word : { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" }[word]}`;
}

function jumpToFlaw(seat, direction) {
  const step = flawStep(current, flaws, seat, direction);
  if (step === null) {
    $("flaw-status").textContent = `${name(seat)} has no ${direction > 0 ? "later" : "earlier"} mistake.`;
    return;
  }
  show(step);
  const flaw = flaws.find((entry) => entry.step === step && entry.seat === seat);
  $("flaw-status").textContent = `${name(seat)}'s ${flaw.label}.`;
}

function buildFlaws() {
  const box = $("flaws");
  if (!analysis || analysis.graded === false) return;
  const counts = flawCounts(flaws, [0, 1]);
  const keys = [["p", "n"], ["P", "N"]];
  box.replaceChildren(
    ...[0, 1].map((seat) => {
      const row = document.createElement("div");
      row.className = "flaw-row";
      row.dataset.seat = String(seat);
      const text = document.createElement("span");
      text.className = "flaw-counts";
      const accuracy = analysis.players[String(seat)].accuracy;
      text.textContent = `${name(seat)}: ${FLAWS.map((label) => plural(counts[seat][label], label)).join(", ")}${accuracy === null ? "" : ` · accuracy ${accuracy.toFixed(1)}%`}`;
      const back = document.createElement("button");
      back.type = "button";
      back.className = "secondary flaw-back";
      back.textContent = "◀";
      back.title = `${name(seat)}'s previous mistake (${keys[seat][0]})`;
      back.setAttribute("aria-label", back.title);
      back.addEventListener("click", () => jumpToFlaw(seat, -1));
      const on = document.createElement("button");
      on.type = "button";
      on.className = "secondary flaw-on";
      on.textContent = "▶";
      on.title = `${name(seat)}'s next mistake (${keys[seat][1]})`;
      on.setAttribute("aria-label", on.title);
      on.addEventListener("click", () => jumpToFlaw(seat, 1));
      row.append(back, text, on);
      return row;
    }),
  );
  box.hidden = false;
}

function toggleKeys(open = $("keys-list").hidden) {
  $("keys-list").hidden = !open;
  $("keys-button").setAttribute("aria-expanded", String(open));
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement && target.type !== "range") return;
  if (event.key === "?") {
    toggleKeys();
    event.preventDefault();
    return;
  }
  if (event.key === "Escape" && !$("keys-list").hidden) {
    toggleKeys(false);
    return;
  }
  const jump = flawKey(event.key);
  if (jump && flaws.length) {
    event.preventDefault();
    jumpToFlaw(jump.seat, jump.direction);
    return;
  }
  const next = stepForKey(event.key, current, steps, hands);
  if (next === null) return;
  event.preventDefault();
  show(next);
});

$("step-back").addEventListener("click", () => show(current - 1));
$("step-on").addEventListener("click", () => show(current + 1));
$("to-start").addEventListener("click", () => show(0));
$("to-end").addEventListener("click", () => show(steps.length - 1));
$("hand-back").addEventListener("click", () => show(stepForKey("ArrowUp", current, steps, hands)));
$("hand-on").addEventListener("click", () => show(stepForKey("ArrowDown", current, steps, hands)));
$("keys-button").addEventListener("click", () => toggleKeys());
$("scrub").max = String(steps.length - 1);
$("scrub").addEventListener("input", (event) => show(Number(event.target.value)));
window.addEventListener("hashchange", () => show(stepFromLocation("", location.hash, steps)));

buildHandList();
buildFlaws();
renderSummary($("summary"), analysis, names);
show(stepFromLocation(location.search, location.hash, steps, hands), { push: false });
window.cribbageReview = { show, get step() { return current; }, steps, hands, flaws };
