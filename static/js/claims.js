// Manual scoring: the claim panel (a number input and quick buttons, 0 allowed), the Muggins
// panel while the window is open (the caller names the points the claim missed or
// over-claimed), and what happened to the last claim (claimed, then, once the window has
// closed, actual and who pegged what). The server decides everything; this panel only asks and
// reports. With Muggins on, a claim's truth is not known to anyone until its window closes, so
// the story says only what was claimed until then.

import { points, sayItems } from "./speech.js";
import { who } from "./log.js";

const MAX_CLAIM = 29; // the protocol's bound for `points`; no hand is worth more
// A button for every count from 0 to 12 (the play never scores more at once; most hands score
// no more); 13 to 29 are typed in the number box beside them.
const QUICK = Array.from({ length: 13 }, (_, value) => value);
const PROMPTS = {
  play: "How many points for the card you played?",
  heels: "How many points for his heels?",
  hand: "Count your hand: how many points?",
  crib: "Count your crib: how many points?",
};
const SUBJECT_NAMES = { play: "the card", heels: "his heels", hand: "the hand", crib: "the crib" };

/** Parse the points a Muggins call names: a whole number 1..29, or an error message. */
export function parseMuggins(text) {
  const trimmed = String(text).trim();
  if (!/^\d{1,2}$/.test(trimmed) || Number(trimmed) < 1) return { error: "Name the points the claim was wrong by: a whole number, 1 or more." };
  const value = Number(trimmed);
  if (value > MAX_CLAIM) return { error: `No claim can be wrong by more than ${MAX_CLAIM}.` };
  return { value };
}

/** Parse what the player typed: a whole number 0..29, or an error message. */
export function parseClaim(text) {
  const trimmed = String(text).trim();
  if (!/^\d{1,2}$/.test(trimmed)) return { error: "Enter a whole number of points, 0 or more." };
  const value = Number(trimmed);
  if (value > MAX_CLAIM) return { error: `No score is more than ${MAX_CLAIM}.` };
  return { value };
}

/**
 * The story of one claim as events tell it, for the result line:
 * claim_made -> muggins_called (maybe) -> score_revealed.
 */
export class ClaimRecord {
  constructor() {
    this.current = null;
  }

  apply(event) {
    const { type, data } = event;
    if (type === "claim_made") {
      this.current = { seat: data.seat, subject: data.subject, claimed: data.claimed, muggins: null, actual: null, pegged: null, items: null };
    } else if (type === "muggins_called" && this.current) {
      this.current.muggins = { seat: data.seat, named: data.named, right: data.right, points: data.points };
    } else if (type === "score_revealed" && this.current) {
      this.current.actual = data.actual;
      this.current.pegged = data.pegged;
      this.current.items = data.items;
    }
  }

  /**
   * A sentence for everyone at the table: "bob claimed 4 for the hand." while the truth is
   * hidden; then "Actual: 2 points (fifteen two). bob pegs only 2. Muggins! You named 2 and
   * took 2 points."
   */
  describe(context) {
    return this.describeParts(context).map((part) => part.text).join("");
  }

  /**
   * The same sentence in parts; the breakdown of a hand's or crib's actual points is marked as a
   * detail, which a phone leaves to screen readers because the shown hand lists the same items.
   */
  describeParts(context) {
    const claim = this.current;
    if (!claim) return [];
    const name = who(claim.seat, context);
    const parts = [{ text: `${name} claimed ${claim.claimed} for ${SUBJECT_NAMES[claim.subject] || claim.subject}.` }];
    if (claim.actual !== null) {
      parts.push({ text: ` Actual: ${points(claim.actual)}` });
      // A hand's or crib's items are listed in its show too; a card's only here.
      const listedInShow = claim.subject !== "play";
      if (claim.items && claim.items.length) parts.push({ text: ` (${sayItems(claim.items)})`, detail: listedInShow });
      parts.push({ text: "." });
      if (claim.pegged < claim.claimed) parts.push({ text: ` ${name} ${name === "You" ? "peg" : "pegs"} only ${claim.pegged}.` });
    }
    if (claim.muggins) {
      const caller = who(claim.muggins.seat, context);
      parts.push({
        text: claim.muggins.right
          ? ` Muggins! ${caller} named ${claim.muggins.named} and took ${points(claim.muggins.points)}.`
          : ` ${caller} called Muggins for ${claim.muggins.named}: wrong, nothing pegged.`,
      });
    }
    return parts;
  }
}

