// Playing cards for the table: names for screen readers, sorting, and our own SVG artwork.
//
// A card travels as two characters, rank then suit ("5H", "TD", "JS"), exactly as the server
// sends it. Faces are drawn in SVG from one shared sprite of suit shapes, so they stay sharp at
// any size and need no image files.

const SVG_NS = "http://www.w3.org/2000/svg";

export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
const RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"];
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const CARD_ORDERS = ["ascending", "descending", "dealt"];
const ORDER_KEY = "cribbage.cardOrder";

/** Parse "5H" into { rank: 5, suit: "H" }; throws on anything that is not a card. */
export function parseCard(text) {
  if (typeof text !== "string" || text.length !== 2) throw new Error(`not a card: ${text}`);
  const rank = RANKS.indexOf(text[0]) + 1;
  const suit = text[1];
  if (rank === 0 || !SUITS.includes(suit)) throw new Error(`not a card: ${text}`);
  return { rank, suit };
}

/** The spoken name: cardName("5H") === "five of hearts". */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  return `${RANK_NAMES[rank - 1]} of ${SUIT_NAMES[suit]}`;
}

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "5H" -> "5♥", "TD" -> "10♦": short and readable in a log line. */
export function shortCard(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUIT_SYMBOLS[card[1]];
}

/** Words listed for a sentence: "a, b and c" ("" for none). */
export function listed(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** Several cards named for a sentence: "five of hearts, jack of spades and six of clubs". */
export function cardNames(cards) {
  return listed(cards.map(cardName));
}

/** Pip value for the count: face cards 10, aces 1. */
export function cardValue(text) {
  return Math.min(parseCard(text).rank, 10);
}

function compareAscending(a, b) {
  const x = parseCard(a);
  const y = parseCard(b);
  return x.rank - y.rank || SUITS.indexOf(x.suit) - SUITS.indexOf(y.suit);
}

/** A sorted copy: "ascending" (ace first), "descending" (king first) or "dealt" (unchanged). */
export function sortCards(cards, order) {
  if (!CARD_ORDERS.includes(order)) throw new Error(`unknown card order: ${order}`);
  const copy = [...cards];
  if (order === "ascending") copy.sort(compareAscending);
  if (order === "descending") copy.sort((a, b) => compareAscending(b, a));
  return copy;
}

/** Where the page keeps a card order chosen at the table: "account" (members) or "browser". */
function savedWhere() {
  const body = globalThis.document && document.body;
  return body && body.dataset.cardOrderSaved === "account" ? "account" : "browser";
}

/**
 * The player's card order, one setting: for a member, their profile's (`fallback`, from the
 * page), which the table saves back to the account; for a guest or visitor, what they last
 * chose in this browser, else `fallback`, else ascending.
 */
export function loadCardOrder(storage = globalThis.localStorage, fallback = "ascending", where = savedWhere()) {
  const preferred = CARD_ORDERS.includes(fallback) ? fallback : "ascending";
  if (where === "account") return preferred;
  try {
    const saved = storage && storage.getItem(ORDER_KEY);
    return CARD_ORDERS.includes(saved) ? saved : preferred;
  } catch {
    return preferred; // storage can be blocked (private mode)
  }
}

/**
 * Keep a card order chosen at the table: a member's goes to their account (so the profile and
 * the preferences page say the same), anyone else's to this browser. Resolves to true once kept.
 */
export async function saveCardOrder(order, storage = globalThis.localStorage, where = savedWhere()) {
  if (!CARD_ORDERS.includes(order)) throw new Error(`unknown card order: ${order}`);
  if (where === "account") {
    const body = new URLSearchParams({ card_order: order });
    const token = (document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/) || [])[1] || "";
    try {
      const response = await fetch(document.body.dataset.cardOrderUrl, {
        method: "POST",
        body,
        headers: { "X-CSRFToken": decodeURIComponent(token) },
        credentials: "same-origin",
        keepalive: true, // finished even when the player leaves or reloads the page at once
      });
      if (response.ok) document.body.dataset.cardOrder = order;
      return response.ok;
    } catch {
      return false; // offline: the page still uses it for now
    }
  }
  try {
    storage && storage.setItem(ORDER_KEY, order);
    return true;
  } catch {
    return false; // Not remembered, but the page still uses it for now.
  }
}

