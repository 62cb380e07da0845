// A challenge's page (templates/social/challenge.html), kept live over /ws/challenges/<id>/:
// the moment the challenge is accepted both players go to the table; a decline, a withdrawal
// or the expiry replaces the buttons with what happened. Text only ever goes in as textContent.

import { ReconnectingSocket } from "./chat.js";

/** The sentence a challenge's state reads as, from the challenger's side or the other's. */
export function stateText(state, { isChallenger }) {
  switch (state.status) {
    case "accepted":
      return "Accepted: going to the table…";
    case "declined":
      return `Declined: ${state.reason}${state.text ? ` (${state.text})` : ""}.`;
    case "expired":
      return "This challenge expired unanswered.";
    case "cancelled":
      return "This challenge was withdrawn.";
    default:
      return isChallenger ? "Waiting for an answer…" : "Waiting for your answer.";
  }
}

const root = document.querySelector("[data-challenge]");
if (root) {
  const isChallenger = root.dataset.challenger === "true";
  const shown = root.querySelector("[data-challenge-state]");
  const socket = new ReconnectingSocket(`/ws/challenges/${root.dataset.challengeId}/`, {
    onMessage: (frame) => {
      if (frame.type !== "challenge" || frame.status === "open") return;
      if (frame.status === "accepted" && frame.match_url) {
        socket.stop();
        window.location.assign(frame.match_url);
      }
      shown.textContent = stateText(frame, { isChallenger });
      root.querySelector("[data-challenge-open]")?.remove();
    },
  });
}
