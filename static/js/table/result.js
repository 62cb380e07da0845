// The result panel: a game's result (until "Next game" is pressed) and the match's end, with
// how it ended when that was not on points.

import { EventAfter } from "./event-after.js";
import { otherSeats, sideNamed } from "../seats.js";
import { points, skunkText } from "../speech.js";

/** How a match that did not end on points ended, from the viewer's side, or null. */
export function endingLine(view, name) {
  if (view.phase !== "match_over" || view.winner === null) return null;
  const losers = otherSeats(view, view.winner);
  // With one opponent the loser is the one who resigned or left; with more the view cannot say which.
  const loser = losers.length === 1 ? losers[0] : null;
  const you = loser !== null && loser === view.viewer;
  if (view.end_reason === "resigned") {
    if (loser === null) return "The match ended by a resignation.";
    return `The match ended by ${you ? "your" : `${name(loser)}'s`} resignation.`;
  }
  if (view.end_reason === "time") {
    if (loser === null) return "The match ended on time: a clock ran out.";
    return you ? "Your clock ran out: you lose on time." : `${name(loser)}'s clock ran out: the match is won on time.`;
  }
  if (view.end_reason === "abandoned") {
    if (loser === null) return "A player left the table while the game waited on them, and the win was claimed.";
    return you ? "You left the table while the game waited on you, and the win was claimed." : `${name(loser)} left the table while the game waited on them, and the win was claimed.`;
  }
  return null;
}

/** "Final score 121 to 95, a skunk: 2 points to you.": against the best of the other seats. */
export function finalScoreLine(result, view, name) {
  const runnerUp = Math.max(...result.scores.filter((_, seat) => seat !== result.winner));
  return `Final score ${result.scores[result.winner]} to ${runnerUp}${skunkText(result.skunk)}: ${points(result.match_points)} to ${winnerSide(view, result.winner, name)}.`;
}

/** The winning side in a sentence's object: "you", "bob", "you & carol", "ann & cy". */
function winnerSide(view, seat, name) {
  const side = sideNamed(view, seat, name);
  return side.you ? side.text.replace(/^You/, "you") : side.text;
}

/** "You won the match!", or after a resignation "bob resigned: you win the match". */
export function matchHeading(view, name) {
  if (view.winner === null) return "The match was aborted: every player left";
  const youWon = view.winner === view.viewer;
  const winner = youWon ? "you" : name(view.winner);
  const losers = otherSeats(view, view.winner);
  if (view.end_reason === "resigned" && losers.length === 1) {
    const loser = losers[0] === view.viewer ? "You" : name(losers[0]);
    return `${loser} resigned: ${winner} ${youWon ? "win" : "wins"} the match`;
  }
  const side = sideNamed(view, view.winner, name);
  if (view.end_reason === "resigned") return `${side.text} ${side.plural ? "win" : "wins"} the match by resignation`;
  if (side.text === "You") return "You won the match!";
  return `${side.text} won the match${side.you ? "!" : ""}`;
}

export class ResultPanel {
  /** `table` gives `$`, `view`, `name(seat)`, `seatOrder()` and the page's lobby URL on `root`. */
  constructor(table) {
    this.table = table;
    this.lastResult = null; // the last game's result, until dismissed
    // A tournament's table: the standings and the next round under the match's result.
    this.eventAfter = new EventAfter(table.root);
  }

  afterEvent({ type, data }) {
    if (type === "game_ended") this.lastResult = { ...data, match_over: false };
    if (type === "match_ended" && this.lastResult) this.lastResult.match_over = true;
  }

  render() {
    const { view } = this.table;
    const name = (seat) => this.table.name(seat);
    const panel = this.table.$("result-panel");
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
      heading.textContent = matchHeading(view, name);
      const standing = this.table.seatOrder().map((seat) => `${name(seat)} ${view.match_scores[seat]}`).join(", ");
      // A match given up ends whatever the match points say: the result says so, with the
      // points as they stood, so "You won the match! Match points: You 0, bob 0." never reads
      // as a win on points.
      const early = ["resigned", "abandoned", "aborted"].includes(view.end_reason);
      lines.push(early ? `Match points when it ended: ${standing} (of ${view.options.match_target} to win).` : `Match points: ${standing}.`);
      const ending = endingLine(view, name);
      if (ending) lines.push(ending);
    } else {
      const side = sideNamed(view, result.winner, name);
      heading.textContent = side.text === "You" ? "You won the game!" : `${side.text} won the game${side.you ? "!" : ""}`;
    }
    if (result) lines.push(finalScoreLine(result, view, name));
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
      // A tournament's table goes back to the tournament (its standings and next round).
      const back = this.table.root.dataset;
      lobby.href = back.backUrl || back.lobbyUrl || "/";
      lobby.className = "button";
      lobby.id = "back-to-lobby";
      lobby.textContent = back.backText || "Back to the lobby";
      actions.append(lobby);
      // The review app answers at /matches/<id>/review/ once the match is over.
      if (this.table.root.dataset.reviewUrl) {
        const review = document.createElement("a");
        review.href = this.table.root.dataset.reviewUrl;
        review.className = "button secondary";
        review.id = "review-match";
        review.textContent = "Review this match";
        actions.append(review);
      }
    } else {
      const next = document.createElement("button");
      next.type = "button";
      next.className = "secondary";
      next.textContent = "Next game";
      next.addEventListener("click", () => {
        this.lastResult = null;
        this.render();
      });
      actions.append(next);
    }
    box.append(actions);
    if (matchOver && this.eventAfter.element) {
      this.eventAfter.start();
      box.append(this.eventAfter.element);
    }
    panel.replaceChildren(box);
  }
}
