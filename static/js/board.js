// The cribbage board: SVG geometry for the holes, the skunk lines and the two pegs per player.
//
// Each player has a lane of two streets: out along the outer street (holes 1..60, or 1..30 on
// the 61-hole board) and back along the inner one, so that the last hole sits beside the start
// like a real continuous board; the finishing hole is shared, between the two lanes at the start
// end. The viewer's own lane ("near") is drawn at the bottom in black, the opponent's ("far") at
// the top in red. Pegs leapfrog: when a player scores, the rear peg jumps past the front peg to
// the new total, so the gap between the pegs shows the last score.
//
// Three players get a third track ("third", blue) above the far one; partners share a track, so
// a four-player board has two, one for each side.
//
// Geometry is pure (boardLayout) so tests can check it without drawing.

const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_PITCH_PX = 7.5; // holes closer than this on screen are folded into four streets

const PITCH = 10; // distance between neighbouring holes in a group
const GROUP_GAP = 7; // extra space between groups of five
const ROW_GAP = 13; // distance between the two streets of a lane
const LANE_GAP = 34; // distance between the two lanes' inner streets (room for the finishing hole)
const MARGIN_LEFT = 46; // room for the start holes
const MARGIN_RIGHT = 18;
const MARGIN_TOP = 14;
const THIRD_GAP = 20; // distance between the third track's inner street and the far track's outer one

/** The tracks of a board, top first: "far" and "near", with "third" on top for three players. */
export function trackLanes(tracks) {
  if (tracks !== 2 && tracks !== 3) throw new Error(`a board has two or three tracks, not ${tracks}`);
  return tracks === 3 ? ["third", "far", "near"] : ["far", "near"];
}

/** Points that win a game on this board: 121, or 61 for the five-card game. */
export function gameTarget(variant) {
  return variant === "five" ? 61 : 121;
}

/**
 * The skunk lines drawn on a board: the loser behind a line loses extra match points.
 * 121-hole board: 91 (skunk) and 61 (double skunk); 61-hole board: 31 (skunk).
 */
export function skunkLines(variant) {
  return variant === "five"
    ? [{ score: 31, kind: "skunk" }]
    : [
        { score: 91, kind: "skunk" },
        { score: 61, kind: "double-skunk" },
      ];
}

/**
 * Pure board geometry for a variant.
 *
 * `streets` is how many streets each lane's track is folded into: 2 on a wide screen, 4 on a
 * phone (a 121-hole board folded in four is tall enough to read at 360 px). Streets alternate
 * direction like a serpent, starting from the outer edge of the board, so the last street ends
 * beside the start and the finishing hole.
 *
 * Returns { variant, target, streets, perStreet, width, height, rowY(lane, k), hole(lane, n) }
 * where lane is "near" or "far" and n is a score: 1..target-1 are the track holes, target is the
 * shared finishing hole, 0 is the front start hole and -1 the rear start hole (where the rear
 * peg waits before the first score).
 */
export function boardLayout(variant, { streets = 2, tracks = 2 } = {}) {
  const target = gameTarget(variant);
  if (![2, 4].includes(streets) || (target - 1) % (streets * 5) !== 0) throw new Error(`cannot fold ${target} holes into ${streets} streets`);
  const perStreet = (target - 1) / streets;
  const groups = perStreet / 5;
  const streetLength = (perStreet - 1) * PITCH + (groups - 1) * GROUP_GAP;
  const width = MARGIN_LEFT + streetLength + MARGIN_RIGHT;
  const laneHeight = (streets - 1) * ROW_GAP;
  const lanes = trackLanes(tracks);
  // The third track, when there is one, sits on top and pushes the other two down.
  const top = tracks === 3 ? MARGIN_TOP + laneHeight + THIRD_GAP : MARGIN_TOP;
  const farInner = top + laneHeight;
  const nearInner = farInner + LANE_GAP;
  const height = nearInner + laneHeight + MARGIN_TOP;
  // Row k of a lane: 0 is the outer street (where play starts), streets-1 the inner one.
  const rowY = (lane, k) => {
    if (lane === "third") return MARGIN_TOP + k * ROW_GAP;
    return lane === "far" ? top + k * ROW_GAP : nearInner + laneHeight - k * ROW_GAP;
  };
  const middleY = (farInner + nearInner) / 2;

  // x of the i-th hole (0-based) along a street, counted from the left.
  const streetX = (i) => MARGIN_LEFT + i * PITCH + Math.floor(i / 5) * GROUP_GAP;

  function hole(lane, n) {
    if (!lanes.includes(lane)) throw new Error(`no lane ${lane}`);
    if (!Number.isInteger(n) || n < -1 || n > target) throw new Error(`no hole ${n}`);
    if (n === target) return { x: MARGIN_LEFT - 24, y: middleY, street: -1 };
    if (n === 0) return { x: MARGIN_LEFT - 16, y: rowY(lane, 0), street: -1 };
    if (n === -1) return { x: MARGIN_LEFT - 28, y: rowY(lane, 0), street: -1 };
    const street = Math.floor((n - 1) / perStreet);
    const along = (n - 1) % perStreet;
    const i = street % 2 === 0 ? along : perStreet - 1 - along;
    return { x: streetX(i), y: rowY(lane, street), street };
  }

  return { variant, target, streets, tracks, lanes, perStreet, width, height, rowY, middleY, hole, pitch: PITCH };
}

