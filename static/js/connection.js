// The match websocket client (docs/protocol.md): hello, events in sequence, gap detection with
// sync, reconnection with backoff, and actions resent under the same id until acknowledged.
// A keep-alive the server does not answer within a few seconds, or a socket that never says
// hello, means a dead connection (a server stopped or cut off without a close): the page drops
// it and reconnects, and the new hello puts it back in step (lila-ws clients do the same).
//
// It knows the protocol, not the rules: it hands whole views and single events to its owner.

const KEEPALIVE_EVERY_MS = 20000;
const RESEND_AFTER_MS = 4000;
const ACK_CATCH_UP_MS = 1500; // an ack names its last event; if that event has not come by then, sync
const SYNC_RETRY_MS = 5000;
const MAX_BACKOFF_MS = 10000;
// Any frame from the server within this long after a keep-alive answers it.
export const ANSWER_WITHIN_MS = 5000;
// A new socket that has not said hello within this long is given up and tried again.
export const HELLO_WITHIN_MS = 10000;
// Not logged in, a private match of someone else's, no such match: retrying cannot help.
const FINAL_CLOSE_CODES = new Set([4401, 4403, 4404]);
const FINAL_CLOSE_TEXT = { 4401: "Log in to play.", 4403: "This match is private.", 4404: "There is no such match." };

/**
 * The wait before the next keep-alive: 15 to 25 s at random. Pages that connected together
 * (every page reconnects within a second of a server restart) would otherwise sync in the same
 * instant every 20 s, for as long as they stay open.
 */
export function keepaliveDelay(random = Math.random) {
  return Math.round(KEEPALIVE_EVERY_MS * (0.75 + 0.5 * random()));
}

/** The next reconnection delay: doubling from 500 ms up to 10 s, with a little jitter. */
export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Sequence bookkeeping, kept apart from the socket so it can be tested alone.
 * accept(seq) says what to do with an event frame: "apply", "ignore" (already applied) or
 * "gap" (something was missed: ask for a sync).
 */
export class SequenceTracker {
  constructor() {
    this.last = 0;
  }

  reset(seq) {
    this.last = seq;
  }

  accept(seq) {
    if (seq <= this.last) return "ignore";
    if (seq !== this.last + 1) return "gap";
    this.last = seq;
    return "apply";
  }
}

