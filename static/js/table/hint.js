// The discard hint (casual games against the computer only): while the viewer chooses their
// discard and the Hints box is ticked, the best throws from GET /matches/<id>/hint.json with
// their expected hand and crib points. The server decides who may have one (games/hints.py);
// the page only asks when the toggle is there, which the server draws for those people alone.

import { cardNames } from "../cards.js";

const STORAGE_KEY = "cribbage.hints";

function points(value) {
  return value.toFixed(1);
}

/** One throw as a sentence: "Throw five of hearts and six of clubs: hand 8.2, crib 4.1". */
export function throwLine(entry) {
  const crib = entry.is_dealer ? `your crib ${points(entry.crib)}` : `their crib ${points(entry.crib)}`;
  return `Throw ${cardNames(entry.discard)}: hand ${points(entry.hand)}, ${crib}, overall ${points(entry.total)}`;
}

export class HintPanel {
  constructor({ toggle, panel, url, fetcher = globalThis.fetch.bind(globalThis), storage = globalThis.localStorage }) {
    this.toggle = toggle;
    this.panel = panel;
    this.url = url;
    this.fetcher = fetcher;
    this.storage = storage;
    this.hintFor = null; // the game-hand the shown hint belongs to
    this.view = null;
    if (!toggle) return;
    try {
      toggle.checked = storage.getItem(STORAGE_KEY) === "on";
    } catch {
      toggle.checked = false;
    }
    toggle.addEventListener("change", () => {
      try {
        this.storage.setItem(STORAGE_KEY, toggle.checked ? "on" : "off");
      } catch {
        // Private windows may refuse storage; the choice then lasts for this page only.
      }
      if (this.view) this.render(this.view);
    });
  }

  render(view) {
    this.view = view;
    if (!this.toggle || !this.url) return;
    const wanted = this.toggle.checked && view.legal.discard;
    if (!wanted) {
      this.panel.hidden = true;
      return;
    }
    const handKey = `${view.game}-${view.hand}`;
    this.panel.hidden = false;
    if (this.hintFor === handKey) return;
    this.hintFor = handKey;
    this.panel.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Working out the best throws…" }));
    this.fetcher(this.url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => response.json())
      .then((body) => this.draw(body, handKey))
      .catch(() => {
        this.hintFor = null;
        this.draw({ message: "The hint could not be fetched." }, handKey);
      });
  }

  /** "Analyse every throw": the analysis board for these six cards, opened beside the table. */
  boardLink(body) {
    const first = body.throws[0];
    const scores = this.view?.scores || [];
    const query = new URLSearchParams({ cards: [...first.keep, ...first.discard].join(" "), role: body.is_dealer ? "dealer" : "pone" });
    if (scores.length === 2) {
      query.set("own", String(scores[body.seat]));
      query.set("opp", String(scores.find((_, other) => other !== body.seat)));
    }
    const link = Object.assign(document.createElement("a"), {
      href: `/analysis/?${query}`,
      target: "_blank",
      rel: "noopener",
      className: "hint-analyse",
      textContent: "Analyse every throw (opens the board)",
    });
    const line = document.createElement("p");
    line.append(link);
    return line;
  }

  draw(body, handKey) {
    if (this.hintFor !== handKey && body.throws) return;
    const title = document.createElement("h2");
    title.textContent = "Best throws";
    if (!body.throws) {
      this.panel.replaceChildren(title, Object.assign(document.createElement("p"), { textContent: body.message }));
      return;
    }
    const list = document.createElement("ol");
    list.className = "hint-throws";
    for (const entry of body.throws) {
      const item = document.createElement("li");
      item.textContent = throwLine(entry);
      item.dataset.discard = entry.discard.join(" ");
      list.append(item);
    }
    const note = Object.assign(document.createElement("p"), {
      className: "hint-note",
      textContent: "Points expected on average over every starter and every throw from the other player.",
    });
    this.panel.replaceChildren(title, list, note, this.boardLink(body));
  }
}