/**
 * How many streets to fold a board `width` pixels wide into: two while its holes stay at least
 * MIN_PITCH_PX apart, else four. A box not laid out yet (width 0) gets two.
 */
export function streetsFor(variant, width) {
  if (!width) return 2;
  const wide = boardLayout(variant, { streets: 2 });
  return (width / wide.width) * wide.pitch >= MIN_PITCH_PX ? 2 : 4;
}

/**
 * Where to draw a skunk line: across each lane, just before hole `score` in the direction of
 * travel. Within a street it is a tick between two holes; at a turn it joins the two streets.
 */
export function skunkLinePosition(layout, score) {
  const here = layout.hole("near", score);
  const before = layout.hole("near", score - 1);
  if (here.street === before.street) return { x: (here.x + before.x) / 2, streets: [here.street] };
  const turnsRight = here.street % 2 === 1;
  return { x: here.x + (turnsRight ? 0.9 : -0.9) * layout.pitch, streets: [before.street, here.street] };
}

const FINISH_RING = 5.5; // radius of the ring drawn round the finishing hole

/**
 * The board's words: the finishing hole's number and each skunk line's, placed so that none
 * covers a hole, the finishing ring or another label at either fold.
 *
 * Each is { kind: "finish" | "skunk", text, x, y (the baseline), anchor, size, box } where box is
 * the {left, right, top, bottom} the text takes. The folded (four-street) board is drawn about
 * one unit a pixel on a phone, so its words are larger. A skunk line's number sits in the band
 * between the lanes, centred on its line, unless that would crowd the finishing hole (a turn at
 * the start end): then it moves to the line's right. The finishing hole's number goes to its
 * right if there is room there, else above it.
 */
export function boardLabels(layout) {
  const size = layout.streets === 4 ? 9 : 7;
  const finish = layout.hole("near", layout.target);
  const baseline = layout.middleY + size * 0.35;
  const label = (kind, text, x, y, anchor) => {
    const width = text.length * size * 0.62;
    const left = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
    return { kind, text, x, y, anchor, size, box: { left, right: left + width, top: y - size * 0.75, bottom: y + size * 0.1 } };
  };
  const ring = { left: finish.x - FINISH_RING, right: finish.x + FINISH_RING, top: finish.y - FINISH_RING, bottom: finish.y + FINISH_RING };
  const labels = [];
  for (const { score } of skunkLines(layout.variant)) {
    const { x } = skunkLinePosition(layout, score);
    let placed = label("skunk", String(score), x, baseline, "middle");
    if (boxesMeet(placed.box, ring, 4)) placed = label("skunk", String(score), x + 3, baseline, "start");
    labels.push(placed);
  }
  const text = String(layout.target);
  let placed = label("finish", text, finish.x + FINISH_RING + 2.5, baseline, "start");
  if (labels.some((other) => boxesMeet(other.box, placed.box, 2))) placed = label("finish", text, finish.x, finish.y - FINISH_RING - 2.5, "middle");
  labels.push(placed);
  return labels;
}

