// A tournament's page: live standings, tables and bracket over /ws/tournaments/<id>/
// (docs/protocol.md). The server says "changed" at most about once a second; the page then
// fetches the fresh part (the same template the page was rendered with) and swaps it in. A
// player whose table of a new round is ready is taken to it, once per round (coming back to
// this page mid-match does not send them off again). Without scripts, reload works.

import { ReconnectingSocket } from "../chat.js";
import { goToTable } from "./next-table.js";

// Each render of the live part carries a freshly masked CSRF token in its forms (Join, Leave):
// compared as text, every fetch differed, so the part was swapped in again just after the page
// opened its socket, and a tap on Join in that moment went to a button already replaced.
const CSRF_VALUE = /(name="csrfmiddlewaretoken" value=")[^"]*"/g;

/**
 * The fetched live part as nodes to put in, or null when it shows what `current` (the element
 * on the page) already shows. Both sides are compared as this browser writes them out, with
 * the CSRF tokens left out.
 */
export function changedContent(current, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  const written = (text) => text.replace(CSRF_VALUE, '$1"');
  return written(fresh.innerHTML) === written(current.innerHTML) ? null : fresh.content;
}

class TournamentPage {
  constructor(root) {
    this.root = root;
    this.live = document.getElementById("tournament-live");
    this.fetching = null;
    this.again = false;
    this.socket = new ReconnectingSocket(root.dataset.socketPath, {
      onMessage: (frame) => this.handle(frame),
      // After a reconnect something may have been missed: fetch once.
      onOpen: () => this.refresh(),
    });
    this.goToMyTable();
  }

  handle(frame) {
    if (frame.type === "changed") this.refresh();
    else if (frame.type === "table_ready") this.goTo(frame.round, frame.url);
  }

  /** The page shows this player's table of the current round: go there, unless done before. */
  goToMyTable() {
    const notice = this.live.querySelector("[data-testid=my-table]");
    if (notice) this.goTo(notice.dataset.round, notice.dataset.url);
  }

  goTo(round, url) {
    goToTable(this.root.dataset.tournamentId, round, url);
  }

  async refresh() {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = fetch(this.root.dataset.liveUrl, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : null))
      .then((html) => {
        const fresh = html === null ? null : changedContent(this.live, html);
        if (fresh !== null) {
          this.live.replaceChildren(fresh);
          this.goToMyTable();
        }
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

const root = document.getElementById("tournament");
if (root) new TournamentPage(root);
