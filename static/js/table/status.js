// The status line under the table: what the table waits for, in one sentence.

const NUMBER_WORDS = ["no", "one", "two"];

/** "one card", "two cards": how many cards the viewer lays away, in words. */
function cardCount(count) {
  return `${NUMBER_WORDS[count] ?? count} card${count === 1 ? "" : "s"}`;
}

/** The status sentence for a view; `name(seat)` names a seat from the viewer's side. */
export function statusText(view, name) {
  const you = view.viewer;
  let text = "";
  if (view.phase === "cut_for_deal") text = view.cuts ? "Cutting for deal…" : "Waiting for both players…";
  else if (view.phase === "discard") {
    if (view.legal.discard) text = `Choose ${cardCount(view.legal.throw)} to discard.`;
    else {
      const waiting = view.to_act.map((seat) => name(seat));
      text = waiting.length ? `Waiting for ${waiting.join(" and ")} to discard.` : "";
    }
  } else if (view.phase === "play") {
    if (view.pending_claim) text = view.pending_claim.seat === you ? "Claim your points." : `Waiting for ${name(view.pending_claim.seat)} to claim.`;
    else if (view.turn === you) text = `Your turn: play a card (count ${view.count}).`;
    else if (view.turn !== null) text = `${name(view.turn)} to play.`;
  } else if (view.phase === "show") {
    text = view.pending_claim ? (view.pending_claim.seat === you ? "Count your points and claim them." : `Waiting for ${name(view.pending_claim.seat)} to count.`) : "The show.";
  } else if (view.phase === "match_over") text = "The match is over.";
  if (view.legal && view.legal.muggins && view.muggins) text = `${text} ${mugginsPrompt(view, name)}`.trim();
  return text;
}

const SUBJECTS = { play: "card", heels: "heels", hand: "hand", crib: "crib" };

/**
 * Which claim a Muggins call would be on, so a window carried into the next hand (the crib's,
 * open through the next deal) says it is last hand's and is not read as a stale prompt.
 */
export function mugginsPrompt(view, name) {
  const window = view.muggins;
  const claimant = name(window.claimant);
  const owner = claimant === "You" ? "your" : `${claimant}'s`;
  const earlier = window.subject === "crib" && view.phase === "discard" ? " from last hand" : "";
  return `You may call Muggins on ${owner} ${SUBJECTS[window.subject] || window.subject}${earlier} (claimed ${window.claimed}).`;
}

/** Draw the status line (`element`) for a view. */
export function renderStatus(element, view, name) {
  element.textContent = statusText(view, name);
}
