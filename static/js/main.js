// The match page: connect to the match websocket, keep the view with the reducer, draw it.

import { ClockDisplay, ServerTime } from "./clock.js";
import { MatchConnection } from "./connection.js";
import { FairnessPanel } from "./fairness.js";
import { MatchLog } from "./log.js";
import { reduceView } from "./reducer.js";
import { loadSoundChoice, saveSoundChoice, soundFor, TableSounds } from "./sound.js";
import { Table } from "./table.js";
import { startCountdowns } from "./table/countdown.js";

const root = document.getElementById("match");
const matchId = root.dataset.matchId;
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const url = `${scheme}//${location.host}${root.dataset.wsPath}`;

// How far back a fresh page looks, when the whole log (log.json) cannot be had, for the start
// of the current hand (a manual-scoring hand with every claim is about 70 events); the log then
// starts at that hand.
const HISTORY_EVENTS = 150;

// The log keeps the whole match: a long one is a few thousand lines.
const log = new MatchLog(document.getElementById("log"), 5000);
const sounds = new TableSounds({ on: loadSoundChoice(globalThis.localStorage, document.body.dataset.sound) === "on" });
const soundToggle = document.getElementById("sound-toggle");
if (soundToggle) {
  soundToggle.checked = sounds.on;
  soundToggle.addEventListener("change", () => {
    sounds.on = soundToggle.checked;
    saveSoundChoice(sounds.on ? "on" : "off");
  });
}
/** Tell the rest of the page (the chat box's claim and rematch, chat.js) that the match is over. */
function announceMatchOver(current) {
  if (current && current.phase === "match_over") window.dispatchEvent(new Event("cribbage:match-ended"));
}

let loggedUpTo = 0;
const fairnessSeen = new Set(); // seqs the fair-shuffle panel has been fed // the seq of the last event the log has a line for
let view = null;
let connection = null;
let fairness = null;

// When each action was sent, until its ack: the round trips tell the clock how old frames are.
const sentAt = new Map();
function act(action) {
  const id = connection.act(action);
  sentAt.set(id, Date.now());
  return id;
}

startCountdowns(root); // a tournament's round clock, when the table has one
const table = new Table(root, {
  discard: (cards) => act({ type: "discard", cards }),
  play: (card) => act({ type: "play", card }),
  claim: (points) => act({ type: "claim", points }),
  muggins: (points) => act({ type: "muggins", points }),
  mugginsPass: () => act({ type: "muggins_pass" }),
  resign: () => act({ type: "resign" }),
});
const serverTime = new ServerTime();
const clocks = new ClockDisplay(document.getElementById("clocks"), {
  time: serverTime,
  name: (seat) => table.name(seat),
  say: (text) => table.announcer.say(text),
  warn: () => sounds.play("low"),
});

function showConnection(state, detail) {
  const indicator = document.getElementById("connection");
  indicator.dataset.state = state;
  const text = { connecting: "Connecting…", open: "Connected", closed: "Reconnecting…", failed: "Disconnected" }[state];
  indicator.querySelector(".connection-text").textContent = detail && state !== "open" ? `${text} ${detail}` : text;
}

let wholeLogAsked = false;
/** The whole log up to `upto`, put before any line that arrived meanwhile; on failure the
 * socket's history of the current hand, as before. */
async function fetchWholeLog(upto) {
  wholeLogAsked = true;
  try {
    const response = await fetch(`/matches/${matchId}/log.json?upto=${upto}`, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`log.json answered ${response.status}`);
    const { frames } = await response.json();
    const missed = frames.filter((frame) => !fairnessSeen.has(frame.seq));
    for (const frame of missed) fairnessSeen.add(frame.seq);
    fairness.history(missed);
    log.prepend(frames.map((frame) => frame.event), table.context());
    loggedUpTo = Math.max(loggedUpTo, upto);
  } catch {
    connection.requestHistory(Math.max(1, upto - HISTORY_EVENTS));
  } finally {
    wholeLogAsked = false;
  }
}

