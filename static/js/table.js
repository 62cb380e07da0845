// Rendering the table from the viewer's view: hands, crib, starter, the play, the show, the
// board and the end of a game. It draws what the server's view says and sends the player's
// choices back through `actions`; it never decides a rule (playable cards come from view.legal).

import { CribbageBoard } from "./board.js";
import { cardBackElement, cardElement, cardName, cardNames, loadCardOrder, saveCardOrder, sortCards } from "./cards.js";
import { ClaimPanel } from "./claims.js";
import { shortCard, skunkText, who } from "./log.js";
import { points, sayGo, sayItems } from "./speech.js";

const ITEM_STEP_MS = 700;
const KIND_LABELS = { fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "Nobs", "thirty-one": "Thirty-one" };

/** The show's sentence for one item: "Pair royal (5♥ 5♠ 5♦): 6". */
export function itemLine(item) {
  let label = KIND_LABELS[item.kind] || item.kind;
  if (item.kind === "pair" && item.points === 6) label = "Pair royal";
  if (item.kind === "pair" && item.points === 12) label = "Double pair royal";
  if (item.kind === "run") label = `Run of ${item.cards.length}`;
  return `${label} (${item.cards.map(shortCard).join(" ")}): ${item.points}`;
}

/**
 * What `seat` must do now, as badges ([kind, text]): discard, play, claim (the play's points or
 * his heels), count (a hand or the crib, manual scoring), the Muggins window, and "Go" while the
 * series it said go in lasts. Read from the view's fields, never from the whole `to_act`, so a
 * seat counting its hand is not told "To play".
 */
export function seatBadges(view, seat) {
  if (view.phase === "match_over") return [];
  const badges = [];
  if (view.phase === "discard" && !view.discarded[seat]) badges.push(["turn", "To discard"]);
  const pending = view.pending_claim;
  if (pending && pending.seat === seat) badges.push(["turn", pending.subject === "hand" || pending.subject === "crib" ? "To count" : "To claim"]);
  else if (view.phase === "play" && view.turn === seat) badges.push(["turn", "To play"]);
  if (view.muggins && view.muggins.seat === seat) badges.push(["muggins", "Muggins window"]);
  // The engine keeps who said go until the count restarts; once the play is over it means nothing.
  if (view.phase === "play" && view.go[seat]) badges.push(["go", "Go"]);
  return badges;
}

/** How a match that did not end on points ended, from the viewer's side, or null. */
export function endingLine(view, name) {
  if (view.phase !== "match_over" || view.winner === null) return null;
  const loser = 1 - view.winner;
  const you = loser === view.viewer;
  if (view.end_reason === "resigned") return `The match ended by ${you ? "your" : `${name(loser)}'s`} resignation.`;
  if (view.end_reason === "abandoned") {
    return you ? "You left the table while the game waited on you, and the win was claimed." : `${name(loser)} left the table while the game waited on them, and the win was claimed.`;
  }
  return null;
}

/**
 * The spoken and shown score line (an aria-live region). Several can arrive in one burst (a
 * last card, then three shows): each is held for a moment so people and screen readers catch
 * every one, a long backlog speeds up, and nothing lingers: the last line is cleared a while
 * after it was said, and at once when a new phase or hand begins, so "Starter: ace of spades"
 * is not still up during the next hand's discard. A line still being held is never cut short.
 */
export class Announcer {
  constructor(element, { holdMs = 1500, fastMs = 500, lingerMs = 4000, backlog = 3 } = {}) {
    this.element = element;
    this.holdMs = holdMs;
    this.fastMs = fastMs;
    this.lingerMs = lingerMs;
    this.backlog = backlog;
    this.queue = []; // [{ text, hurry }]
    this.holding = false;
    this.timer = null;
  }

  say(text) {
    this.queue.push({ text, hurry: false });
    if (!this.holding) this.next();
  }

  /** A new phase or hand began: lines still waiting belong to the old one and hurry. */
  phaseChanged() {
    for (const item of this.queue) item.hurry = true;
    if (!this.holding) this.blank();
  }

