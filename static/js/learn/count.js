// The hand counter: light each scoring combination's cards in turn.
//
// The server lists every item (the engine's show itemising); this only marks, for the item
// in focus or the current step, which of the five cards make it, and says it aloud.

const data = JSON.parse(document.getElementById("count-data").textContent);
const cards = [...document.querySelectorAll("#count-cards [data-card]")];
const items = [...document.querySelectorAll("#count-items li[data-cards]")];
const stepButton = document.getElementById("count-step");
const now = document.getElementById("count-now");
let step = -1;

function light(item) {
  const lit = new Set(item ? item.dataset.cards.split(",") : []);
  for (const card of cards) card.classList.toggle("is-lit", lit.has(card.dataset.card));
  for (const other of items) other.classList.toggle("is-current", other === item);
}

for (const item of items) {
  item.addEventListener("mouseenter", () => light(item));
  item.addEventListener("focus", () => light(item));
  item.addEventListener("mouseleave", () => light(items[step] || null));
}

if (stepButton && items.length) {
  stepButton.hidden = false;
  stepButton.addEventListener("click", () => {
    step = (step + 1) % (items.length + 1);
    if (step === items.length) {
      light(null);
      now.textContent = `${data.total} in all.`;
      stepButton.textContent = "Show each in turn";
      return;
    }
    light(items[step]);
    now.textContent = items[step].textContent;
    stepButton.textContent = `Next (${step + 1} of ${items.length})`;
  });
}