connection = new MatchConnection(url, {
  onHello(frame) {
    table.setPlayers(frame.players);
    if (!fairness) fairness = new FairnessPanel(document.getElementById("fairness-list"), frame.seat, frame.view.seats.length);
    if (frame.fairness) fairness.committed(frame.fairness);
    view = frame.view;
    serverTime.hello(frame.now);
    table.render(view);
    clocks.render(view);
    announceMatchOver(view);
    root.dataset.seq = String(frame.seq);
    // The log missed what happened before this hello: a fresh page fetches the whole match's
    // log over HTTP (log.json); a reconnection asks the socket for what it missed.
    if (frame.seq > loggedUpTo && !wholeLogAsked) {
      if (loggedUpTo === 0) fetchWholeLog(frame.seq);
      else connection.requestHistory(loggedUpTo);
    }
    if (frame.status === "active" || frame.status === "finished") {
      const waiting = document.getElementById("waiting");
      if (waiting) waiting.hidden = true;
    }
  },
  onEvent(seq, event) {
    if (event.type === "player_joined") table.playerJoined(event.data);
    fairnessSeen.add(seq);
    fairness.event(event);
    table.beforeEvent(event, view);
    const before = view;
    view = reduceView(view, event);
    table.render(view, { animate: true });
    if (event.type === "clock_changed" || event.type === "match_ended") clocks.render(view);
    table.afterEvent(event, view);
    if (event.type === "match_ended") announceMatchOver(view);
    sounds.play(soundFor(before, view));
    log.add(event, table.context());
    loggedUpTo = seq;
    root.dataset.seq = String(seq);
  },
  onHistory(frames) {
    // The fair-shuffle panel checks every shuffle it can, including those before this page.
    const missed = frames.filter((frame) => !fairnessSeen.has(frame.seq));
    for (const frame of missed) fairnessSeen.add(frame.seq);
    fairness.history(missed);
    // A fresh page starts its log at the current hand; a page that was there carries on.
    let start = 0;
    if (loggedUpTo === 0) {
      const handStart = frames.findLastIndex((frame) => frame.event.type === "hand_started");
      start = Math.max(0, handStart);
    }
    const context = table.context();
    for (const frame of frames.slice(start)) {
      if (frame.seq > loggedUpTo) log.add(frame.event, context);
    }
    loggedUpTo = Math.max(loggedUpTo, frames[frames.length - 1].seq);
  },
  onAck(frame) {
    if (sentAt.has(frame.action_id)) serverTime.roundTrip(Date.now() - sentAt.get(frame.action_id));
    sentAt.delete(frame.action_id);
  },
  onError(frame) {
    sentAt.delete(frame.action_id);
    log.note(`Not accepted: ${frame.message}`);
    if (frame.code === "bad_claim" || frame.code === "bad_field") table.claims.refused(frame.message);
    // Redraw so buttons disabled while waiting for an answer come back.
    table.hands.refused();
    if (view) table.render(view);
  },
  onStatus: showConnection,
});
// The page came with the socket's first frame (the same hello): draw the table from it now, so
// the hand can be chosen while the socket opens; the socket's own hello then replaces it, and
// an action chosen meanwhile waits in the connection until then.
const firstHello = document.getElementById("first-hello");
if (firstHello) {
  const frame = JSON.parse(firstHello.textContent);
  table.setPlayers(frame.players);
  view = frame.view;
  table.render(view);
  clocks.render(view); // the page's own copy of the hello: its `now` is as old as the page
}
connection.connect();

// Who is connected comes from the match's chat socket (static/js/chat.js), shown at the table.
window.addEventListener("cribbage:presence", (presenceEvent) => table.setPresence(presenceEvent.detail.connected));

// For people and tests alike: the page's state is inspectable, and the connection can be dropped.
window.cribbage = {
  matchId,
  get view() {
    return view;
  },
  connection,
  sounds,
  clocks,
  table, // table.view is the view drawn, which lags behind `view` while a show holds the next deal
};

const copy = document.getElementById("copy-invite");
if (copy) {
  copy.addEventListener("click", async () => {
    const input = document.getElementById("invite-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = "Select and copy the link";
    }
  });
}