// --- Drawing -----------------------------------------------------------------------------

// Suit shapes in a 20 x 20 box. Drawn for this site.
const SUIT_SHAPES = {
  H: '<path d="M10 18.5C3.5 13.4 1 10 1.2 6.6 1.4 3.7 3.6 1.6 6.2 1.6c1.8 0 3 .9 3.8 2.4.8-1.5 2-2.4 3.8-2.4 2.6 0 4.8 2.1 5 5 .2 3.4-2.3 6.8-8.8 11.9z"/>',
  D: '<path d="M10 .8 17.6 10 10 19.2 2.4 10z"/>',
  S: '<path d="M10 1C6.6 5.4 1.3 8 1.3 12.2c0 2.6 2 4.4 4.3 4.4 1.4 0 2.6-.6 3.3-1.6-.2 1.7-.9 2.9-2.3 3.9h6.8c-1.4-1-2.1-2.2-2.3-3.9.7 1 1.9 1.6 3.3 1.6 2.3 0 4.3-1.8 4.3-4.4C18.7 8 13.4 5.4 10 1z"/>',
  C: '<circle cx="10" cy="5.4" r="4.1"/><circle cx="5.1" cy="11.6" r="4.1"/><circle cx="14.9" cy="11.6" r="4.1"/><path d="M9 10.5h2l1.3 8.4H7.7z"/>',
};

function ensureSprite() {
  if (document.getElementById("card-sprite")) return;
  const sprite = document.createElementNS(SVG_NS, "svg");
  sprite.id = "card-sprite";
  sprite.setAttribute("aria-hidden", "true");
  sprite.setAttribute("width", "0");
  sprite.setAttribute("height", "0");
  sprite.style.position = "absolute";
  sprite.innerHTML =
    "<defs>" +
    Object.entries(SUIT_SHAPES)
      .map(([suit, shape]) => `<symbol id="suit-${suit}" viewBox="0 0 20 20">${shape}</symbol>`)
      .join("") +
    '<pattern id="card-back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<rect width="10" height="10" fill="#1d4e89"/><rect width="5" height="5" fill="#2c66a8"/><rect x="5" y="5" width="5" height="5" fill="#2c66a8"/></pattern>' +
    "</defs>";
  document.body.prepend(sprite);
}

// Pip centres on a 100 x 140 face for two to ten; pips below the middle are drawn upside down.
const PIP_LAYOUTS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[32, 30], [68, 30], [32, 110], [68, 110]],
  5: [[32, 30], [68, 30], [50, 70], [32, 110], [68, 110]],
  6: [[32, 30], [68, 30], [32, 70], [68, 70], [32, 110], [68, 110]],
  7: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [32, 110], [68, 110]],
  8: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [50, 90], [32, 110], [68, 110]],
  9: [[32, 30], [68, 30], [32, 56.7], [68, 56.7], [50, 70], [32, 83.3], [68, 83.3], [32, 110], [68, 110]],
  10: [[32, 30], [68, 30], [50, 43], [32, 56.7], [68, 56.7], [32, 83.3], [68, 83.3], [50, 97], [32, 110], [68, 110]],
};

const use = (suit, x, y, size, flip = false) =>
  `<use href="#suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"` +
  (flip ? ` transform="rotate(180 ${x} ${y})"` : "") +
  "/>";

// Court cards: a framed panel with a simple emblem of our own (crown, coronet, cap) and the suit.
const COURT_EMBLEMS = {
  K: '<path d="M32 62 36 42 44 54 50 38 56 54 64 42 68 62z" class="court-gold"/><rect x="32" y="62" width="36" height="6" class="court-gold"/>',
  Q: '<path d="M34 64 38 48 46 56 50 44 54 56 62 48 66 64z" class="court-gold"/><circle cx="50" cy="42" r="3" class="court-gold"/><circle cx="38" cy="46" r="2.4" class="court-gold"/><circle cx="62" cy="46" r="2.4" class="court-gold"/>',
  J: '<path d="M34 62c2-12 10-20 22-20 6 0 10 3 12 8-6-2-10 0-12 4l2 8z" class="court-gold"/><path d="M60 44c4-6 9-8 12-6-3 1-6 4-8 8z" class="court-feather"/>',
};

