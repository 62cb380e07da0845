// How scores are said at the table: "fifteen two", "pair royal for six", "run of four",
// "thirty-one for two", "one for last", and the show's running count
// ("fifteen two, fifteen four and a pair is six"). Pure functions, tested in tests/js.

import { listed } from "./cards.js";

const NUMBER_WORDS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
  "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four",
  "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine",
];

/** 6 -> "six" (up to twenty-nine, the most a hand can hold); larger numbers as digits. */
export function numberWord(n) {
  return NUMBER_WORDS[n] || String(n);
}

function pairName(points) {
  if (points === 6) return "pair royal";
  if (points === 12) return "double pair royal";
  return "a pair";
}

/** One scoring item said on its own: the play's announcements. */
function alone(item) {
  switch (item.kind) {
    case "fifteen":
      return `fifteen ${numberWord(item.points)}`;
    case "thirty-one":
      return `thirty-one for ${numberWord(item.points)}`;
    case "pair":
      return `${pairName(item.points)} for ${numberWord(item.points)}`;
    case "run":
      return `run of ${numberWord(item.points)}`;
    case "flush":
      return `flush for ${numberWord(item.points)}`;
    case "nobs":
      return "one for his nobs";
    default:
      return `${item.kind} for ${numberWord(item.points)}`;
  }
}

/** One item after others, carrying the running total: "a pair is six". */
function following(item, running) {
  const total = numberWord(running);
  switch (item.kind) {
    case "fifteen":
      return `fifteen ${total}`;
    case "pair":
      return `${pairName(item.points)} is ${total}`;
    case "run":
      return `a run of ${numberWord(item.points)} is ${total}`;
    case "flush":
      return `a flush is ${total}`;
    case "nobs":
      return `one for his nobs is ${total}`;
    default:
      return `${item.kind} is ${total}`;
  }
}

/**
 * The items of one score, said the way players count aloud.
 * [] -> "no points"; one item -> its own phrase; several -> a running count.
 */
export function sayItems(items) {
  if (!items || items.length === 0) return "no points";
  if (items.length === 1) return alone(items[0]);
  let running = 0;
  const parts = items.map((item, index) => {
    running += item.points;
    if (index === 0) return item.kind === "fifteen" ? `fifteen ${numberWord(running)}` : alone(item);
    return following(item, running);
  });
  return listed(parts);
}

/** The go point: "one for the go", or "one for last" for the last card of the play. */
export function sayGo({ last }) {
  return last ? "one for last" : "one for the go";
}

/** A game's skunk for the end of a sentence: ", a skunk", ", a double skunk" or nothing. */
export function skunkText(skunk) {
  if (skunk === "skunk") return ", a skunk";
  if (skunk === "double") return ", a double skunk";
  return "";
}

/** "1 point", "2 points". */
export function points(n) {
  return `${n} point${n === 1 ? "" : "s"}`;
}