/** Whether two boxes come within `margin` of each other. */
export function boxesMeet(a, b, margin = 0) {
  return a.left < b.right + margin && b.left < a.right + margin && a.top < b.bottom + margin && b.top < a.bottom + margin;
}

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

const scoreLabel = (board, lane) => board.labels[lane];

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A drawn board inside `container`: the far player's name and score above, the SVG, the near
 * player's below. Call update() with each lane's front and rear scores; moves are animated.
 */
export class CribbageBoard {
  constructor(container, variant, { streets = null, tracks = 2 } = {}) {
    this.container = container;
    this.variant = variant;
    this.tracks = tracks;
    this.lanes = trackLanes(tracks);
    this.pegs = Object.fromEntries(this.lanes.map((lane) => [lane, { front: 0, rear: -1 }]));
    this.pegElements = Object.fromEntries(this.lanes.map((lane) => [lane, []]));
    this.names = Object.fromEntries(this.lanes.map((lane) => [lane, ""]));
    this.scores = Object.fromEntries(this.lanes.map((lane) => [lane, 0]));
    // Fold the board in four when its box is too narrow for two readable streets (a phone, or
    // the side column of a wide screen); redraw when the box crosses that width.
    const chooseStreets = () => streets || streetsFor(variant, container.clientWidth);
    this.layout = boardLayout(variant, { streets: chooseStreets(), tracks });
    if (!streets && typeof ResizeObserver === "function") {
      new ResizeObserver(() => {
        const wanted = chooseStreets();
        if (wanted === this.layout.streets) return;
        this.layout = boardLayout(variant, { streets: wanted, tracks });
        this.draw();
      }).observe(container);
    }
    this.draw();
  }

  draw() {
    const { layout } = this;
    this.container.replaceChildren();
    this.container.classList.add("board");
    this.container.classList.toggle("board-three-tracks", this.tracks === 3);
    this.labels = {};
    for (const lane of this.lanes) {
      const label = document.createElement("div");
      label.className = `board-score board-score-${lane}`;
      label.innerHTML = '<span class="board-name"></span> <span class="board-points">0</span>';
      this.labels[lane] = label;
    }
    this.farLabel = this.labels.far;
    this.nearLabel = this.labels.near;

    const root = svg("svg", {
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      class: "board-svg",
      role: "img",
      "aria-label": `Cribbage board, ${layout.target} holes`,
    });
    this.svg = root;
    root.append(svg("rect", { x: 1, y: 1, width: layout.width - 2, height: layout.height - 2, rx: 9, class: "board-wood" }));
    // The finishing hole gets a ring; start holes a faint box.
    for (const lane of this.lanes) {
      const laneGroup = svg("g", { class: `board-lane board-lane-${lane}` });
      for (let n = 1; n < layout.target; n += 1) {
        const { x, y } = layout.hole(lane, n);
        laneGroup.append(svg("circle", { cx: x, cy: y, r: 2.5, class: "hole", "data-hole": n }));
      }
      for (const n of [0, -1]) {
        const { x, y } = layout.hole(lane, n);
        laneGroup.append(svg("circle", { cx: x, cy: y, r: 2.4, class: "hole hole-start", "data-hole": n }));
      }
      root.append(laneGroup);
    }
    const finish = layout.hole("near", layout.target);
    root.append(svg("circle", { cx: finish.x, cy: finish.y, r: FINISH_RING, class: "hole-finish-ring" }));
    root.append(svg("circle", { cx: finish.x, cy: finish.y, r: 2.6, class: "hole hole-finish", "data-hole": layout.target }));
    for (const line of skunkLines(layout.variant)) this.drawSkunkLine(root, line);
    for (const label of boardLabels(layout)) {
      const text = svg("text", { x: label.x, y: label.y, "font-size": label.size, class: `board-text board-label-${label.kind}`, "text-anchor": label.anchor });
      text.textContent = label.text;
      root.append(text);
    }

    for (const lane of this.lanes) {
      this.pegElements[lane] = [0, 1].map((index) => {
        const peg = svg("circle", { r: 4.1, class: `peg peg-${lane}`, "data-peg": index });
        root.append(peg);
        return peg;
      });
    }
    // Names above the board for the tracks above the finishing hole, below it for the near one.
    this.container.append(...this.lanes.filter((lane) => lane !== "near").map((lane) => this.labels[lane]), root, this.labels.near);
    this.setLaneNames(this.names);
    for (const lane of this.lanes) {
      scoreLabel(this, lane).querySelector(".board-points").textContent = String(this.scores[lane]);
    }
    for (const lane of this.lanes) {
      this.placePegs(lane, false);
      for (const peg of this.pegElements[lane]) peg.classList.toggle("peg-front", Number(peg.dataset.score) === this.pegs[lane].front);
    }
  }

