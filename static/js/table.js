// The table, drawn from the viewer's view by region: the board (table/board-panel.js), each
// seat's zone (table/seat-zones.js), the hands and crib (table/hands.js), the play area
// (table/play-area.js), the claims (claims.js), the show (table/show.js), the status line
// (table/status.js), the result (table/result.js), the Resign button (table/resign.js), the
// spoken score line (table/announcer.js), the keyboard commands (table/keys.js) and the discard
// hint (table/hint.js). This class only composes them: it keeps the view and
// the players, and says which seat sits where. No region decides a rule (playable cards come
// from view.legal); the player's choices go back through `actions`.

import { ClaimPanel } from "./claims.js";
import { who } from "./log.js";
import { laneSeats, nearSeatOf, onScreen, otherSeats } from "./seats.js";
import { Announcer, announcementFor, urgencyOf } from "./table/announcer.js";
import { BoardPanel } from "./table/board-panel.js";
import { Hands } from "./table/hands.js";
import { HintPanel } from "./table/hint.js";
import { KeyCommands } from "./table/keys.js";
import { renderPlayArea } from "./table/play-area.js";
import { renderResign } from "./table/resign.js";
import { ResultPanel } from "./table/result.js";
import { renderSeatZones } from "./table/seat-zones.js";
import { SHOW_HOLD_MS, ShowPanel } from "./table/show.js";
import { renderStatus } from "./table/status.js";

export class Table {
  constructor(root, actions) {
    this.root = root;
    // { discard(cards), play(card), claim(points), muggins(points), resign() }; each own move
    // marks that the keyboard focus must land somewhere sensible once the table is redrawn.
    this.actions = { ...actions };
    this.focusAfterAction = false;
    for (const move of ["discard", "play", "claim", "muggins"]) {
      this.actions[move] = (...args) => {
        this.focusAfterAction = true;
        return actions[move](...args);
      };
    }
    this.view = null; // the view drawn: the latest, or the show's while the next deal is held
    this.latest = null; // the latest view, every event applied
    this.held = null; // the view of a finished hand's show, drawn until Continue or the timeout
    this.holdTimer = null;
    this.presence = new Map(); // seat -> whether connected, from the match's chat socket
    this.players = [];
    this.phaseKey = null; // game, hand and phase of the last view drawn
    this.board = new BoardPanel(this.$("board"));
    this.hands = new Hands(this);
    this.show = new ShowPanel(this);
    this.result = new ResultPanel(this);
    this.announcer = new Announcer(this.$("announce"));
    this.claims = new ClaimPanel(this.$("claims"), {
      onClaim: (value) => this.actions.claim(value),
      onMuggins: (points) => this.actions.muggins(points),
      onPass: () => this.actions.mugginsPass(),
    });
    this.keys = new KeyCommands(this, { button: this.$("keys-button"), panel: this.$("keys-panel"), answer: this.$("key-answer") });
    this.hint = new HintPanel({ toggle: this.$("hint-toggle"), panel: this.$("hint-panel"), url: root.dataset.hintUrl });
  }

  $(id) {
    return this.root.querySelector(`#${id}`);
  }

  /** The seat at the bottom of the table: the viewer's, or seat 0 for a spectator. */
  get nearSeat() {
    return nearSeatOf(this.view);
  }

  /** The seat after the near one in turn order (with two players, the one across the table). */
  get farSeat() {
    return this.lanes()[1][1];
  }

  /** Every seat of the match, the near one first, then the others in seat order. */
  seatOrder() {
    const near = this.nearSeat;
    return [near, ...otherSeats(this.view, near)];
  }

  /**
   * The seats the page draws, by lane, near first: [["near", seat], ["far", seat]] with two
   * players; "left" and "right" (and "far" for the partner) at a table of three or four.
   */
  lanes() {
    return laneSeats(this.view, this.nearSeat);
  }

  /** Show the zones this table uses and hide the others (a table of two uses near and far). */
  layoutZones(view) {
    const used = new Set(this.lanes().map(([lane]) => lane));
    for (const lane of ["far", "left", "right"]) this.$(`zone-${lane}`).hidden = !used.has(lane);
    this.$("side-zones").hidden = !used.has("left");
    this.$("felt").dataset.players = String(view.seats.length);
  }

