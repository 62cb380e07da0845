// The hands region: the viewer's own hand (cards to choose for the crib or to play, in the
// chosen order, arrow keys along it), the other hands as backs with a count, the crib beside
// its dealer, and the discard bar. A new deal's cards come in one after another (CSS, none
// under prefers-reduced-motion).

import { cardBackElement, cardElement, cardName, cardNames, labelCard, listed, loadCardOrder, saveCardOrder, sortCards } from "../cards.js";

/**
 * A crib before the show, for a screen reader: the viewer's own cards in it by name (it threw
 * them), the others as a count: "Your crib: five of hearts, king of spades and 2 unknown".
 */
export function cribDescription(owner, thrown, count) {
  if (!thrown.length) return `${owner} crib (${count})`;
  const parts = thrown.map(cardName);
  const unknown = count - thrown.length;
  if (unknown > 0) parts.push(`${unknown} unknown`);
  return `${owner} crib: ${listed(parts)}`;
}

export class Hands {
  /** `table` gives `$`, `view`, `name(seat)`, `nearSeat`, `lanes()` and `actions`. */
  constructor(table) {
    this.table = table;
    this.selected = new Set();
    this.selectionHand = null;
    this.discardSent = null; // the hand whose throw went to the server, unanswered yet
    this.order = loadCardOrder(globalThis.localStorage, document.body.dataset.cardOrder);
    this.handSignature = null;
    this.handTouched = false; // redraw next time even if nothing seems to have changed
    this.barSignature = null;
    this.barTouched = false;
    const orderSelect = table.$("card-order");
    if (orderSelect) {
      orderSelect.value = this.order;
      orderSelect.addEventListener("change", () => {
        this.order = orderSelect.value;
        saveCardOrder(this.order);
        if (this.table.view) this.render();
      });
    }
  }

  /** A new hand was dealt: what was chosen from the last one is forgotten. */
  handStarted() {
    this.selected.clear();
    this.discardSent = null;
  }

  /** The server refused an action: a throw sent and refused may be chosen and sent again. */
  refused() {
    this.discardSent = null;
    this.handTouched = true;
    this.barTouched = true;
  }

  /** Whether the viewer's throw is on its way: the hand is locked so a second tap cannot undo
   * the choice the server is about to apply. */
  get sending() {
    return this.discardSent !== null;
  }

  render({ animate = false } = {}) {
    const { view } = this.table;
    this.animate = animate;
    const handKey = `${view.game}-${view.hand}`;
    if (this.selectionHand !== handKey || !view.legal.discard) {
      if (this.selectionHand !== handKey || view.phase !== "discard") this.selected.clear();
      this.selectionHand = handKey;
    }
    if (this.discardSent !== null && (this.discardSent !== handKey || !view.legal.discard)) this.discardSent = null;
    this.renderFarHand();
    this.renderNearHand();
    this.renderCribs();
    this.renderDiscardBar();
  }

  /** The other players' hands: backs with a count, in each seat's zone. */
  renderFarHand() {
    const { view } = this.table;
    for (const [lane, seat] of this.table.lanes()) {
      if (lane === "near") continue;
      const count = view.held_counts[seat];
      const far = this.table.$(`hand-${lane}`);
      // Redrawn only when the count changed: every event renders the table, and replacing
      // the same backs made the page restyle and repaint them each time.
      if (far.childElementCount !== count) {
        far.replaceChildren(...Array.from({ length: count }, () => cardBackElement({ extraClass: "small" })));
      }
      far.setAttribute("aria-label", `${this.table.name(seat)} holds ${count} card${count === 1 ? "" : "s"}`);
      far.setAttribute("role", "img");
      far.dataset.count = String(count);
    }
  }

  /** How many cards the viewer lays away now: the view's `legal.throw` (two with two players,
   * one with three or four, two for the three-player dealer who takes six). */
  get throwSize() {
    return this.table.view.legal.throw;
  }