  drawSkunkLine(root, { score, kind }) {
    const { layout } = this;
    const position = skunkLinePosition(layout, score);
    const group = svg("g", { class: `skunk-line skunk-${kind}`, "data-score": score });
    for (const lane of this.lanes) {
      const ys = position.streets.map((street) => layout.rowY(lane, street));
      const pad = ys.length === 1 ? 5 : 3;
      group.append(svg("line", { x1: position.x, x2: position.x, y1: Math.min(...ys) - pad, y2: Math.max(...ys) + pad }));
    }
    root.append(group);
  }

  setNames(nearName, farName) {
    this.setLaneNames({ ...this.names, near: nearName, far: farName });
  }

  /** Names by lane ({ near, far, third }); a lane not named keeps its name. */
  setLaneNames(names) {
    for (const lane of this.lanes) {
      this.names[lane] = names[lane] ?? this.names[lane] ?? "";
      this.labels[lane].querySelector(".board-name").textContent = this.names[lane];
    }
  }

  /** Pegs for one lane at (front, rear) scores; rear below 0 (or equal to front at 0) waits in the start hole. */
  update(lane, front, rear, { animate = true } = {}) {
    const target = this.layout.target;
    // The number shows the real score (a game can end past the target); the peg stops in the finishing hole.
    this.scores[lane] = front;
    scoreLabel(this, lane).querySelector(".board-points").textContent = String(front);
    front = Math.max(0, Math.min(target, front));
    rear = rear === null || rear === undefined || rear < 0 ? -1 : Math.min(rear, front);
    if (rear === front) rear = front === 0 ? -1 : rear;
    const previous = this.pegs[lane];
    if (previous.front === front && previous.rear === rear) return;
    // Leapfrog: the peg that was at the back is the one that moves to the new front.
    const leapfrog = front > previous.front && rear === previous.front;
    this.pegs[lane] = { front, rear };
    if (leapfrog) {
      const [a, b] = this.pegElements[lane];
      const rearPeg = Number(a.dataset.score) === previous.front ? b : a;
      const frontPeg = rearPeg === a ? b : a;
      frontPeg.dataset.score = String(rear);
      rearPeg.dataset.score = String(front);
      this.movePeg(lane, rearPeg, front, animate);
    } else {
      this.placePegs(lane, animate);
    }
    for (const peg of this.pegElements[lane]) peg.classList.toggle("peg-front", Number(peg.dataset.score) === front);
  }

  placePegs(lane, animate) {
    const [a, b] = this.pegElements[lane];
    const { front, rear } = this.pegs[lane];
    a.dataset.score = String(front);
    b.dataset.score = String(rear);
    this.movePeg(lane, a, front, animate);
    this.movePeg(lane, b, rear, animate);
  }

  movePeg(lane, peg, score, animate) {
    const { x, y } = this.layout.hole(lane, score);
    const from = peg.getAttribute("cx") === null ? null : { x: Number(peg.getAttribute("cx")), y: Number(peg.getAttribute("cy")) };
    peg.setAttribute("cx", x);
    peg.setAttribute("cy", y);
    if (!animate || !from || reducedMotion() || typeof peg.animate !== "function") return;
    const dx = from.x - x;
    const dy = from.y - y;
    const lift = -8; // a little hop, so the leapfrog reads as a jump
    peg.animate(
      [
        { transform: `translate(${dx}px, ${dy}px)` },
        { transform: `translate(${dx / 2}px, ${dy / 2 + lift}px) scale(1.35)`, offset: 0.5 },
        { transform: "translate(0px, 0px)" },
      ],
      { duration: 520, easing: "ease-in-out" },
    );
  }
}
