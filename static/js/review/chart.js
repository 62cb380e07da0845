// The match's score chart (SVG): each player's score after every hand, and under it each
// player's cumulative luck (expected points above or below par), with the hand on view marked.

const SVG_NS = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const SCORE_HEIGHT = 170;
const LUCK_HEIGHT = 90;
const GAP = 26;
const LEFT = 34;
const RIGHT = 10;
const TOP = 10;
export const SEAT_CLASSES = ["chart-seat-0", "chart-seat-1", "chart-seat-2", "chart-seat-3"];

function node(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Points of a polyline: values over hands 1..n, starting from 0 at hand 0. */
export function linePoints(values, { x, y }) {
  return [0, ...values].map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
}

/** The scale of a series of lines: [min, max], with 0 always inside and a little room. */
export function valueRange(lines, { floor = null } = {}) {
  const all = lines.flat();
  let low = Math.min(0, ...all);
  let high = Math.max(0, ...all);
  if (floor !== null) low = Math.min(low, floor);
  if (high - low < 1) high = low + 1;
  return [low, high];
}

/**
 * Draw the chart into `container`. `scoreLine`, `luckLine`: { seat: [value after each hand] };
 * `names`: by seat; `current`: the hand (0-based) to mark, or -1.
 */
export function drawChart(container, { scoreLine, luckLine, names, current }) {
  const seats = Object.keys(scoreLine).sort();
  const hands = Math.max(1, ...seats.map((seat) => scoreLine[seat].length));
  const height = TOP + SCORE_HEIGHT + (luckLine ? GAP + LUCK_HEIGHT : 0) + 20;
  const root = node("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "chart-svg", role: "img", "aria-label": "Scores hand by hand, and each player's luck" });
  const x = (index) => LEFT + (index * (WIDTH - LEFT - RIGHT)) / hands;

  const panel = (lines, top, panelHeight, title) => {
    const [low, high] = valueRange(lines.map((seat) => seat.values));
    const y = (value) => top + panelHeight - ((value - low) * panelHeight) / (high - low);
    root.append(node("rect", { x: LEFT, y: top, width: WIDTH - LEFT - RIGHT, height: panelHeight, class: "chart-panel" }));
    root.append(node("text", { x: LEFT + 4, y: top + 12, class: "chart-title" }, title));
    for (const value of [low, 0, high]) {
      root.append(node("text", { x: LEFT - 4, y: y(value) + 4, class: "chart-axis", "text-anchor": "end" }, String(Math.round(value * 10) / 10)));
    }
    if (low < 0) root.append(node("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(0), y2: y(0), class: "chart-zero" }));
    for (const line of lines) {
      root.append(node("polyline", { points: linePoints(line.values, { x, y }), class: `chart-line ${SEAT_CLASSES[line.seat]}`, "data-seat": line.seat }));
    }
  };
  panel(seats.map((seat) => ({ seat: Number(seat), values: scoreLine[seat] })), TOP, SCORE_HEIGHT, "Scores");
  if (luckLine) {
    panel(seats.map((seat) => ({ seat: Number(seat), values: luckLine[seat] || [] })), TOP + SCORE_HEIGHT + GAP, LUCK_HEIGHT, "Luck (cumulative)");
  }
  if (current >= 0) {
    root.append(node("rect", { x: x(current), y: TOP, width: x(current + 1) - x(current), height: height - TOP - 20, class: "chart-current" }));
  }
  for (let hand = 1; hand <= hands; hand += Math.max(1, Math.ceil(hands / 12))) {
    root.append(node("text", { x: x(hand), y: height - 6, class: "chart-axis", "text-anchor": "middle" }, String(hand)));
  }
  const legend = document.createElement("p");
  legend.className = "chart-legend";
  for (const seat of seats) {
    const key = document.createElement("span");
    key.className = `chart-key ${SEAT_CLASSES[Number(seat)]}`;
    key.textContent = names[Number(seat)];
    legend.append(key);
  }
  container.replaceChildren(root, legend);
}

/** Scores after each hand from the timeline alone (when there is no analysis). */
export function scoreLineFromTimeline(hands, steps) {
  const line = {};
  hands.forEach((hand, index) => {
    const end = index + 1 < hands.length ? hands[index + 1].step - 1 : steps.length - 1;
    steps[end].state.scores.forEach((score, seat) => {
      (line[seat] = line[seat] || []).push(score);
    });
  });
  return line;
}
