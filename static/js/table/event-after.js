// What a finished table of a tournament shows under its result: the standings, "Next round
// in …" and, once paired, the player's next table, where the page then takes them (as the
// tournament's page does). The server renders the part (the banner's `data-after-url`); the
// tournament's socket (`data-event-socket`) says when to fetch it again (`changed`) and when
// the next table is ready (`table_ready`). Other tables have neither and show nothing here.

import { ReconnectingSocket } from "../chat.js";
import { goToTable } from "../tournaments/next-table.js";
import { startCountdowns } from "./countdown.js";

export class EventAfter {
  constructor(root) {
    this.url = root.dataset.afterUrl || "";
    this.socketPath = root.dataset.eventSocket || "";
    this.tournamentId = (this.socketPath.match(/\/(\d+)\/$/) || [])[1];
    this.element = null;
    this.socket = null;
    this.stopCountdown = () => {};
    this.fetching = null;
    this.again = false;
    if (this.url) {
      this.element = document.createElement("section");
      this.element.className = "event-after";
      this.element.dataset.testid = "event-after";
      this.element.setAttribute("aria-labelledby", "event-after-title");
    }
  }

  /** The match is over: fetch the part and listen for what changes it (once). */
  start() {
    if (!this.url || this.socket) return;
    this.socket = new ReconnectingSocket(this.socketPath, {
      onMessage: (frame) => {
        if (frame.type === "changed") this.refresh();
        else if (frame.type === "table_ready") goToTable(this.tournamentId, frame.round, frame.url);
      },
      onOpen: () => this.refresh(), // anything missed while away
    });
  }

  refresh() {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = fetch(this.url, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : null))
      .then((html) => {
        if (html === null || html === this.element.innerHTML) return;
        this.stopCountdown();
        this.element.innerHTML = html;
        this.stopCountdown = startCountdowns(this.element);
        const next = this.element.querySelector("[data-testid=next-table]");
        if (next) goToTable(this.tournamentId, next.dataset.round, next.dataset.url);
      })
      .catch(() => {})
      .finally(() => {
        this.fetching = null;
        if (this.again) {
          this.again = false;
          this.refresh();
        }
      });
  }
}
