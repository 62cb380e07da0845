// The match clock on the page: each seat's time, counted down between the server's frames.
//
// The server keeps the clock (games/services/clocks.py) and sends it whole in the view and in
// every `clock_changed` event: what each seat had at `since` (server time) and which seats run.
// The page only counts down from there, on its estimate of the server's time: the offset learned
// from the `hello`'s `now`, plus half the round trip of its own actions (action to ack), since
// a frame is already that old when it arrives (docs/protocol.md, "The clock").

/** Milliseconds left to `seat` at server time `serverNow`. */
export function remainingMs(clock, seat, serverNow) {
  const left = clock.remaining[seat];
  if (!clock.running.includes(seat) || clock.since === null) return left;
  return Math.max(0, left - Math.max(0, serverNow - clock.since));
}

const HOUR_MS = 3600000;
const DAY_MS = 24 * HOUR_MS;

/** "4:05", and under ten seconds "9.4": the tenths matter then; a turn-based clock's days and
 * hours read "2 d 23 h" and "5 h 12 min". */
export function formatClock(ms) {
  if (ms >= DAY_MS) return `${Math.floor(ms / DAY_MS)} d ${Math.floor((ms % DAY_MS) / HOUR_MS)} h`;
  if (ms >= HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h ${Math.floor((ms % HOUR_MS) / 60000)} min`;
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Where the low-time warning starts: 20 s, or a third of a shorter bank; six hours of a
 * turn-based move. */
export function lowTimeMs(clock) {
  if (clock.kind === "days") return 6 * HOUR_MS;
  return Math.min(20000, (clock.bank * 1000) / 3);
}

/** "1 minute 5 seconds", "20 seconds": how a clock is said. */
export function sayClock(ms) {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const part = (count, unit) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (ms >= DAY_MS) return `${part(Math.floor(ms / DAY_MS), "day")} ${part(Math.floor((ms % DAY_MS) / HOUR_MS), "hour")}`;
  if (ms >= HOUR_MS) return `${part(Math.floor(ms / HOUR_MS), "hour")} ${part(Math.floor((ms % HOUR_MS) / 60000), "minute")}`;
  if (!minutes) return part(rest, "second");
  return rest ? `${part(minutes, "minute")} ${part(rest, "second")}` : part(minutes, "minute");
}

/** The page's estimate of the server's time. */
export class ServerTime {
  constructor() {
    this.offset = 0; // server time minus local time, as the last hello said
    this.trips = []; // the last few action round trips, in ms
  }

  hello(serverNow, receivedAt = Date.now()) {
    if (typeof serverNow === "number") this.offset = serverNow - receivedAt;
  }

  roundTrip(ms) {
    if (!(ms >= 0)) return;
    this.trips = [...this.trips.slice(-4), ms];
  }

  /** Half the median round trip: how old a frame is when it arrives. */
  latency() {
    if (!this.trips.length) return 0;
    const sorted = [...this.trips].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] / 2;
  }

  now(local = Date.now()) {
    return local + this.offset + this.latency();
  }
}

/**
 * The clocks of a timed match: one line per seat, ticking while it runs, marked and announced
 * (visually, by a sound and through the table's spoken line) when the viewer's own time runs low.
 */
export class ClockDisplay {
  constructor(element, { time = new ServerTime(), name = (seat) => `Seat ${seat + 1}`, say = () => {}, warn = () => {} } = {}) {
    this.element = element;
    this.time = time;
    this.name = name;
    this.say = say;
    this.warn = warn;
    this.clock = null;
    this.viewer = null;
    this.warnedAt = null; // the `since` of the wait whose low time was already announced
    this.warnings = []; // what was said, newest last (for tests and curious people)
    this.timer = null;
  }

  render(view) {
    this.clock = view.clock || null;
    this.viewer = view.viewer;
    if (!this.element) return;
    this.element.hidden = this.clock === null;
    if (this.clock === null) return;
    if (this.element.children.length !== this.clock.remaining.length) {
      this.element.replaceChildren(
        ...this.clock.remaining.map((_, seat) => {
          const line = document.createElement("span");
          line.className = "clock";
          line.dataset.seat = String(seat);
          line.setAttribute("role", "timer");
          line.innerHTML = '<span class="clock-name"></span> <span class="clock-time"></span>';
          return line;
        }),
      );
    }
    this.tick();
    clearInterval(this.timer);
    this.timer = this.clock.running.length ? setInterval(() => this.tick(), 100) : null;
  }

  tick() {
    const clock = this.clock;
    if (!clock || !this.element) return;
    const now = this.time.now();
    for (const line of this.element.children) {
      const seat = Number(line.dataset.seat);
      const running = clock.running.includes(seat);
      // Days per move: a seat not waited on will have the full days when its move comes, so
      // that is what it shows (the server gives a new wait its days afresh).
      const idleDays = clock.kind === "days" && !running && clock.remaining[seat] > 0;
      const left = idleDays ? clock.bank * 1000 : remainingMs(clock, seat, now);
      line.querySelector(".clock-name").textContent = this.name(seat);
      line.querySelector(".clock-time").textContent = formatClock(left);
      line.classList.toggle("running", running);
      line.classList.toggle("low", left <= lowTimeMs(clock) && (running || left === 0));
      line.classList.toggle("out", left === 0);
      line.setAttribute("aria-label", `${this.name(seat)}: ${sayClock(left)}${running ? ", running" : ""}`);
      if (seat === this.viewer && running && left > 0 && left <= lowTimeMs(clock) && this.warnedAt !== clock.since) {
        this.warnedAt = clock.since;
        const text = `Your clock: ${sayClock(left)} left`;
        this.warnings.push(text);
        this.warn();
        this.say(text);
      }
    }
  }
}