export class MatchConnection {
  /**
   * `handlers`: onHello(frame), onEvent(seq, event), onAck(frame), onError(frame),
   * onHistory(frames) (the answer to requestHistory: event frames already in the view),
   * onStatus(state, detail) with state "connecting" | "open" | "closed" | "failed".
   */
  constructor(url, handlers, { WebSocketClass = globalThis.WebSocket } = {}) {
    this.url = url;
    this.handlers = handlers;
    this.WebSocketClass = WebSocketClass;
    this.sequence = new SequenceTracker();
    this.pending = new Map(); // action_id -> { message, sentAt }
    this.prefix = (globalThis.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Math.random())).slice(0, 8);
    this.counter = 0;
    this.attempt = 0;
    this.syncing = false;
    this.syncSentAt = 0;
    this.history = null; // { upTo }: a requestHistory answer is awaited
    this.helloSeen = false;
    this.stopped = false;
    this.socket = null;
    this.timers = [];
    this.keepaliveTimer = null;
    this.answerTimer = null;
    this.helloTimer = null;
    this.heard = 0; // frames received: a keep-alive is answered when this moves
  }

  connect() {
    this.stopped = false;
    this.status("connecting");
    const socket = new this.WebSocketClass(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
    });
    socket.addEventListener("message", (message) => this.receive(message.data));
    socket.addEventListener("close", (closeEvent) => this.closed(socket, closeEvent));
    socket.addEventListener("error", () => {
      // A close event always follows; reconnection is handled there.
    });
    clearTimeout(this.helloTimer);
    this.helloTimer = setTimeout(() => {
      if (socket === this.socket && !this.helloSeen) this.abandon(socket, "The server did not answer; reconnecting…");
    }, HELLO_WITHIN_MS);
  }

  /**
   * Keep-alive now: a sync (or a ping while a sync is out). Any frame within ANSWER_WITHIN_MS
   * answers it; silence means the connection is dead, and it is dropped and reconnected.
   */
  keepAliveNow() {
    const socket = this.socket;
    if (!this.isOpen) return;
    if (this.syncing) this.transmit({ type: "ping" });
    else this.requestSync();
    const heardBefore = this.heard;
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      if (socket === this.socket && this.heard === heardBefore) {
        this.abandon(socket, "No answer from the server; reconnecting…");
      }
    }, ANSWER_WITHIN_MS);
  }

  /** Give up on `socket` without waiting for its close (a dead server never sends one). */
  abandon(socket, detail) {
    if (socket !== this.socket) return;
    this.socket = null; // its late close event, if any, is then ignored
    this.helloSeen = false;
    this.clearTimers();
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is dropped anyway.
    }
    this.reconnectLater(detail);
  }

  /** Stop for good (the page is going away). */
  stop() {
    this.stopped = true;
    this.clearTimers();
    if (this.socket) this.socket.close();
  }

  /** Send an action ({type, ...}); returns its action_id. It is resent until acknowledged. */
  act(action) {
    this.counter += 1;
    const actionId = `${this.prefix}-${this.counter}`;
    const message = { ...action, action_id: actionId };
    this.pending.set(actionId, { message, sentAt: Date.now() });
    this.transmit(message);
    return actionId;
  }

  /** Kill the socket as a network failure would; used by tests and the "reconnect" button. */
  drop() {
    if (this.socket) this.socket.close();
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === 1 && this.helloSeen;
  }

  transmit(message) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  status(state, detail = "") {
    if (this.handlers.onStatus) this.handlers.onStatus(state, detail);
  }

  receive(text) {
    this.heard += 1;
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.type) {
      case "hello":
        clearTimeout(this.helloTimer);
        this.helloSeen = true;
        this.syncing = false;
        this.history = null;
        this.sequence.reset(frame.seq);
        this.handlers.onHello(frame);
        this.status("open");
        this.startTimers();
        this.resendPending();
        break;
      case "event":
        this.receiveEvent(frame);
        break;
      case "events": // several events of one action, in order
        for (const inner of frame.events) this.receiveEvent(inner);
        break;
      case "synced": {
        this.syncing = false;
        // Frames the view already holds answer requestHistory; any later ones are new events.
        const upTo = this.history ? this.history.upTo : 0;
        this.history = null;
        const older = frame.events.filter((inner) => inner.seq <= upTo);
        if (older.length && this.handlers.onHistory) this.handlers.onHistory(older);
        for (const inner of frame.events) {
          if (inner.seq > upTo) this.receiveEvent(inner);
        }
        break;
      }
      case "ack":
        this.pending.delete(frame.action_id);
        this.expectUpTo(frame.seq);
        if (this.handlers.onAck) this.handlers.onAck(frame);
        break;
      case "error":
        if (frame.action_id) this.pending.delete(frame.action_id);
        if (this.handlers.onError) this.handlers.onError(frame);
        break;
      default:
        break; // pong and anything newer than this page
    }
  }

  receiveEvent(frame) {
    if (this.syncing) return; // the synced answer will carry it
    const verdict = this.sequence.accept(frame.seq);
    if (verdict === "apply") this.handlers.onEvent(frame.seq, frame.event);
    else if (verdict === "gap") this.requestSync();
  }

  /**
   * Ask for the events after `seq` that the view already includes (the page's log was not
   * there to see them: after a reload, or while disconnected). They come back, redacted for
   * this viewer like any event, through onHistory and never through onEvent. It is an ordinary
   * `sync` from an earlier `seq`, so events newer than the view in the same answer are applied
   * as usual. Returns false when it cannot be asked now.
   */
  requestHistory(seq) {
    if (!this.isOpen || this.syncing || Math.max(1, seq) >= this.sequence.last) return false;
    this.history = { upTo: this.sequence.last };
    this.syncing = true;
    this.syncSentAt = Date.now();
    // From 1 at the earliest: a sync from 0 is a full sync, answered with a snapshot (hello).
    this.transmit({ type: "sync", seq: Math.max(1, seq) });
    return true;
  }

  /** Ask for everything after the last event applied; the answer fills any hole. */
  requestSync() {
    this.syncing = true;
    this.syncSentAt = Date.now();
    this.transmit({ type: "sync", seq: this.sequence.last });
  }

  /**
   * An ack says the server has reached `seq`. Its events normally arrive around the same time;
   * if they have not a moment later (a lost broadcast), fetch them rather than wait for the
   * next event to reveal the gap.
   */
  expectUpTo(seq) {
    if (typeof seq !== "number" || seq <= this.sequence.last) return;
    setTimeout(() => {
      if (this.isOpen && !this.syncing && this.sequence.last < seq) this.requestSync();
    }, ACK_CATCH_UP_MS);
  }

  resendPending() {
    for (const entry of this.pending.values()) {
      entry.sentAt = Date.now();
      this.transmit(entry.message);
    }
  }

  startTimers() {
    this.clearTimers();
    // The keep-alive is a sync: it keeps the socket open and also catches a missed last event
    // that no later event would reveal (the opponent's final move before a long think).
    const keepAlive = () => {
      this.keepAliveNow();
      this.keepaliveTimer = setTimeout(keepAlive, keepaliveDelay());
    };
    this.keepaliveTimer = setTimeout(keepAlive, keepaliveDelay());
    this.timers.push(
      setInterval(() => {
        const now = Date.now();
        if (this.syncing && now - this.syncSentAt > SYNC_RETRY_MS) this.requestSync();
        for (const entry of this.pending.values()) {
          if (now - entry.sentAt > RESEND_AFTER_MS) {
            entry.sentAt = now;
            this.transmit(entry.message);
          }
        }
      }, 1000),
    );
  }

  clearTimers() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = null;
    clearTimeout(this.answerTimer);
    this.answerTimer = null;
    clearTimeout(this.helloTimer);
    this.helloTimer = null;
  }

  closed(socket, closeEvent) {
    if (socket !== this.socket) return;
    this.helloSeen = false;
    this.clearTimers();
    if (this.stopped) return;
    if (FINAL_CLOSE_CODES.has(closeEvent.code)) {
      this.status("failed", FINAL_CLOSE_TEXT[closeEvent.code]);
      return;
    }
    this.reconnectLater();
  }

  reconnectLater(detail = null) {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.status("closed", detail || `Reconnecting in ${Math.ceil(delay / 1000)} s…`);
    setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }
}
