// Small table sounds, synthesised with the Web Audio API: no audio files, no requests.
//
// A soft two-note chime when it becomes the viewer's move, and a short wooden click when points
// are pegged. Only when sound is on (the page's toggle, remembered in localStorage; without a
// choice the profile's preference, <body data-sound>). Browsers refuse to start audio before
// the person has pressed something on the page, so no AudioContext is made until then: sounds
// due before that are skipped, quietly.

const SOUND_KEY = "cribbage.sound";

/** "on" or "off": the choice saved on this browser, else the profile's, else on. */
export function loadSoundChoice(storage = globalThis.localStorage, fallback = "on") {
  const preferred = fallback === "off" ? "off" : "on";
  try {
    const saved = storage && storage.getItem(SOUND_KEY);
    return saved === "on" || saved === "off" ? saved : preferred;
  } catch {
    return preferred; // storage can be blocked (private mode)
  }
}

export function saveSoundChoice(choice, storage = globalThis.localStorage) {
  try {
    storage && storage.setItem(SOUND_KEY, choice === "off" ? "off" : "on");
  } catch {
    // Not remembered, but the page still follows it for now.
  }
}

/** True when it is the viewer's move in `view` (anything at all it may do but resign). */
export function viewersMove(view) {
  if (!view || view.viewer === null) return false;
  const { legal } = view;
  return Boolean(legal.discard || legal.play.length || legal.claim || legal.muggins);
}

/** What an event should sound like for this viewer: "turn", "peg" or null. */
export function soundFor(before, after) {
  if (!before || !after) return null;
  if (!viewersMove(before) && viewersMove(after)) return "turn";
  if (after.scores.some((score, seat) => score > before.scores[seat])) return "peg";
  return null;
}

export class TableSounds {
  constructor({ on = true, AudioContextClass = globalThis.AudioContext || globalThis.webkitAudioContext, target = globalThis.document } = {}) {
    this.on = on;
    this.AudioContextClass = AudioContextClass;
    this.context = null;
    this.played = []; // what was played, newest last (for tests and curious people)
    if (target && AudioContextClass) {
      const unlock = () => {
        this.unlock();
        for (const type of ["pointerdown", "keydown"]) target.removeEventListener(type, unlock, true);
      };
      for (const type of ["pointerdown", "keydown"]) target.addEventListener(type, unlock, true);
    }
  }

  /** Called inside a user gesture: the one moment a browser lets audio start. */
  unlock() {
    if (this.context || !this.AudioContextClass) return;
    try {
      this.context = new this.AudioContextClass();
      if (this.context.state === "suspended") this.context.resume().catch(() => {});
    } catch {
      this.context = null; // no audio on this device: the game is the same without it
    }
  }

  play(kind) {
    if (!this.on || !kind) return false;
    const context = this.context;
    if (!context || context.state !== "running") return false;
    const now = context.currentTime;
    if (kind === "turn") {
      this.tone(659.25, now, 0.18, 0.08); // E5
      this.tone(880, now + 0.12, 0.28, 0.07); // A5
    } else if (kind === "peg") {
      this.tone(1400, now, 0.04, 0.12, "triangle");
    } else if (kind === "low") {
      // The viewer's clock is running low: three short high beeps.
      for (const step of [0, 0.16, 0.32]) this.tone(1760, now + step, 0.08, 0.09, "square");
    }
    this.played.push(kind);
    return true;
  }

  /** One note with a quick attack and a soft exponential release, so nothing clicks or blares. */
  tone(frequency, start, length, volume, type = "sine") {
    const context = this.context;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }
}
