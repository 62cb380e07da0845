// Keyboard commands at the table: one letter reads a part of the table aloud (through a live
// region), a digit chooses a card from the hand as it is drawn, Enter sends a discard, and `?`
// shows the list. Everything read comes from the view; a card chosen goes through the same
// path as a click (the hand's buttons), so the keys can never do what the mouse cannot.

import { cardName, cardNames, cardValue, sortCards } from "../cards.js";
import { statusText } from "./status.js";

/** The commands in the order the key list shows them: [key label, what it does]. */
export const KEY_COMMANDS = [
  ["H", "Your hand"],
  ["S", "Scores and the points each player still needs"],
  ["C", "The count and the cards played since it started"],
  ["L", "The last card played"],
  ["T", "The starter"],
  ["W", "Whose turn it is, or what the table waits for"],
  ["G", "Who has said Go"],
  ["1 to 6", "Choose the card at that place in your hand (to discard, or to play)"],
  ["Enter", "Send the chosen cards to the crib"],
  ["?", "Show or hide this list"],
];

const GAME_TARGET = { six: 121, five: 61 };

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * What a letter key says about a view, or null for a key that is not a reading command.
 * `name(seat)` names a seat from the viewer's side ("You", "bob"); `order` is the hand's order.
 */
export function keyAnswer(key, { view, name, order = "ascending" }) {
  if (!view) return "The table is not ready yet.";
  switch (key.toLowerCase()) {
    case "h": {
      if (view.cards === null) return "You are watching: no hand of yours.";
      if (view.cards.length === 0) return "Your hand is empty.";
      const cards = sortCards(view.cards, order);
      return `Your hand: ${cards.map((card, index) => `${index + 1}, ${cardName(card)}`).join("; ")}.`;
    }
    case "s": {
      const target = GAME_TARGET[view.options.variant] || 121;
      const parts = view.seats.map((seat) => {
        const score = view.scores[seat];
        const left = Math.max(0, target - score);
        return `${name(seat)} ${score}, ${left} to go`;
      });
      const games = view.seats.map((seat) => `${name(seat)} ${view.match_scores[seat]}`).join(", ");
      return `Scores: ${parts.join("; ")}. Game to ${target}. Match points: ${games}.`;
    }
    case "c": {
      if (view.phase !== "play") return `Count ${view.count}. Not in the play.`;
      if (view.series.length === 0) return `Count ${view.count}, no cards played since it started.`;
      const laid = view.series.map(([seat, card]) => `${name(seat)} ${cardName(card)}`).join(", ");
      return `Count ${view.count}: ${laid}.`;
    }
    case "l": {
      const last = view.played[view.played.length - 1];
      if (!last) return "No card played yet this hand.";
      return `Last played: ${cardName(last[1])}, by ${name(last[0])}.`;
    }
    case "t":
      return view.starter ? `Starter: ${cardName(view.starter)}.` : "No starter yet.";
    case "w": {
      const status = statusText(view, name);
      if (status) return status;
      return view.to_act.length ? `Waiting for ${view.to_act.map(name).join(" and ")}.` : "Nobody is to act.";
    }
    case "g": {
      if (view.phase !== "play") return "Go is only said in the play.";
      const said = view.seats.filter((seat) => view.go[seat]);
      if (said.length === 0) return "Nobody has said Go.";
      return `${said.map(name).join(" and ")} said Go.`;
    }
    default:
      return null;
  }
}

/**
 * What choosing the card at `place` (1-based) does: {card, act: "discard" | "play"} or
 * {refusal} with the sentence to say.
 */
export function cardChoice(place, { view, order = "ascending" }) {
  if (!view || view.cards === null) return { refusal: "You are watching: no hand of yours." };
  const cards = sortCards(view.cards, order);
  const card = cards[place - 1];
  if (card === undefined) return { refusal: `You hold ${plural(cards.length, "card")}: no card ${place}.` };
  if (view.legal.discard) return { card, act: "discard" };
  if (view.legal.play.includes(card)) return { card, act: "play" };
  if (view.phase === "play" && view.turn === view.viewer && view.pending_claim === null) {
    return { refusal: `The ${cardName(card)} would take the count past 31 (count ${view.count}, card ${cardValue(card)}).` };
  }
  return { refusal: `Not now: ${cardName(card)} cannot be chosen.` };
}