export class ClaimPanel {
  constructor(section, { onClaim, onMuggins, onPass = () => {} }) {
    this.section = section;
    this.onClaim = onClaim;
    this.onMuggins = onMuggins;
    this.onPass = onPass;
    this.record = new ClaimRecord();
    this.formKey = null;
    this.mugginsKey = null;
    section.innerHTML =
      '<div class="claim-result" id="claim-result" aria-live="polite"></div>' +
      '<div class="claim-form-slot" id="claim-form-slot"></div>' +
      '<div class="muggins-slot" id="muggins-slot"></div>';
  }

  event(event) {
    this.record.apply(event);
  }

  render(view, context) {
    const manual = view.options.scoring === "manual";
    this.section.hidden = !manual;
    if (!manual) return;
    const parts = this.record.describeParts(context);
    const story = parts.map((part) => part.text).join("");
    const result = this.section.querySelector("#claim-result");
    if (result.textContent !== story) {
      result.replaceChildren(
        ...parts.map((part) => {
          if (!part.detail) return document.createTextNode(part.text);
          const detail = document.createElement("span");
          detail.className = "claim-items";
          detail.textContent = part.text;
          return detail;
        }),
      );
    }
    this.renderForm(view);
    this.renderMuggins(view, context);
    // An empty panel would only be a blank box on the table.
    this.section.hidden = !story && !view.legal.claim && !view.legal.muggins;
  }