  renderNearHand() {
    const { view, nearSeat } = this.table;
    const near = this.table.$("hand-near");
    if (!near.dataset.arrows) {
      // Arrow keys move along the hand, as in a toolbar; Tab still leaves it.
      near.dataset.arrows = "true";
      near.addEventListener("keydown", (keyEvent) => {
        if (keyEvent.key !== "ArrowLeft" && keyEvent.key !== "ArrowRight") return;
        const buttons = [...near.querySelectorAll("button:not(:disabled)")];
        const index = buttons.indexOf(document.activeElement);
        if (index < 0 || buttons.length === 0) return;
        const step = keyEvent.key === "ArrowRight" ? 1 : -1;
        buttons[(index + step + buttons.length) % buttons.length].focus();
        keyEvent.preventDefault();
      });
    }
    // Rebuild the hand only when something about it changed: replacing a button between a key's
    // press and its release would swallow the keystroke.
    const signature = JSON.stringify([view.cards, view.cards === null ? view.held_counts[nearSeat] : null, this.order, [...this.selected], view.legal.discard, view.legal.play, this.sending]);
    const unchanged = !this.handTouched && signature === this.handSignature;
    this.handSignature = signature;
    this.handTouched = false;
    if (unchanged) return;
    const focusedCard = document.activeElement && near.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    if (view.cards === null) {
      const count = view.held_counts[nearSeat];
      near.replaceChildren(...Array.from({ length: count }, () => cardBackElement()));
      near.setAttribute("aria-label", `${this.table.name(nearSeat)} holds ${count} cards`);
      return;
    }
    const playable = new Set(view.legal.play);
    // Cards not in the hand drawn before were just dealt: they come in, one after another.
    const drawnBefore = new Set([...near.querySelectorAll("[data-card]")].map((element) => element.dataset.card));
    near.replaceChildren(
      ...sortCards(view.cards, this.order).map((card, position) => {
        const button = cardElement(card, { button: true });
        if (this.animate && !drawnBefore.has(card)) {
          button.classList.add("just-dealt");
          button.style.setProperty("--deal-delay", `${position * 60}ms`);
        }
        if (view.legal.discard) {
          const chosen = this.selected.has(card);
          button.classList.toggle("selected", chosen);
          button.setAttribute("aria-pressed", String(chosen));
          if (this.sending) button.disabled = true;
          else button.addEventListener("click", () => this.toggleDiscard(card));
        } else if (playable.has(card)) {
          button.classList.add("playable");
          labelCard(button, `Play ${cardName(card)}`);
          button.addEventListener("click", () => {
            for (const other of near.querySelectorAll("button")) other.disabled = true;
            this.handTouched = true; // redraw next time, even if the server refuses the card
            this.table.actions.play(card);
          });
        } else {
          button.disabled = true;
        }
        return button;
      }),
    );
    if (focusedCard) {
      const again = near.querySelector(`[data-card="${focusedCard}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  toggleDiscard(card) {
    if (this.sending) return;
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < this.throwSize) this.selected.add(card);
    else {
      // One pick too many replaces the earliest, so a tap always does something visible.
      const [first] = this.selected;
      this.selected.delete(first);
      this.selected.add(card);
    }
    this.render();
    const again = this.table.$("hand-near").querySelector(`[data-card="${card}"]`);
    if (again) again.focus({ preventScroll: true });
  }

  /**
   * The crib beside its dealer until it is shown: the viewer's own throw face up (it saw those
   * cards), the other seats' cards face down.
   */
  renderCribs() {
    const { view } = this.table;
    const cribShown = view.shown.some((entry) => entry.kind === "crib");
    for (const [lane, seat] of this.table.lanes()) {
      const crib = this.table.$(`crib-${lane}`);
      const isDealer = view.dealer === seat && view.phase !== "cut_for_deal";
      if (!isDealer || view.crib_count === 0 || cribShown) {
        crib.replaceChildren();
        crib.hidden = true;
        continue;
      }
      crib.hidden = false;
      const own = view.thrown || [];
      const stack = document.createElement("div");
      stack.className = "crib-stack";
      for (const card of own) {
        const face = cardElement(card, { extraClass: "small" });
        face.setAttribute("aria-hidden", "true"); // named in the crib's own label
        stack.append(face);
      }
      for (let i = own.length; i < view.crib_count; i += 1) stack.append(cardBackElement({ extraClass: "small" }));
      const owner = seat === view.viewer ? "Your" : `${this.table.name(seat)}'s`;
      const label = document.createElement("span");
      label.className = "box-label";
      label.textContent = `${owner} crib (${view.crib_count})`;
      crib.replaceChildren(label, stack);
      crib.setAttribute("role", "group");
      crib.setAttribute("aria-label", cribDescription(owner, own, view.crib_count));
    }
  }

  /** The hint and the button that sends the chosen cards (two, or one at a bigger table) to the crib. */
  renderDiscardBar() {
    const { view } = this.table;
    const bar = this.table.$("actions-bar");
    if (!view.legal.discard) {
      bar.replaceChildren();
      this.barSignature = null;
      return;
    }
    const whose = view.dealer === view.viewer ? "your" : `${this.table.name(view.dealer)}'s`;
    const signature = JSON.stringify([whose, [...this.selected], this.sending]);
    if (!this.barTouched && signature === this.barSignature && bar.childElementCount) return;
    this.barSignature = signature;
    this.barTouched = false;
    const hint = document.createElement("span");
    hint.className = "hint";
    const size = this.throwSize;
    const wanted = size === 2 ? "two cards" : "one card";
    if (this.sending) hint.textContent = `Sending ${cardNames([...this.selected])} to ${whose} crib…`;
    else hint.textContent = this.selected.size === size ? `Put ${cardNames([...this.selected])} in ${whose} crib.` : `Choose ${wanted} for ${whose} crib (${this.selected.size} of ${size}).`;
    const button = document.createElement("button");
    button.type = "button";
    button.id = "discard-button";
    button.textContent = "Discard to crib";
    button.disabled = this.sending || this.selected.size !== size;
    button.addEventListener("click", () => {
      if (this.sending || this.selected.size !== size) return;
      this.discardSent = `${view.game}-${view.hand}`;
      this.table.actions.discard([...this.selected]);
      this.render();
    });
    bar.replaceChildren(hint, button);
  }
}
