// The lobby page (and an invitation's waiting page): live seeks, live matches, players online and
// the lobby chat over /ws/lobby/ (docs/lobby.md). Buttons are ordinary forms with CSRF tokens;
// this script only keeps the lists current and follows the creator to the table when their seek
// or invitation is taken.

import { ChatPanel, ReconnectingSocket } from "./chat.js";

const LIVE_REFRESH_MS = 20000;

/** "1 player online", "3 players online". */
export function onlineText(count) {
  return `${count} player${count === 1 ? "" : "s"} online`;
}

/**
 * Make `list`'s children match `entries` (each with an `id`) in order, touching only what
 * changed: rows still wanted are kept as they are (so a focused button keeps the focus and a
 * screen reader is not read the whole list again), missing ones are made by `create(entry)`,
 * kept ones are refreshed by `update(row, entry)` (which may return a replacement row), and
 * the rest are removed. Rows carry their id in `data-<key>`.
 */
export function syncList(list, entries, key, { create, update = () => null }) {
  const attribute = key.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
  const existing = new Map([...list.children].map((row) => [row.dataset[attribute], row]));
  const wanted = new Set(entries.map((entry) => String(entry.id)));
  for (const [id, row] of existing) {
    if (!wanted.has(id)) row.remove();
  }
  let previous = null;
  for (const entry of entries) {
    const id = String(entry.id);
    let row = existing.get(id);
    if (row) {
      const replacement = update(row, entry);
      if (replacement) {
        row.replaceWith(replacement);
        row = replacement;
      }
    } else {
      row = create(entry);
    }
    row.dataset[attribute] = id;
    const expected = previous ? previous.nextElementSibling : list.firstElementChild;
    if (row !== expected) list.insertBefore(row, expected);
    previous = row;
  }
}

/**
 * Whether a seek whose creator is rated `rating` is shown for the range `min`..`max` (either
 * may be null: no bound). A seek with no rating is shown only when no bound is set.
 */
export function ratingInRange(rating, min, max) {
  if (min === null && max === null) return true;
  if (rating === null || Number.isNaN(rating)) return false;
  return (min === null || rating >= min) && (max === null || rating <= max);
}