  renderForm(view) {
    const slot = this.section.querySelector("#claim-form-slot");
    const subject = view.legal.claim;
    // Keep the form (and what is typed in it) while the same claim is pending.
    const key = subject ? `${view.game}-${view.hand}-${subject}-${view.played.length}-${view.shown.length}` : null;
    if (key === this.formKey) return;
    this.formKey = key;
    slot.replaceChildren();
    if (!subject) return;
    const form = document.createElement("form");
    form.className = "claim-form";
    form.id = "claim-form";
    form.noValidate = true;
    form.innerHTML =
      `<label for="claim-points" class="claim-prompt">${PROMPTS[subject] || "How many points?"}</label>` +
      '<div class="claim-row"><input id="claim-points" name="points" type="number" inputmode="numeric" min="0" max="29" step="1" required autocomplete="off">' +
      '<button type="submit" id="claim-submit">Claim</button></div>' +
      '<div class="quick-claims" role="group" aria-label="Quick claims"></div>' +
      '<p class="claim-error" id="claim-error" role="alert"></p>';
    const quick = form.querySelector(".quick-claims");
    for (const value of QUICK) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary quick-claim";
      button.textContent = String(value);
      button.setAttribute("aria-label", `Claim ${points(value)}`);
      button.addEventListener("click", () => this.submit(String(value), form));
      quick.append(button);
    }
    form.addEventListener("submit", (submitEvent) => {
      submitEvent.preventDefault();
      this.submit(form.querySelector("#claim-points").value, form);
    });
    // Enter in the empty box claims 0: most cards score nothing, and a key is all it takes.
    // (Something typed that is not a number is still refused; the Claim button still wants a number.)
    const box = form.querySelector("#claim-points");
    box.placeholder = "0";
    box.addEventListener("keydown", (keyEvent) => {
      if (keyEvent.key !== "Enter" || box.value.trim() !== "" || box.validity.badInput) return;
      keyEvent.preventDefault();
      this.submit("0", form);
    });
    slot.append(form);
    form.querySelector("#claim-points").focus({ preventScroll: true });
  }

  submit(text, form) {
    const parsed = parseClaim(text);
    const error = form.querySelector("#claim-error");
    if (parsed.error) {
      error.textContent = parsed.error;
      return;
    }
    error.textContent = "";
    for (const button of form.querySelectorAll("button")) button.disabled = true;
    this.onClaim(parsed.value);
  }

  /** The server refused the claim: let the player try again. */
  refused(message) {
    const form = this.section.querySelector("#claim-form");
    if (!form) return;
    for (const button of form.querySelectorAll("button")) button.disabled = false;
    form.querySelector("#claim-error").textContent = message;
  }

  renderMuggins(view, context) {
    const slot = this.section.querySelector("#muggins-slot");
    const window = view.muggins;
    const key = view.legal.muggins && window ? mugginsKey(window) : null;
    // Keep the form (and what is typed in it) while the same window is open; a new window,
    // or none, replaces it, so an old claim's prompt never lingers.
    if (key === this.mugginsKey) return;
    this.mugginsKey = key;
    slot.replaceChildren();
    if (!key) return;
    const form = document.createElement("form");
    form.className = "muggins-form";
    form.id = "muggins-form";
    form.noValidate = true;
    const claimed = `${who(window.claimant, context)} claimed ${window.claimed} for ${SUBJECT_NAMES[window.subject] || window.subject}`;
    const earlier = window.subject === "crib" && view.phase === "discard" ? " last hand" : "";
    const turnBased = Boolean(view.options.turn_based);
    form.innerHTML =
      `<p class="muggins-prompt" id="muggins-prompt"></p>` +
      '<div class="claim-row"><label for="muggins-points">Wrong by</label>' +
      '<input id="muggins-points" name="points" type="number" inputmode="numeric" min="1" max="29" step="1" autocomplete="off" aria-describedby="muggins-prompt">' +
      '<button type="submit" id="muggins-button" class="muggins">Muggins!</button>' +
      // Turn-based: the claimant's side waits for this answer, so passing is a button.
      (turnBased ? '<button type="button" id="muggins-pass" class="secondary">Pass</button>' : "") +
      "</div>" +
      '<p class="claim-error" id="muggins-error" role="alert"></p>';
    // The claim in one line; the how-to beside it, which a phone keeps for screen readers only
    // (static/css/table.css) so the panel and the Muggins box fit the screen.
    const prompt = form.querySelector("#muggins-prompt");
    const said = document.createElement("span");
    said.className = "muggins-claimed";
    said.textContent = `${claimed}${earlier}.`;
    const help = document.createElement("span");
    help.className = "muggins-help";
    help.textContent = turnBased
      ? " Counted it differently? Name the points missed or over-claimed and call Muggins, or pass: right, you peg them; wrong, you peg nothing. Play waits for your answer."
      : " Counted it differently? Name the points missed or over-claimed and call Muggins before you go on: right, you peg them; wrong, you peg nothing.";
    prompt.replaceChildren(said, help);
    form.addEventListener("submit", (submitEvent) => {
      submitEvent.preventDefault();
      const parsed = parseMuggins(form.querySelector("#muggins-points").value);
      const error = form.querySelector("#muggins-error");
      if (parsed.error) {
        error.textContent = parsed.error;
        return;
      }
      error.textContent = "";
      form.querySelector("#muggins-button").disabled = true;
      this.onMuggins(parsed.value);
    });
    const pass = form.querySelector("#muggins-pass");
    if (pass) {
      pass.addEventListener("click", () => {
        for (const button of form.querySelectorAll("button")) button.disabled = true;
        this.onPass();
      });
    }
    slot.append(form);
  }
}

/** One open window's identity: the same claim keeps its form, another gets a new one. */
function mugginsKey(window) {
  return JSON.stringify([window.claimant, window.subject, window.claimed, window.cards, window.starter]);
}
