// Counting practice: add up the points typed for each kind as the player types them, and
// bring the marking into view (and focus) after an answer.

const form = document.getElementById("practice-form");
const total = document.getElementById("practice-total");

function sum() {
  let points = 0;
  for (const input of form.querySelectorAll("fieldset input")) {
    const value = Number.parseInt(input.value, 10);
    if (Number.isFinite(value) && value > 0) points += value;
  }
  total.textContent = String(points);
}

form.addEventListener("input", sum);
sum();
document.getElementById("practice-marking")?.focus();