function faceMarkup(text) {
  const { rank, suit } = parseCard(text);
  const label = RANK_LABELS[rank - 1];
  const corner = (flip) =>
    `<g${flip ? ' transform="rotate(180 50 70)"' : ""}>` +
    `<text x="12" y="24" class="card-index" text-anchor="middle">${label}</text>` +
    use(suit, 12, 35, 13) +
    "</g>";
  let middle;
  if (rank === 1) middle = use(suit, 50, 70, 44);
  else if (rank <= 10) middle = PIP_LAYOUTS[rank].map(([x, y]) => use(suit, x, y, 19, y > 70)).join("");
  else {
    const letter = RANK_LABELS[rank - 1];
    middle =
      '<rect x="24" y="22" width="52" height="96" rx="4" class="court-frame"/>' +
      COURT_EMBLEMS[letter] +
      `<text x="50" y="96" class="court-letter" text-anchor="middle">${letter}</text>` +
      use(suit, 50, 108, 12);
  }
  return (
    '<rect x="1" y="1" width="98" height="138" rx="8" class="card-paper"/>' + corner(false) + corner(true) + middle
  );
}

const BACK_MARKUP =
  '<rect x="1" y="1" width="98" height="138" rx="8" class="card-paper"/>' +
  '<rect x="8" y="8" width="84" height="124" rx="5" fill="url(#card-back-pattern)"/>' +
  '<rect x="8" y="8" width="84" height="124" rx="5" class="card-back-border"/>';

// One parsed picture per face (and the back), copied for each card drawn: a hand is redrawn
// on every change of it, and parsing the markup each time was most of drawing a card.
const parsedPictures = new Map();

function cardSvg(markup) {
  let picture = parsedPictures.get(markup);
  if (!picture) {
    picture = document.createElementNS(SVG_NS, "svg");
    picture.setAttribute("viewBox", "0 0 100 140");
    picture.setAttribute("aria-hidden", "true");
    picture.setAttribute("focusable", "false");
    picture.innerHTML = markup;
    parsedPictures.set(markup, picture);
  }
  return picture.cloneNode(true);
}

/**
 * A face-up card. With `button: true` it is a <button> (keyboard and touch reachable) whose
 * accessible name is the card's name, held in visually hidden text rather than `aria-label`:
 * a label would not contain the corner's visible "2" (WCAG 2.5.3, label in name), while the
 * hidden picture leaves the text as the button's only content. Otherwise a labelled image.
 */
export function cardElement(text, { button = false, extraClass = "" } = {}) {
  ensureSprite();
  const { suit } = parseCard(text);
  const element = document.createElement(button ? "button" : "div");
  element.className = `card ${suit === "H" || suit === "D" ? "card-red" : "card-black"} ${extraClass}`.trim();
  element.dataset.card = text;
  if (button) {
    element.type = "button";
    const name = document.createElement("span");
    name.className = "visually-hidden card-name";
    element.append(name);
    labelCard(element, cardName(text));
  } else {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", cardName(text));
  }
  element.append(cardSvg(faceMarkup(text)));
  return element;
}

/** Rename a card button for screen readers ("Play five of hearts"). */
export function labelCard(element, name) {
  const holder = element.querySelector(".card-name");
  if (holder) holder.textContent = name;
  else element.setAttribute("aria-label", name);
}

/** A face-down card. */
export function cardBackElement({ extraClass = "" } = {}) {
  ensureSprite();
  const element = document.createElement("div");
  element.className = `card card-back ${extraClass}`.trim();
  element.setAttribute("aria-hidden", "true");
  element.append(cardSvg(BACK_MARKUP));
  return element;
}