function bound(input) {
  if (!input || input.value.trim() === "") return null;
  const value = Number(input.value);
  return Number.isFinite(value) ? value : null;
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.userId = root.dataset.userId ? Number(root.dataset.userId) : null;
    this.seekList = document.getElementById("seek-list");
    this.liveList = document.getElementById("live-list");
    this.ratingMin = document.getElementById("seek-rating-min");
    this.ratingMax = document.getElementById("seek-rating-max");
    for (const input of [this.ratingMin, this.ratingMax]) {
      input?.addEventListener("input", () => this.updateEmpty());
    }
    const chatRoot = root.querySelector("[data-chat-panel]");
    this.chat = chatRoot ? new ChatPanel(chatRoot, { send: (text) => this.socket.send({ type: "chat", text }) }) : null;
    this.socket = new ReconnectingSocket(root.dataset.socketPath, { onMessage: (frame) => this.handle(frame) });
    if (this.liveList) window.setInterval(() => this.socket.send({ type: "refresh" }), LIVE_REFRESH_MS);
  }

  handle(frame) {
    switch (frame.type) {
      case "hello":
        // A seek of this person's was accepted while this page was not listening (it missed
        // the "match_started" push): the table waits for them.
        if (frame.your_match) {
          window.location.assign(frame.your_match.url);
          return;
        }
        // Live: this page's socket is in the lobby's groups and will hear its pushes.
        this.root.dataset.live = "true";
        if (frame.me) this.userId = frame.me.id;
        this.renderSeeks(frame.seeks);
        this.renderLive(frame.live_matches);
        this.setOnline(frame.online);
        // The periodic refresh is a hello too: add only lines not shown yet.
        if (this.chat) {
          this.chat.setMuted(frame.chat_muted);
          this.chat.merge(frame.chat);
        }
        break;
      case "seek_added":
        this.addSeek(frame.seek);
        break;
      case "seek_removed":
        this.seekList?.querySelector(`[data-seek-id="${Number(frame.id)}"]`)?.remove();
        this.updateEmpty();
        // An accepted seek is a new live match: fetch the list now rather than at the next poll.
        if (frame.reason === "accepted" && this.liveList) this.socket.send({ type: "refresh" });
        break;
      case "online":
        this.setOnline(frame.count);
        break;
      case "chat":
        this.chat?.add(frame.message);
        break;
      case "match_started":
      case "table_ready": // a tournament round started: go to this player's table
        window.location.assign(frame.url);
        break;
      case "error":
        this.chat?.showError(frame.message);
        break;
      default:
        break;
    }
  }

  setOnline(count) {
    const box = document.getElementById("online-count");
    if (box && box.textContent !== onlineText(count)) box.textContent = onlineText(count);
  }

  isMine(seek) {
    return this.userId !== null && seek.creator_id === this.userId;
  }

  renderSeeks(seeks) {
    if (!this.seekList) return;
    syncList(this.seekList, seeks, "seek-id", {
      create: (seek) => this.seekRow(seek),
      // A row drawn for someone else (Play) must become a Cancel row once it is ours, and back.
      update: (row, seek) => {
        const drawnAsMine = row.querySelector("form").getAttribute("action").endsWith("/cancel/");
        return drawnAsMine === this.isMine(seek) ? null : this.seekRow(seek);
      },
    });
    this.updateEmpty();
  }

  seekRow(seek) {
    const mine = this.isMine(seek);
    const template = document.getElementById(mine ? "seek-cancel-template" : "seek-accept-template");
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.seekId = String(seek.id);
    item.dataset.rating = seek.rating_value ?? "";
    item.querySelector(".seek-creator").textContent = seek.rating ? `${seek.creator} (${seek.rating})` : seek.creator;
    item.querySelector(".seek-label").textContent = seek.label;
    if (seek.turn_based) {
      // As templates/lobby/_seek.html: days per move, played over days rather than now.
      const badge = document.createElement("span");
      badge.className = "badge badge-turn-based";
      badge.dataset.testid = "turn-based-seek";
      badge.textContent = "Turn-based";
      item.querySelector(".seek-label").before(badge, " ");
    }
    if (seek.casual_for_you) {
      // As templates/lobby/_seek.html: said before anyone accepts (docs/ratings.md).
      const note = document.createElement("span");
      note.className = "seek-note";
      note.dataset.testid = "casual-for-you";
      note.textContent = "Casual for you: you two have had 3 rated results today.";
      item.querySelector(".seek-label").after(" ", note);
    }
    item.querySelector("form").setAttribute("action", `/lobby/seeks/${Number(seek.id)}/${mine ? "cancel" : "accept"}/`);
    return item;
  }

  addSeek(seek) {
    if (!this.seekList || this.seekList.querySelector(`[data-seek-id="${Number(seek.id)}"]`)) return;
    this.seekList.append(this.seekRow(seek));
    this.updateEmpty();
  }

  renderLive(matches) {
    if (!this.liveList) return;
    syncList(this.liveList, matches, "match-id", {
      create: (match) => {
        const item = document.createElement("li");
        item.className = "live-match";
        const link = document.createElement("a");
        link.href = `/matches/${Number(match.id)}/`;
        const label = document.createElement("span");
        label.className = "muted";
        item.append(link, " ", label);
        this.fillLive(item, match);
        return item;
      },
      update: (item, match) => {
        this.fillLive(item, match);
        return null;
      },
    });
    this.updateEmpty();
  }

  fillLive(item, match) {
    const link = item.querySelector("a");
    const label = item.querySelector(".muted");
    const players = match.players.join(" v ");
    if (link.textContent !== players) link.textContent = players;
    if (label && label.textContent !== match.label) label.textContent = match.label;
  }

  /** Hide the seeks outside the chosen rating range; say so when that hides them all. */
  applyRatingFilter() {
    if (!this.seekList) return 0;
    const min = bound(this.ratingMin);
    const max = bound(this.ratingMax);
    let shown = 0;
    for (const row of this.seekList.children) {
      const rating = row.dataset.rating === "" ? null : Number(row.dataset.rating);
      row.hidden = !ratingInRange(rating, min, max);
      if (!row.hidden) shown += 1;
    }
    return shown;
  }

  updateEmpty() {
    const shown = this.applyRatingFilter();
    const seekEmpty = document.getElementById("seek-empty");
    if (seekEmpty && this.seekList) seekEmpty.hidden = this.seekList.children.length > 0;
    const filtered = document.getElementById("seek-filtered");
    if (filtered && this.seekList) filtered.hidden = !(this.seekList.children.length > 0 && shown === 0);
    const liveEmpty = document.getElementById("live-empty");
    if (liveEmpty && this.liveList) liveEmpty.hidden = this.liveList.children.length > 0;
  }
}

function wireCopyButtons() {
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.addEventListener("click", async () => {
      const input = document.querySelector(button.dataset.copy);
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        button.textContent = "Copied";
      } catch {
        button.textContent = "Select and copy";
      }
    });
  });
}

const root = document.getElementById("lobby") || document.querySelector("#invitation[data-socket-path]");
// Inspectable, as the match page's window.cribbage is (tests and curious people).
if (root) window.cribbageLobby = new Lobby(root);
wireCopyButtons();
