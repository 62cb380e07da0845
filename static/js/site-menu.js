// The header's menu button: on a narrow screen (site.css folds the links away under 700 px) it
// opens and closes the links. The button stays hidden until this runs, so a page without
// scripts keeps its links in view.

const button = document.getElementById("menu-button");
const menu = document.getElementById("site-menu");

if (button && menu) {
  button.hidden = false;
  document.documentElement.classList.add("menu-ready");
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("open", open);
  };
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  // Escape closes the menu and gives the keyboard back to its button.
  menu.addEventListener("keydown", (keyEvent) => {
    if (keyEvent.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    button.focus();
  });
}
