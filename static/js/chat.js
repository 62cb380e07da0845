// Chat panels and the small reconnecting socket the lobby and match chat share (docs/lobby.md).
//
// Every piece of text from the server is put on the page with textContent, never as HTML, so a
// message can contain "<script>" and still only ever be text.

const PING_EVERY_MS = 25000;
const MAX_BACKOFF_MS = 10000;
const FINAL_CLOSE_CODES = new Set([4401, 4403, 4404]); // not logged in, private, no such match
const MAX_LINES = 200;
// A ping the server does not answer within this long, or a socket that does not open within
// OPEN_WITHIN_MS, is a dead connection (a stopped server sends no close): drop it, reconnect.
export const ANSWER_WITHIN_MS = 5000;
export const OPEN_WITHIN_MS = 10000;

/**
 * A websocket to `path` on this host that pings, and reconnects with backoff until stopped,
 * also when the server goes silent (no pong) without closing.
 */
export class ReconnectingSocket {
  constructor(path, { onMessage, onOpen = () => {}, WebSocketClass = globalThis.WebSocket }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onOpen = onOpen;
    this.WebSocketClass = WebSocketClass;
    this.attempt = 0;
    this.stopped = false;
    this.queue = [];
    this.heard = 0; // frames received: a ping is answered when this moves
    this.connect();
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}${this.path}`;
  }

  connect() {
    const socket = new this.WebSocketClass(this.url());
    this.socket = socket;
    this.watch(socket, OPEN_WITHIN_MS);
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      window.clearTimeout(this.watchdog);
      this.pinger = window.setInterval(() => this.ping(), PING_EVERY_MS);
      this.queue.splice(0).forEach((frame) => this.send(frame));
      this.onOpen();
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.heard += 1;
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(frame);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return; // given up on already
      this.stopTimers();
      if (this.stopped || FINAL_CLOSE_CODES.has(event.code)) return;
      this.reconnectLater();
    });
  }

  /** Send a ping now; silence for ANSWER_WITHIN_MS drops the socket and reconnects. */
  ping() {
    this.send({ type: "ping" });
    this.watch(this.socket, ANSWER_WITHIN_MS);
  }

  watch(socket, within) {
    const heardBefore = this.heard;
    window.clearTimeout(this.watchdog);
    this.watchdog = window.setTimeout(() => {
      if (socket === this.socket && this.heard === heardBefore && !this.stopped) this.abandon(socket);
    }, within);
  }

  abandon(socket) {
    this.socket = null;
    this.stopTimers();
    try {
      socket.close();
    } catch {
      // A socket that never opened may refuse; it is dropped all the same.
    }
    this.reconnectLater();
  }

  reconnectLater() {
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
    this.attempt += 1;
    window.setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }

  stopTimers() {
    window.clearInterval(this.pinger);
    window.clearTimeout(this.watchdog);
  }

  send(frame) {
    if (this.socket && this.socket.readyState === 1) {
      this.socket.send(JSON.stringify(frame));
    } else if (frame.type !== "ping") {
      this.queue.push(frame);
    }
  }

  stop() {
    this.stopped = true;
    this.stopTimers();
    if (this.socket) this.socket.close();
  }
}

function formatTime(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** One chat panel (see templates/lobby/_chat_panel.html): shows messages, hands typed text to `send`. */
export class ChatPanel {
  constructor(root, { send }) {
    this.root = root;
    this.log = root.querySelector("[data-chat-log]");
    this.errorBox = root.querySelector("[data-chat-error]");
    this.title = root.querySelector("[data-chat-title]");
    this.seen = new Set();
    const form = root.querySelector("[data-chat-form]");
    if (form) {
      const input = form.querySelector("input[name=text]");
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        send(text);
        input.value = "";
      });
    }
    // Members may report a line of someone else's (moderation); the panel says where to send it.
    this.reportUrl = root.dataset.reportUrl || null;
    this.viewer = root.dataset.viewer || null;
    this.dialog = root.querySelector("[data-report-dialog]");
    if (this.reportUrl && this.dialog) this.setUpReporting();
  }

  setUpReporting() {
    const form = this.dialog.querySelector("[data-report-form]");
    this.reportError = this.dialog.querySelector("[data-report-error]");
    this.dialog.querySelector("[data-report-cancel]").addEventListener("click", () => this.dialog.close());
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await this.sendReport({
        line: this.reporting,
        reason: form.elements.reason.value,
        details: form.elements.details.value,
      });
      if (answer.ok) {
        this.reported(this.reporting);
        form.reset();
        this.dialog.close();
        this.showError(answer.message, { ok: true });
      } else {
        this.reportError.textContent = answer.message;
      }
    });
  }

  async sendReport(body) {
    const token = (document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/) || [])[1] || "";
    try {
      const response = await fetch(this.reportUrl, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(token) },
        credentials: "same-origin",
      });
      const answer = await response.json();
      return { ok: response.ok, message: answer.message };
    } catch {
      return { ok: false, message: "The report could not be sent; try again in a moment." };
    }
  }

  /** A line this page has reported: its button says so and cannot send it twice. */
  reported(lineId) {
    const button = this.log.querySelector(`.chat-report[data-line="${lineId}"]`);
    if (!button) return;
    button.disabled = true;
    button.textContent = "Reported";
  }

  openReport(message) {
    this.reporting = message.id;
    this.reportError.textContent = "";
    this.dialog.querySelector("[data-report-quote]").textContent = `${message.author}: ${message.text}`;
    this.dialog.showModal();
  }

  /** All chat muted (the person's choice, told by the hello): the panel shows only a note. */
  setMuted(muted) {
    const note = this.root.querySelector("[data-chat-muted]");
    if (note) note.hidden = !muted;
    this.log.hidden = Boolean(muted);
  }

  setTitle(text) {
    if (this.title) this.title.textContent = text;
  }

  /** Add the lines of a fresh history that are not on screen yet; those shown stay untouched. */
  merge(messages) {
    messages.forEach((message) => this.add(message));
  }

  add(message) {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    const line = document.createElement("li");
    const time = document.createElement("time");
    time.dateTime = message.at;
    time.textContent = formatTime(message.at);
    const author = document.createElement("span");
    author.className = "chat-author";
    author.textContent = message.author;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = message.text;
    line.append(time, " ", author, " ", text);
    if (this.reportUrl && this.dialog && message.author !== this.viewer) {
      const report = document.createElement("button");
      report.type = "button";
      report.className = "chat-report";
      report.dataset.line = message.id;
      report.textContent = "Report";
      report.setAttribute("aria-label", `Report this line by ${message.author}`);
      report.addEventListener("click", () => this.openReport(message));
      line.append(" ", report);
    }
    this.log.append(line);
    while (this.log.children.length > MAX_LINES) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** A refusal (or, with `ok`, a confirmation such as a report's thanks) for five seconds. */
  showError(text, { ok = false } = {}) {
    if (!this.errorBox) return;
    this.errorBox.classList.toggle("is-ok", ok);
    this.errorBox.textContent = text;
    window.clearTimeout(this.errorTimer);
    this.errorTimer = window.setTimeout(() => {
      this.errorBox.textContent = "";
    }, 5000);
  }
}

/**
 * The match page's social box (templates/lobby/_match_social.html): the players' or spectators'
 * chat, whether the opponent is connected (and when the win may be claimed), and rematch offers.
 */
export class MatchSocial {
  constructor(root) {
    this.root = root;
    this.matchId = root.dataset.matchId;
    this.absentSince = new Map(); // seat -> ms timestamp, for disconnected players
    this.abandonAfter = 120;
    this.seat = null;
    this.players = []; // the seats with a person, whose presence is told
    this.panel = new ChatPanel(root.querySelector("[data-chat-panel]"), {
      send: (text) => this.socket.send({ type: "chat", text }),
    });
    const shown = root.querySelector("[data-presence]");
    this.presence = shown ? new PresenceNotice(shown, root.querySelector("[data-presence-announce]")) : null;
    this.claimForm = root.querySelector("[data-claim]");
    this.leaving = false; // a form of ours is being submitted: its response will replace the page
    root.querySelectorAll("form[data-claim], [data-rematch] form").forEach((form) => form.addEventListener("submit", () => {
      this.leaving = true;
    }));
    this.rematchBox = root.querySelector("[data-rematch]");
    this.rematchNote = root.querySelector("[data-rematch-note]");
    this.over = false; // the match has ended: no countdown, no claim
    // The match page (main.js) says when its view reaches the end of the match.
    window.addEventListener("cribbage:match-ended", () => this.matchEnded());
    this.socket = new ReconnectingSocket(`/ws/matches/${this.matchId}/chat/`, {
      onMessage: (frame) => this.handle(frame),
    });
    window.setInterval(() => this.renderPresence(), 1000);
  }

  handle(frame) {
    switch (frame.type) {
      case "hello":
        this.seat = frame.seat;
        this.abandonAfter = frame.abandon_after;
        this.panel.setTitle(frame.room === "players" ? "Players' chat" : "Spectators' chat");
        this.panel.setMuted(frame.chat_muted);
        this.panel.merge(frame.messages);
        this.absentSince.clear();
        this.players = frame.presence.map((player) => player.seat);
        for (const player of frame.presence) {
          if (player.absent_seconds !== null) this.absentSince.set(player.seat, Date.now() - player.absent_seconds * 1000);
        }
        if (frame.rematch) this.rematchOffered(frame.rematch.by, frame.rematch.url, frame.rematch.by_seat);
        this.renderPresence();
        break;
      case "chat":
        this.panel.add(frame.message);
        break;
      case "error":
        this.panel.showError(frame.message);
        break;
      case "presence":
        if (!this.players.includes(frame.seat)) this.players.push(frame.seat);
        if (frame.connected) this.absentSince.delete(frame.seat);
        // A lease that lapsed (the player's server died) says how long ago they went.
        else this.absentSince.set(frame.seat, Date.now() - 1000 * (frame.absent_seconds || 0));
        this.renderPresence();
        break;
      case "rematch_offered":
        this.rematchOffered(frame.by, null, frame.by_seat);
        break;
      case "rematch_started":
        if (this.seat !== null && !this.leaving) window.location.assign(frame.url);
        else this.rematchOffered(null, frame.url);
        break;
      case "match_ended":
        this.matchEnded();
        break;
      case "match_claimed":
        if (!this.leaving) window.location.reload();
        break;
      default:
        break;
    }
  }

  /** The match is over: the win can no longer be claimed, and absence no longer counts. */
  matchEnded() {
    this.over = true;
    this.showRematch();
    if (this.presence) this.presence.stop();
  }

  showRematch() {
    if (this.rematchBox && this.seat !== null) this.rematchBox.hidden = false;
    if (this.claimForm) this.claimForm.remove();
    this.claimForm = null;
  }

  rematchOffered(by, url, bySeat = null) {
    if (!this.rematchNote) return;
    this.showRematch();
    const mine = bySeat !== null && bySeat !== undefined && bySeat === this.seat;
    const button = this.rematchBox ? this.rematchBox.querySelector("button") : null;
    if (button) button.disabled = mine && !url;
    if (url) {
      this.rematchNote.replaceChildren("The rematch has started: ");
      const link = document.createElement("a");
      link.href = url;
      link.textContent = "go to it";
      this.rematchNote.append(link);
    } else if (mine) {
      this.rematchNote.textContent = "You offered a rematch. Waiting for your opponent to accept.";
    } else if (by) {
      this.rematchNote.textContent = `${by} offers a rematch.`;
    }
  }

  renderPresence() {
    if (this.abandonAfter === null) {
      this.renderTurnBasedPresence();
      return;
    }
    // The table shows each player's connection beside their name (static/js/table/seat-zones.js).
    const connected = this.players.map((seat) => [seat, !this.absentSince.has(seat)]);
    const told = JSON.stringify(connected);
    if (told !== this.presenceTold) {
      this.presenceTold = told;
      window.dispatchEvent(new CustomEvent("cribbage:presence", { detail: { connected } }));
    }
    if (!this.presence || this.seat === null || this.over) return;
    // The longest gone of the other seats: the first whose absence lets the win be claimed.
    const gone = [...this.absentSince].filter(([seat]) => seat !== this.seat).map(([, at]) => at);
    const since = gone.length ? Math.min(...gone) : undefined;
    const away = since === undefined ? null : Math.floor((Date.now() - since) / 1000);
    const state = this.presence.render(away, this.abandonAfter);
    if (this.claimForm) this.claimForm.hidden = state !== "claimable";
  }

  /**
   * A turn-based match (days per move; the hello's `abandon_after` is null): closing the page is
   * how it is played, so nobody is "disconnected" and no win is claimed. The opponent's absence
   * is only told as when they were last here.
   */
  renderTurnBasedPresence() {
    if (this.presenceTold !== "turn-based") {
      this.presenceTold = "turn-based";
      window.dispatchEvent(new CustomEvent("cribbage:presence", { detail: { connected: [] } }));
    }
    if (!this.presence || this.seat === null || this.over) return;
    const gone = [...this.absentSince].filter(([seat]) => seat !== this.seat).map(([, at]) => at);
    const text = gone.length ? `Your opponent was last here ${agoText(Date.now() - Math.max(...gone))}.` : "";
    if (this.presence.shown.textContent !== text) this.presence.shown.textContent = text;
  }
}

/** "3 minutes ago", "2 days ago": when someone was last here. */
export function agoText(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const units = [[86400, "day"], [3600, "hour"], [60, "minute"]];
  for (const [size, unit] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
    }
  }
  return "moments ago";
}

function spokenDuration(seconds) {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/**
 * The opponent's connection for a seated player: the countdown to a claim is redrawn every
 * second in `shown`, but `spoken` (a role=status region) changes only when the meaning does
 * (they left, the win may now be claimed, they came back), so a screen reader is not read a
 * number every second.
 */
export class PresenceNotice {
  constructor(shown, spoken) {
    this.shown = shown;
    this.spoken = spoken;
    this.state = "present";
  }

  /** `away`: whole seconds since the opponent left, or null while connected; returns the state. */
  render(away, abandonAfter) {
    let state = "present";
    let text = "";
    const left = away === null ? 0 : Math.max(0, Math.ceil(abandonAfter - away));
    if (away !== null && left > 0) {
      state = "away";
      text = `Your opponent is disconnected. You may claim the win in ${left} s if they do not return.`;
    } else if (away !== null) {
      state = "claimable";
      text = "Your opponent has been gone a while. If the game is waiting on them, you may claim the win.";
    }
    if (this.shown.textContent !== text) this.shown.textContent = text;
    if (state !== this.state && this.spoken) {
      this.spoken.textContent = {
        present: "Your opponent is back at the table.",
        away: `Your opponent lost their connection. If they are not back within ${spokenDuration(left)}, you may claim the win.`,
        claimable: "You may now claim the win: your opponent has not come back.",
      }[state];
    }
    this.state = state;
    return state;
  }

  /** The match is over: say nothing more about the opponent's connection. */
  stop() {
    this.shown.textContent = "";
    this.state = "present";
  }
}

// Visitors who are not signed in get no chat panel (and no socket: it would refuse them).
document.querySelectorAll("[data-match-social]").forEach((root) => {
  if (root.querySelector("[data-chat-panel]")) new MatchSocial(root);
});