  next() {
    clearTimeout(this.timer);
    const item = this.queue.shift();
    if (item === undefined) {
      this.holding = false;
      this.timer = setTimeout(() => this.blank(), this.lingerMs);
      return;
    }
    this.holding = true;
    this.element.textContent = item.text;
    this.element.classList.remove("flash");
    void this.element.offsetWidth; // restart the highlight animation
    this.element.classList.add("flash");
    const pause = item.hurry || this.queue.length > this.backlog ? this.fastMs : this.holdMs;
    this.timer = setTimeout(() => this.next(), pause);
  }

  blank() {
    clearTimeout(this.timer);
    this.timer = null;
    this.element.textContent = "";
    this.element.classList.remove("flash");
  }
}

export class Table {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions; // { discard(cards), play(card), claim(points), muggins() }
    this.view = null;
    this.players = [];
    this.board = null;
    this.boardVariant = null;
    this.selected = new Set();
    this.selectionHand = null;
    this.order = loadCardOrder(globalThis.localStorage, document.body.dataset.cardOrder);
    this.lastShow = null; // the previous hand's show, kept on screen while the next hand starts
    this.lastResult = null; // the last game's result, until dismissed
    this.animating = new Set(); // shown hands whose items are about to be stepped through
    this.stepFreeAt = 0; // when the show's highlighting is free for the next hand
    this.announcer = new Announcer(this.$("announce"));
    this.phaseKey = null; // game, hand and phase of the last view drawn
    this.claims = new ClaimPanel(this.$("claims"), {
      onClaim: (value) => this.actions.claim(value),
      onMuggins: () => this.actions.muggins(),
    });
    const orderSelect = this.$("card-order");
    if (orderSelect) {
      orderSelect.value = this.order;
      orderSelect.addEventListener("change", () => {
        this.order = orderSelect.value;
        saveCardOrder(this.order);
        if (this.view) this.renderHands();
      });
    }
  }

  $(id) {
    return this.root.querySelector(`#${id}`);
  }

  get nearSeat() {
    return this.view && this.view.viewer !== null ? this.view.viewer : 0;
  }

  get farSeat() {
    return 1 - this.nearSeat;
  }

  context() {
    return { viewer: this.view ? this.view.viewer : null, names: this.players.map((player) => player.name) };
  }

  name(seat) {
    return who(seat, this.context());
  }

  setPlayers(players) {
    this.players = players.map((player) => ({ ...player }));
    if (this.view) this.renderNames();
  }

  playerJoined(data) {
    const player = this.players.find((entry) => entry.seat === data.seat);
    if (player) player.name = data.name;
    else this.players.push({ seat: data.seat, name: data.name });
    const waiting = document.getElementById("waiting");
    if (waiting && this.players.every((entry) => entry.name)) waiting.hidden = true;
  }

  /** Before an event is applied: keep what the next view will have forgotten (the show, a result). */
  beforeEvent(event, before) {
    this.claims.event(event);
    if (event.type === "hand_started" && before && before.shown && before.shown.length) {
      this.lastShow = { starter: before.starter, shown: structuredClone(before.shown), game: before.game, hand: before.hand };
    }
  }

  /** After an event is applied: announcements and what stays on screen. */
  afterEvent(event, after) {
    const { type, data } = event;
    if (type === "hand_started") this.selected.clear();
    if (type === "starter_cut") this.lastShow = null;
    if (type === "game_ended") this.lastResult = { ...data, match_over: false };
    if (type === "match_ended" && this.lastResult) this.lastResult.match_over = true;
    if (type === "hand_shown") this.animating.add(`${after.game}-${after.hand}-${after.shown.length - 1}`);
    const announcement = this.announcementFor(event);
    if (announcement) this.announcer.say(announcement);
  }

  announcementFor({ type, data }) {
    switch (type) {
      case "card_played":
        return data.points ? `${this.name(data.seat)}: ${sayItems(data.items)}` : null;
      case "go":
        return `${this.name(data.seat)}: go`;
      case "go_scored":
        return `${this.name(data.seat)}: ${sayGo(data)}`;
      case "starter_cut":
        return data.heels ? `${cardName(data.card)}: two for his heels` : `Starter: ${cardName(data.card)}`;
      case "hand_shown":
        return data.total === undefined || data.total === null
          ? `${this.name(data.seat)} ${data.kind === "crib" ? "shows the crib" : "shows"}: ${cardNames(data.cards)}`
          : `${this.name(data.seat)}, ${data.kind}: ${sayItems(data.items)}${data.items.length > 1 ? ` (${points(data.total)})` : ""}`;
      case "muggins_called":
        return data.points ? `Muggins! ${this.name(data.seat)}: ${points(data.points)}` : null;
      case "game_ended":
        return `${this.name(data.winner)} ${data.winner === this.view.viewer ? "win" : "wins"} the game${skunkText(data.skunk)}`;
      case "match_ended":
        return `${this.name(data.winner)} ${data.winner === this.view.viewer ? "win" : "wins"} the match`;
      default:
        return null;
    }
  }

  /** Draw everything from a view. `animate` moves pegs smoothly (events), not on a fresh hello. */
  render(view, { animate = false } = {}) {
    // Redrawing replaces buttons; keep the keyboard where it was (an opponent's move must not
    // knock the focus off the card or button a player is on).
    const active = document.activeElement;
    const focus = active && this.root.contains(active) ? { id: active.id, card: active.dataset.card, inHand: active.closest("#hand-near") !== null } : null;
    this.renderAll(view, animate);
    if (focus && !this.root.contains(document.activeElement)) {
      let again = null;
      if (focus.inHand && focus.card) again = this.$("hand-near").querySelector(`[data-card="${focus.card}"]`);
      else if (focus.id) again = this.$(focus.id);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  renderAll(view, animate) {
    this.view = view;
    this.root.dataset.phase = view.phase;
    const phaseKey = `${view.game}-${view.hand}-${view.phase}`;
    if (phaseKey !== this.phaseKey) {
      this.phaseKey = phaseKey;
      this.announcer.phaseChanged();
    }
    document.body.dataset.variant = view.options.variant;
    this.renderBoard(animate);
    this.renderNames();
    this.renderHands();
    this.renderPlayArea();
    this.renderStatus();
    this.claims.render(view, this.context());
    this.renderShow();
    this.renderResult();
    this.renderResign();
  }

  /**
   * The page's one way to resign: two presses, so a stray tap cannot end a match. The first
   * arms it for 5 s ("Really resign?"); Escape, leaving the button or the time running out
   * disarms it.
   */
  renderResign() {
    const button = this.$("resign-button");
    if (!button) return;
    const { view } = this;
    const seated = this.players.length > 1 && this.players.every((player) => player.name);
    button.hidden = !(view.viewer !== null && view.phase !== "match_over" && seated);
    if (button.dataset.wired) return;
    button.dataset.wired = "true";
    let armed = null;
    const disarm = () => {
      clearTimeout(armed);
      armed = null;
      button.textContent = "Resign";
      button.classList.remove("armed");
    };
    button.addEventListener("click", () => {
      if (armed) {
        disarm();
        button.disabled = true;
        this.actions.resign();
        return;
      }
      button.textContent = "Really resign?";
      button.classList.add("armed");
      armed = setTimeout(disarm, 5000);
    });
    button.addEventListener("keydown", (keyEvent) => {
      if (keyEvent.key === "Escape" && armed) disarm();
    });
    button.addEventListener("blur", () => {
      if (armed) disarm();
    });
  }

  renderBoard(animate) {
    const { view } = this;
    const variant = view.options.variant;
    if (!this.board || this.boardVariant !== variant) {
      this.board = new CribbageBoard(this.$("board"), variant);
      this.boardVariant = variant;
      animate = false;
    }
    for (const [lane, seat] of [["near", this.nearSeat], ["far", this.farSeat]]) {
      this.board.update(lane, view.scores[seat], view.rear ? view.rear[seat] : null, { animate });
    }
    this.board.svg.setAttribute(
      "aria-label",
      `Cribbage board: ${this.name(this.nearSeat)} ${view.scores[this.nearSeat]}, ${this.name(this.farSeat)} ${view.scores[this.farSeat]}, playing to ${view.options.variant === "five" ? 61 : 121}`,
    );
  }

  playerLabel(seat) {
    const player = this.players.find((entry) => entry.seat === seat);
    const name = player && player.name ? player.name : "Waiting for a player…";
    return this.view.viewer === seat ? `${name} (you)` : name;
  }

  renderNames() {
    const { view } = this;
    if (!view) return;
    for (const [lane, seat] of [["near", this.nearSeat], ["far", this.farSeat]]) {
      this.$(`name-${lane}`).textContent = this.playerLabel(seat);
      const badges = [];
      if (view.dealer !== null && view.phase !== "cut_for_deal") badges.push(view.dealer === seat ? ["dealer", "Dealer"] : ["pone", "Pone"]);
      badges.push(...seatBadges(view, seat));
      if (view.phase !== "cut_for_deal") {
        const held = view.held_counts[seat];
        badges.push(["count", `${held} card${held === 1 ? "" : "s"}`]);
      }
      if (view.match_scores && view.options.match_target > 1) badges.push(["match", `Match ${view.match_scores[seat]}`]);
      this.$(`badges-${lane}`).replaceChildren(
        ...badges.map(([kind, text]) => {
          const badge = document.createElement("span");
          badge.className = `badge badge-${kind}`;
          badge.textContent = text;
          return badge;
        }),
      );
      this.$(`zone-${lane}`).classList.toggle("active", view.to_act.includes(seat));
    }
    if (this.board) this.board.setNames(this.playerLabel(this.nearSeat), this.playerLabel(this.farSeat));
  }

  renderHands() {
    const { view } = this;
    const handKey = `${view.game}-${view.hand}`;
    if (this.selectionHand !== handKey || !view.legal.discard) {
      if (this.selectionHand !== handKey || view.phase !== "discard") this.selected.clear();
      this.selectionHand = handKey;
    }
    // The opponent's hand: backs with a count.
    const farCount = view.held_counts[this.farSeat];
    const far = this.$("hand-far");
    far.replaceChildren(...Array.from({ length: farCount }, () => cardBackElement({ extraClass: "small" })));
    far.setAttribute("aria-label", `${this.name(this.farSeat)} holds ${farCount} card${farCount === 1 ? "" : "s"}`);
    far.setAttribute("role", "img");
    far.dataset.count = String(farCount);

    const near = this.$("hand-near");
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
    const signature = JSON.stringify([view.cards, view.cards === null ? view.held_counts[this.nearSeat] : null, this.order, [...this.selected], view.legal.discard, view.legal.play]);
    const unchanged = !this.handTouched && signature === this.handSignature;
    this.handSignature = signature;
    this.handTouched = false;
    const focusedCard = document.activeElement && near.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    if (unchanged) {
      // Nothing to redraw in the viewer's own hand.
    } else if (view.cards === null) {
      const count = view.held_counts[this.nearSeat];
      near.replaceChildren(...Array.from({ length: count }, () => cardBackElement()));
      near.setAttribute("aria-label", `${this.name(this.nearSeat)} holds ${count} cards`);
    } else {
      const cards = sortCards(view.cards, this.order);
      const playable = new Set(view.legal.play);
      near.replaceChildren(
        ...cards.map((card) => {
          const button = cardElement(card, { button: true });
          if (view.legal.discard) {
            const chosen = this.selected.has(card);
            button.classList.toggle("selected", chosen);
            button.setAttribute("aria-pressed", String(chosen));
            button.addEventListener("click", () => this.toggleDiscard(card));
          } else if (playable.has(card)) {
            button.classList.add("playable");
            button.setAttribute("aria-label", `Play ${cardName(card)}`);
            button.addEventListener("click", () => {
              for (const other of near.querySelectorAll("button")) other.disabled = true;
              this.handTouched = true; // redraw next time, even if the server refuses the card
              this.actions.play(card);
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
    this.renderCrib();
    this.renderActionsBar();
  }

  toggleDiscard(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < 2) this.selected.add(card);
    else {
      // A third pick replaces the earliest, so a tap always does something visible.
      const [first] = this.selected;
      this.selected.delete(first);
      this.selected.add(card);
    }
    this.renderHands();
    const again = this.$("hand-near").querySelector(`[data-card="${card}"]`);
    if (again) again.focus({ preventScroll: true });
  }

  renderCrib() {
    const { view } = this;
    for (const [lane, seat] of [["near", this.nearSeat], ["far", this.farSeat]]) {
      const crib = this.$(`crib-${lane}`);
      const isDealer = view.dealer === seat && view.phase !== "cut_for_deal";
      const crib_shown = view.shown.some((entry) => entry.kind === "crib");
      if (!isDealer || view.crib_count === 0 || crib_shown) {
        crib.replaceChildren();
        crib.hidden = true;
        continue;
      }
      crib.hidden = false;
      const stack = document.createElement("div");
      stack.className = "crib-stack";
      for (let i = 0; i < view.crib_count; i += 1) stack.append(cardBackElement({ extraClass: "small" }));
      const label = document.createElement("span");
      label.className = "box-label";
      label.textContent = `${seat === view.viewer ? "Your" : `${this.name(seat)}'s`} crib (${view.crib_count})`;
      crib.replaceChildren(label, stack);
      crib.setAttribute("aria-label", label.textContent);
    }
  }

  renderActionsBar() {
    const { view } = this;
    const bar = this.$("actions-bar");
    if (!view.legal.discard) {
      bar.replaceChildren();
      this.barSignature = null;
      return;
    }
    const whose = view.dealer === view.viewer ? "your" : `${this.name(view.dealer)}'s`;
    const signature = JSON.stringify([whose, [...this.selected]]);
    if (!this.barTouched && signature === this.barSignature && bar.childElementCount) return;
    this.barSignature = signature;
    this.barTouched = false;
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = this.selected.size === 2 ? `Put ${cardNames([...this.selected])} in ${whose} crib.` : `Choose two cards for ${whose} crib (${this.selected.size} of 2).`;
    const button = document.createElement("button");
    button.type = "button";
    button.id = "discard-button";
    button.textContent = "Discard to crib";
    button.disabled = this.selected.size !== 2;
    button.addEventListener("click", () => {
      button.disabled = true;
      this.barTouched = true;
      this.actions.discard([...this.selected]);
    });
    bar.replaceChildren(hint, button);
  }

  renderPlayArea() {
    const { view } = this;
    const starter = this.$("starter");
    if (view.starter) starter.replaceChildren(cardElement(view.starter, { extraClass: "starter-card" }));
    else if (view.phase === "discard" || view.phase === "play") starter.replaceChildren(cardBackElement({ extraClass: "deck" }));
    else starter.replaceChildren();
    this.$("count").textContent = String(view.count);
    this.$("count").setAttribute("aria-label", `Count ${view.count}`);

    // The cards of this hand by player, in the order played; earlier series are turned down.
    const series = this.$("series");
    const currentStart = view.played.length - view.series.length;
    const rows = [this.farSeat, this.nearSeat].map((seat) => {
      const row = document.createElement("div");
      row.className = `series-row series-${seat === this.nearSeat ? "near" : "far"}`;
      row.dataset.seat = String(seat);
      const label = document.createElement("span");
      label.className = "series-label";
      label.textContent = view.phase === "play" && view.go[seat] ? `${this.name(seat)} · Go` : this.name(seat);
      row.append(label);
      const cards = document.createElement("div");
      cards.className = "series-cards";
      view.played.forEach(([player, card], index) => {
        if (player !== seat) return;
        const current = index >= currentStart;
        const element = cardElement(card, { extraClass: current ? "small in-series" : "small old-series" });
        element.style.order = String(index);
        cards.append(element);
      });
      row.append(cards);
      return row;
    });
    series.replaceChildren(...rows);
  }

  renderStatus() {
    const { view } = this;
    const line = this.$("status-line");
    const you = view.viewer;
    let text = "";
    if (view.phase === "cut_for_deal") text = view.cuts ? "Cutting for deal…" : "Waiting for both players…";
    else if (view.phase === "discard") {
      if (view.legal.discard) text = "Choose two cards to discard.";
      else {
        const waiting = view.to_act.map((seat) => this.name(seat));
        text = waiting.length ? `Waiting for ${waiting.join(" and ")} to discard.` : "";
      }
    } else if (view.phase === "play") {
      if (view.pending_claim) text = view.pending_claim.seat === you ? "Claim your points." : `Waiting for ${this.name(view.pending_claim.seat)} to claim.`;
      else if (view.turn === you) text = `Your turn: play a card (count ${view.count}).`;
      else if (view.turn !== null) text = `${this.name(view.turn)} to play.`;
    } else if (view.phase === "show") {
      text = view.pending_claim ? (view.pending_claim.seat === you ? "Count your points and claim them." : `Waiting for ${this.name(view.pending_claim.seat)} to count.`) : "The show.";
    } else if (view.phase === "match_over") text = "The match is over.";
    if (view.muggins && view.muggins.seat === you) text = `${text} You may call Muggins.`.trim();
    line.textContent = text;
  }

  renderShow() {
    const { view } = this;
    const panel = this.$("show-panel");
    let source = null;
    let title = "The show";
    if (view.shown.length) source = { starter: view.starter, shown: view.shown, game: view.game, hand: view.hand };
    else if (this.lastShow) {
      source = this.lastShow;
      title = "Last hand's show";
    }
    if (!source) {
      panel.hidden = true;
      panel.replaceChildren();
      this.showNodes = null;
      return;
    }
    panel.hidden = false;
    const heading = document.createElement("div");
    heading.className = "show-heading";
    const h2 = document.createElement("h2");
    h2.textContent = title;
    heading.append(h2);
    if (source === this.lastShow) {
      const hide = document.createElement("button");
      hide.type = "button";
      hide.className = "secondary";
      hide.id = "hide-show";
      hide.textContent = "Hide";
      hide.addEventListener("click", () => {
        this.lastShow = null;
        this.renderShow();
      });
      heading.append(hide);
    }
    // Keep the nodes of hands already on screen, so their item-by-item highlighting runs on.
    const kept = new Map();
    const entries = source.shown.map((shown, index) => {
      const key = `${source.game}-${source.hand}-${index}-${shown.total}-${shown.seat === this.view.viewer}`;
      const node = (this.showNodes && this.showNodes.get(key)) || this.showEntry(source, shown, index);
      kept.set(key, node);
      return node;
    });
    this.showNodes = kept;
    panel.replaceChildren(heading, ...entries);
  }

  showEntry(source, shown, index) {
    const entry = document.createElement("article");
    entry.className = `shown shown-${shown.kind}`;
    entry.dataset.seat = String(shown.seat);
    entry.dataset.kind = shown.kind;
    const title = document.createElement("h3");
    const owner = shown.seat === this.view.viewer ? "Your" : `${this.name(shown.seat)}'s`;
    title.textContent = `${owner} ${shown.kind}`;
    const cards = document.createElement("div");
    cards.className = "shown-cards";
    for (const card of shown.cards) cards.append(cardElement(card, { extraClass: "small" }));
    if (source.starter) cards.append(cardElement(source.starter, { extraClass: "small shown-starter" }));
    const list = document.createElement("ol");
    list.className = "shown-items";
    const total = document.createElement("p");
    total.className = "shown-total";
    if (shown.items === null || shown.items === undefined) {
      total.textContent = "Counting…";
    } else {
      for (const item of shown.items) {
        const li = document.createElement("li");
        li.textContent = itemLine(item);
        li.tabIndex = 0;
        li.dataset.cards = item.cards.join(" ");
        li.dataset.kind = item.kind;
        li.dataset.points = String(item.points);
        const light = (on) => {
          for (const element of cards.querySelectorAll(".card")) element.classList.toggle("highlight", on && item.cards.includes(element.dataset.card));
        };
        li.addEventListener("mouseenter", () => light(true));
        li.addEventListener("mouseleave", () => light(false));
        li.addEventListener("focus", () => light(true));
        li.addEventListener("blur", () => light(false));
        list.append(li);
      }
      total.innerHTML = `<strong>${points(shown.total)}</strong><span class="said"></span>`;
      total.querySelector(".said").textContent = shown.items.length ? `: ${sayItems(shown.items)}` : "";
      total.dataset.total = String(shown.total);
      const key = `${source.game}-${source.hand}-${index}`;
      if (this.animating.has(key)) {
        this.animating.delete(key);
        this.stepThrough(list, cards);
      }
    }
    entry.append(title, cards, list, total);
    return entry;
  }

  /** Highlight the scoring cards item by item, as a player counting aloud points at them. */
  stepThrough(list, cards) {
    const items = [...list.children];
    // Hands shown together are counted one after the other, pone first, as at a real table.
    const start = Math.max(0, this.stepFreeAt - Date.now());
    this.stepFreeAt = Date.now() + start + items.length * ITEM_STEP_MS + 400;
    items.forEach((li, index) => {
      setTimeout(() => {
        items.forEach((other) => other.classList.toggle("current", other === li));
        const wanted = li.dataset.cards.split(" ");
        for (const element of cards.querySelectorAll(".card")) element.classList.toggle("highlight", wanted.includes(element.dataset.card));
      }, start + index * ITEM_STEP_MS);
    });
    setTimeout(() => {
      items.forEach((li) => li.classList.remove("current"));
      for (const element of cards.querySelectorAll(".card")) element.classList.remove("highlight");
    }, start + items.length * ITEM_STEP_MS + 400);
  }

  renderResult() {
    const { view } = this;
    const panel = this.$("result-panel");
    const result = view.game_result ? { ...view.game_result, match_scores: view.match_scores } : this.lastResult;
    const matchOver = view.phase === "match_over";
    if (!result && !matchOver) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    panel.hidden = false;
    const box = document.createElement("div");
    box.className = "result-box";
    const heading = document.createElement("h2");
    const lines = [];
    if (matchOver) {
      heading.textContent = view.winner === view.viewer ? "You won the match!" : `${this.name(view.winner)} won the match`;
      lines.push(`Match points: ${this.name(this.nearSeat)} ${view.match_scores[this.nearSeat]}, ${this.name(this.farSeat)} ${view.match_scores[this.farSeat]}.`);
      const ending = endingLine(view, (seat) => this.name(seat));
      if (ending) lines.push(ending);
    } else {
      heading.textContent = result.winner === view.viewer ? "You won the game!" : `${this.name(result.winner)} won the game`;
    }
    if (result) {
      const loser = 1 - result.winner;
      lines.push(`Final score ${result.scores[result.winner]} to ${result.scores[loser]}${skunkText(result.skunk)}: ${points(result.match_points)} to ${result.winner === view.viewer ? "you" : this.name(result.winner)}.`);
    }
    box.append(heading);
    for (const text of lines) {
      const p = document.createElement("p");
      p.textContent = text;
      box.append(p);
    }
    const actions = document.createElement("div");
    actions.className = "actions";
    if (matchOver) {
      const lobby = document.createElement("a");
      lobby.href = this.root.dataset.lobbyUrl || "/";
      lobby.className = "button";
      lobby.id = "back-to-lobby";
      lobby.textContent = "Back to the lobby";
      actions.append(lobby);
    } else {
      const next = document.createElement("button");
      next.type = "button";
      next.className = "secondary";
      next.textContent = "Next game";
      next.addEventListener("click", () => {
        this.lastResult = null;
        this.renderResult();
      });
      actions.append(next);
    }
    box.append(actions);
    panel.replaceChildren(box);
  }
}