// Where typing means text (the chat, a manual claim's number): keys there are the field's own.
const TEXT_ENTRY = "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable=''], [contenteditable='true']";

/** Keys typed into a field, or with a modifier, belong to the page, not to the table. */
function ignored(keyEvent) {
  if (keyEvent.ctrlKey || keyEvent.metaKey || keyEvent.altKey) return true;
  const target = keyEvent.target;
  if (!(target instanceof Element)) return false;
  return target.closest(TEXT_ENTRY) !== null;
}

/** The table's keyboard: listens on the document, answers in a live region of its own. */
export class KeyCommands {
  /** `table` gives `view`, `name(seat)`, `hands` and `$`. */
  constructor(table, { button, panel, answer }) {
    this.table = table;
    this.button = button;
    this.panel = panel;
    this.answer = answer;
    if (panel) this.renderPanel();
    if (button) button.addEventListener("click", () => this.toggleList());
    document.addEventListener("keydown", (keyEvent) => this.onKey(keyEvent));
  }

  renderPanel() {
    const title = document.createElement("h2");
    title.id = "keys-title";
    title.textContent = "Keys";
    const list = document.createElement("dl");
    list.className = "key-list";
    for (const [key, does] of KEY_COMMANDS) {
      const term = document.createElement("dt");
      const kbd = document.createElement("kbd");
      kbd.textContent = key;
      term.append(kbd);
      const description = document.createElement("dd");
      description.textContent = does;
      list.append(term, description);
    }
    this.panel.replaceChildren(title, list);
  }

  toggleList() {
    if (!this.panel) return;
    this.panel.hidden = !this.panel.hidden;
    if (this.button) this.button.setAttribute("aria-expanded", String(!this.panel.hidden));
    this.say(this.panel.hidden ? "Key list hidden." : "Key list shown.");
  }

  /** Say a line now. The same text twice in a row is still read: the region is emptied first. */
  say(text) {
    this.answer.textContent = "";
    requestAnimationFrame(() => {
      this.answer.textContent = text;
    });
    this.answer.dataset.said = text;
  }

  onKey(keyEvent) {
    if (ignored(keyEvent)) return;
    const { key } = keyEvent;
    const context = { view: this.table.view, name: (seat) => this.table.name(seat), order: this.table.hands.order };
    if (key === "?") {
      this.toggleList();
      keyEvent.preventDefault();
      return;
    }
    if (/^[1-6]$/.test(key)) {
      this.choose(Number(key), context);
      keyEvent.preventDefault();
      return;
    }
    if (key === "Enter" || key === " ") {
      if (this.confirmDiscard(keyEvent)) keyEvent.preventDefault();
      return;
    }
    const line = key.length === 1 ? keyAnswer(key, context) : null;
    if (line !== null) {
      this.say(line);
      keyEvent.preventDefault();
    }
  }

  choose(place, context) {
    const choice = cardChoice(place, context);
    if (choice.refusal) {
      this.say(choice.refusal);
      return;
    }
    const { hands } = this.table;
    if (choice.act === "discard") {
      hands.toggleDiscard(choice.card);
      const chosen = [...hands.selected];
      this.say(chosen.length ? `Chosen for the crib: ${cardNames(chosen)} (${chosen.length} of ${hands.throwSize}).` : "No card chosen.");
      return;
    }
    const button = this.table.$("hand-near").querySelector(`[data-card="${choice.card}"]`);
    if (button && !button.disabled) {
      this.say(`You play the ${cardName(choice.card)}.`);
      button.click();
    }
  }

  /**
   * Enter sends the chosen cards from anywhere but another control (where it means that control);
   * on a card of the hand it sends too, since choosing is done. Space only from the page itself.
   */
  confirmDiscard(keyEvent) {
    const { view, hands } = this.table;
    if (!view || !view.legal.discard || hands.selected.size !== hands.throwSize) return false;
    const target = keyEvent.target instanceof Element ? keyEvent.target : null;
    const onControl = target && target.closest("button, a, summary, input, [role='button']");
    const onHandCard = target && target.closest("#hand-near");
    if (keyEvent.key === " " ? onControl : onControl && !onHandCard) return false;
    const button = this.table.$("discard-button");
    if (!button || button.disabled) return false;
    this.say(`You discard ${cardNames([...hands.selected])}.`);
    button.click();
    return true;
  }
}
