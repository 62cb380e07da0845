// The round's clock on a tournament's table: "round ends in 12:34", counted down each second
// from the end time the server wrote (`<time data-countdown datetime="…">`), "time is up" after.

/** "12:34" (or "1:02:03") left until `end` (ms) at `now` (ms); "time is up" once past. */
export function timeLeft(end, now) {
  const seconds = Math.ceil((end - now) / 1000);
  if (!(seconds > 0)) return "time is up";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** Keep every `time[data-countdown]` under `root` counting; returns a stop function. */
export function startCountdowns(root = document) {
  const clocks = [...root.querySelectorAll("time[data-countdown]")];
  if (!clocks.length) return () => {};
  const tick = () => {
    for (const clock of clocks) clock.textContent = timeLeft(Date.parse(clock.getAttribute("datetime")), Date.now());
  };
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}
