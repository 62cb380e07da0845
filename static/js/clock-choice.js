// The time control on the forms that start a match (templates/games/_match_options_fields.html):
// the collapsed box's summary names the clock chosen, and ticking "Rated" while "No clock" is
// chosen picks the rated default (a rated match always has a clock; the server refuses one
// without, which is what a page without scripts is told).

function labelOf(select) {
  return select.selectedOptions[0]?.textContent ?? "";
}

function wire(form) {
  const select = form.querySelector("select[name=clock]");
  if (!select) return;
  const chosen = form.querySelector("[data-clock-chosen]");
  const show = () => {
    if (chosen) chosen.textContent = labelOf(select);
  };
  select.addEventListener("change", show);
  const rated = form.querySelector("input[name=rated]");
  const fallback = select.dataset.ratedDefault;
  if (rated && fallback) {
    rated.addEventListener("change", () => {
      if (rated.checked && select.value === "none" && select.querySelector(`option[value="${fallback}"]`)) {
        select.value = fallback;
        show();
      }
    });
  }
  show();
}

document.querySelectorAll("form").forEach(wire);
