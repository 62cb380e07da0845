// Times the server writes in UTC (`<time datetime="…" data-local>`), shown in the reader's own
// time zone: a tournament's start reads as the player's clock does. Parts of a page redrawn
// later (a live tournament, the lobby's lists) are localized as they arrive.

const FORMAT = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

/** The text a UTC instant gets in this browser's time zone ("Thu 26 Nov, 14:30"). */
export function localText(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? null : when.toLocaleString([], FORMAT);
}

/** Rewrite every `time[data-local]` under `root` not yet localized. */
export function localizeTimes(root = document) {
  for (const element of root.querySelectorAll("time[data-local]:not([data-localized])")) {
    const text = localText(element.getAttribute("datetime"));
    if (text === null) continue;
    element.title = element.textContent.trim();
    element.textContent = `${text} (your time)`;
    element.dataset.localized = "true";
  }
}

localizeTimes();
new MutationObserver(() => localizeTimes()).observe(document.body, { childList: true, subtree: true });
