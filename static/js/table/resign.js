// The page's one way to resign: two presses, so a stray tap cannot end a match. The first arms
// it for 5 s ("Really resign?"); Escape, leaving the button or the time running out disarms it.

const ARMED_MS = 5000;

/** Show the Resign button (`button`, may be absent) when the viewer may resign, and wire it once. */
export function renderResign(button, { view, seated, resign }) {
  if (!button) return;
  button.hidden = !(view.viewer !== null && view.phase !== "match_over" && seated);
  if (button.dataset.wired) return;
  button.dataset.wired = "true";
  let armed = null;
  const disarm = () => {
    clearTimeout(armed);
    armed = null;
    button.textContent = "Resign";
    button.classList.remove("armed");
  };
  button.addEventListener("click", () => {
    if (armed) {
      disarm();
      button.disabled = true;
      resign();
      return;
    }
    button.textContent = "Really resign?";
    button.classList.add("armed");
    armed = setTimeout(disarm, ARMED_MS);
  });
  button.addEventListener("keydown", (keyEvent) => {
    if (keyEvent.key === "Escape" && armed) disarm();
  });
  button.addEventListener("blur", () => {
    if (armed) disarm();
  });
}
