// Checking the server's provably fair shuffles in the browser (docs/protocol.md, "Provably fair
// shuffles"): before a deal the server commits to SHA-256 of the deck and a secret salt; after
// the hand it reveals both. The page recomputes the hash and checks that the cards it was dealt,
// the starter and the cut for deal are the ones that deck gives. Nothing here trusts the reveal's
// own copy of the commitment: it is compared with the one received before the deal.

const PREFIX = "cribbage-shuffle-v1:";

/** SHA-256 (lowercase hex) of the canonical text for `deck` (52 two-character cards) and `salt`. */
export async function commitmentFor(deck, salt) {
  const bytes = new TextEncoder().encode(`${PREFIX}${deck.join(" ")}:${salt}`);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The cards a deck deals: one at a time, from the dealer's left, then (three players) one card
 * to the crib, then the starter (docs/engine.md).
 */
export function dealFromDeck(deck, { dealer, handSize, seats = 2, dealerHandSize = null }) {
  const order = Array.from({ length: seats }, (_, offset) => (dealer + 1 + offset) % seats);
  const wanted = Object.fromEntries(order.map((seat) => [seat, seat === dealer && dealerHandSize !== null ? dealerHandSize : handSize]));
  const hands = Object.fromEntries(order.map((seat) => [seat, []]));
  let position = 0;
  while (order.some((seat) => hands[seat].length < wanted[seat])) {
    for (const seat of order) {
      if (hands[seat].length < wanted[seat]) hands[seat].push(deck[position++]);
    }
  }
  const cribFromDeck = seats === 3 && dealerHandSize === null ? 1 : 0;
  return { hands, starter: deck[position + cribFromDeck] };
}

const sameCards = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * What this viewer was promised and shown, shuffle by shuffle, and the verdict on each reveal.
 * Feed it the frames as they come; `revealed` resolves to { ok, problems, checked, unchecked }:
 * `unchecked` names every check it could not make and why (a page opened after the deal never
 * saw the cards dealt), so a verdict never claims more than was checked.
 */
export class FairnessLedger {
  constructor(viewer, seats = 2) {
    this.viewer = viewer;
    this.seats = seats;
    this.shuffles = new Map(); // number -> { purpose, commitment, dealt, starter, cuts, dealer, handSize }
    this.current = null;
  }

  committed({ shuffle, purpose, commitment }) {
    if (!this.shuffles.has(shuffle)) this.shuffles.set(shuffle, { purpose, commitment });
    this.current = shuffle;
  }

  handStarted(data) {
    const entry = this.shuffles.get(this.current);
    if (!entry) return;
    entry.dealer = data.dealer;
    entry.handSize = data.hand_size;
    entry.dealerHandSize = data.dealer_hand_size === undefined ? null : data.dealer_hand_size;
    if (data.cards) entry.dealt = [...data.cards];
  }

  starterCut(data) {
    const entry = this.shuffles.get(this.current);
    if (entry) entry.starter = data.card;
  }

  cutForDeal(data) {
    const entry = this.shuffles.get(this.current);
    if (entry) entry.cuts = [...data.cuts];
  }

  async revealed({ shuffle, purpose, deck, salt }) {
    const entry = this.shuffles.get(shuffle);
    const problems = [];
    const checked = [];
    const unchecked = [];
    if (!entry) {
      unchecked.push("the whole shuffle (this page opened after its commitment was sent)");
      return { ok: false, problems, checked, unchecked };
    }
    if (!globalThis.crypto || !crypto.subtle) {
      unchecked.push("the whole shuffle (this browser cannot hash here: the page needs HTTPS)");
      return { ok: false, problems, checked, unchecked };
    }
    if (deck.length !== 52 || new Set(deck).size !== 52) problems.push("the revealed deck is not 52 distinct cards");
    if ((await commitmentFor(deck, salt)) !== entry.commitment) problems.push("the deck and salt do not match the commitment");
    else checked.push("the deck matches its commitment");
    if (purpose === "cut_for_deal") {
      if (!entry.cuts) unchecked.push("the cuts (this page did not see them)");
      else if (entry.cuts.every((card, seat) => card === deck[seat])) checked.push("the cuts came from it");
      else problems.push("the cuts did not come from this deck");
    }
    if (purpose === "deal") {
      const deal = entry.dealer === undefined ? null : dealFromDeck(deck, { dealer: entry.dealer, handSize: entry.handSize, seats: this.seats, dealerHandSize: entry.dealerHandSize ?? null });
      if (this.viewer === null) unchecked.push("dealt cards (a spectator sees no hand)");
      else if (!deal || !entry.dealt) unchecked.push("your cards (this page did not see the deal)");
      else if (sameCards(entry.dealt, deal.hands[this.viewer])) checked.push("your cards came from it");
      else problems.push("your cards did not come from this deck");
      if (!deal || !entry.starter) unchecked.push("the starter (this page did not see the deal and the cut)");
      else if (entry.starter === deal.starter) checked.push("the starter came from it");
      else problems.push("the starter did not come from this deck");
    }
    entry.verdict = { ok: problems.length === 0, problems, checked, unchecked };
    return entry.verdict;
  }
}

/** One shuffle's line: every check made, every one that could not be, and any failure. */
export function verdictText(label, verdict) {
  if (!verdict.ok && verdict.problems.length) return `${label}: NOT verified: ${verdict.problems.join("; ")}.`;
  const parts = [];
  if (verdict.checked.length) parts.push(`verified: ${verdict.checked.join(", ")}`);
  if (verdict.unchecked.length) parts.push(`not checked: ${verdict.unchecked.join(", ")}`);
  return `${label}: ${parts.join("; ")}.`;
}

/** The "Fair shuffles" list on the page: one line per shuffle, updated when it is revealed. */
export class FairnessPanel {
  constructor(list, viewer, seats = 2) {
    this.list = list;
    this.ledger = new FairnessLedger(viewer, seats);
  }

  line(shuffle) {
    let item = this.list.querySelector(`[data-shuffle="${shuffle}"]`);
    if (!item) {
      item = document.createElement("li");
      item.dataset.shuffle = String(shuffle);
      this.list.append(item);
    }
    return item;
  }

  committed(data) {
    const known = this.ledger.shuffles.has(data.shuffle);
    this.ledger.committed(data);
    if (known) return; // a reconnect's hello repeats the commitment in use
    const item = this.line(data.shuffle);
    item.className = "pending";
    item.textContent = `Shuffle ${data.shuffle} (${data.purpose === "deal" ? "deal" : "cut for deal"}): committed to ${data.commitment.slice(0, 12)}…`;
  }

  async revealed(data) {
    const verdict = await this.ledger.revealed(data);
    const item = this.line(data.shuffle);
    // "verified" only when every check was made; a check that could not be made is said.
    item.className = verdict.problems.length ? "failed" : verdict.unchecked.length ? "partial" : "verified";
    const label = `Shuffle ${data.shuffle} (${data.purpose === "deal" ? "deal" : "cut for deal"})`;
    item.textContent = verdictText(label, verdict);
  }

  /**
   * Earlier frames fetched after a (re)connection: the shuffles and deals this page missed,
   * so the cut for deal and a first hand dealt before the page opened are listed and checked.
   */
  async history(frames) {
    const current = this.ledger.current;
    for (const frame of frames) await this.event(frame.event);
    if (current !== null && (this.ledger.current === null || this.ledger.current < current)) this.ledger.current = current;
  }

  /** Feed every event frame through here (each once: the page tracks which it fed). */
  event(event) {
    const { type, data } = event;
    if (type === "shuffle_committed") this.committed(data);
    else if (type === "shuffle_revealed") return this.revealed(data);
    else if (type === "hand_started") this.ledger.handStarted(data);
    else if (type === "starter_cut") this.ledger.starterCut(data);
    else if (type === "cut_for_deal") this.ledger.cutForDeal(data);
    return null;
  }
}