  context() {
    return {
      viewer: this.view ? this.view.viewer : null,
      names: this.players.map((player) => player.name),
      seats: this.view ? this.view.seats : this.players.map((player) => player.seat),
    };
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

  /** Before an event is applied: a new deal after a show is held back until Continue. */
  beforeEvent(event, before) {
    this.claims.event(event);
    if (event.type === "hand_started" && before && before.shown && before.shown.length && this.held === null) {
      this.held = structuredClone(before);
      this.scheduleRelease();
    }
  }

  /** After an event is applied: announcements, and the show's pacing. */
  afterEvent(event, after) {
    if (event.type === "hand_started") this.hands.handStarted();
    if (this.held === null) this.show.afterEvent(event);
    this.result.afterEvent(event);
    const announcement = announcementFor(event, { name: (seat) => this.name(seat), viewer: after.viewer, seats: after.seats });
    if (announcement) this.announcer.say(announcement, { urgency: urgencyOf(event) });
  }

  /** Continue: draw the held next deal, or lay the rest of the show down at once. */
  continueShow() {
    if (this.held !== null) {
      this.held = null;
      clearTimeout(this.holdTimer);
      this.holdTimer = null;
      // Continue goes with the show: a player on it (by key or click) lands on the next deal's
      // hand, not on the page's body.
      const active = document.activeElement;
      if (active && active.id === "show-continue") this.focusAfterAction = true;
      this.render(this.latest);
      return;
    }
    this.show.revealAll();
  }

  /** A hand of the show has been counted on screen. */
  showStepped() {
    if (this.held !== null) this.scheduleRelease();
  }

  /** Once the show on screen is all counted, the held deal follows a few seconds later. */
  scheduleRelease() {
    clearTimeout(this.holdTimer);
    this.holdTimer = null;
    if (this.view && this.view.shown.length && !this.show.finished) return;
    this.holdTimer = setTimeout(() => this.continueShow(), SHOW_HOLD_MS);
  }

  /** Whether each seat's player has a socket at the match (the chat socket tells). */
  setPresence(connected) {
    this.presence = new Map(connected);
    if (this.view) this.renderNames();
  }

  /** Draw everything from a view. `animate` moves pegs smoothly (events), not on a fresh hello. */
  render(view, { animate = false } = {}) {
    this.latest = view;
    if (this.held !== null) {
      view = this.held;
      animate = false;
    }
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
    if (this.focusAfterAction) this.placeFocusAfterAction();
  }

  /**
   * After the player's own move the control they used is gone or disabled (a card played, the
   * claim form answered): rather than let the focus fall to the page, put it on the next thing
   * to do: the claim box, else a card that can be played or discarded, else the hand itself.
   */
  placeFocusAfterAction() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active) && !active.disabled) {
      this.focusAfterAction = false;
      return;
    }
    const hand = this.$("hand-near");
    const target = this.$("claim-points") || this.$("muggins-points") || (hand && hand.querySelector("button:not([disabled])")) || hand;
    if (!target) return;
    if (target === hand && !hand.hasAttribute("tabindex")) hand.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    this.focusAfterAction = false;
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
    const name = (seat) => this.name(seat);
    this.layoutZones(view);
    this.board.render(view, this.lanes(), name, { animate });
    this.renderNames();
    this.hands.render({ animate });
    this.hint.render(view);
    renderPlayArea(this, onScreen(this.lanes()), name, { animate });
    renderStatus(this.$("status-line"), view, name);
    this.claims.render(view, this.context());
    this.show.render();
    this.result.render();
    renderResign(this.$("resign-button"), {
      view,
      seated: this.players.length > 1 && this.players.every((player) => player.name),
      resign: () => this.actions.resign(),
    });
  }

  playerLabel(seat) {
    const player = this.players.find((entry) => entry.seat === seat);
    const name = player && player.name ? player.name : "Waiting for a player…";
    return this.view.viewer === seat ? `${name} (you)` : name;
  }

  /** The seats' zones and the names beside the board's lanes. */
  renderNames() {
    if (!this.view) return;
    const label = (seat) => this.playerLabel(seat);
    renderSeatZones(this, this.lanes(), label, this.presence);
    this.board.setLaneNames(this.view, this.lanes(), label);
  }
}
