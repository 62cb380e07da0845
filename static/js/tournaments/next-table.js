// Taking a player to their table of a tournament's new round, once per round: the tournament's
// page and a finished table of it both do, and share the record, so coming back to either
// mid-match does not send the player off again.

/** Go to `url`, this player's table of `round`, unless this tab was taken there before. */
export function goToTable(tournamentId, round, url) {
  const key = `tournament-${tournamentId}-round-${round}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, "taken");
  } catch {
    // No storage (a private window's quota): go anyway.
  }
  window.location.assign(url);
}
