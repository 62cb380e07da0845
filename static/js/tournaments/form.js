// The create-a-tournament form: only the chosen format's options are shown (a field marked
// `data-formats="swiss acc"` belongs to those formats), and the start time is typed in the
// player's own time: on submit its offset from UTC at that moment goes with it, for the server.

const form = document.getElementById("tournament-form");

/** Hide each format-bound field (its whole paragraph, label and help) unless its format is chosen. */
function showFormatOptions() {
  const kind = form.elements.kind.value;
  for (const field of form.querySelectorAll("[data-formats]")) {
    const shown = field.dataset.formats.split(" ").includes(kind);
    const holder = field.closest("p") || field;
    holder.hidden = !shown;
    field.disabled = !shown;
  }
}

/** The minutes this browser's clock is behind UTC at the typed start (DST-aware), or "". */
function startOffset() {
  const typed = form.elements.starts_at.value;
  if (!typed) return "";
  const when = new Date(typed); // a datetime-local value is read as local time
  return Number.isNaN(when.getTime()) ? "" : String(when.getTimezoneOffset());
}

if (form) {
  form.elements.kind.addEventListener("change", showFormatOptions);
  showFormatOptions();
  form.addEventListener("submit", () => {
    form.elements.starts_at_offset.value = startOffset();
  });
}
