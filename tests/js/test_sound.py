"""Table sounds (static/js/sound.js): when they play, that they wait for a gesture, the toggle."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

FAKE_AUDIO = """
const made = [];
class FakeNode {
  constructor(kind) { this.kind = kind; this.frequency = { setValueAtTime() {} }; this.gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} }; }
  connect(next) { return next; }
  start() { made.push(this.kind); }
  stop() {}
}
class FakeAudioContext {
  static created = 0;
  constructor() { FakeAudioContext.created += 1; this.state = "suspended"; this.currentTime = 0; this.destination = {}; }
  resume() { this.state = "running"; return Promise.resolve(); }
  createOscillator() { return new FakeNode("oscillator"); }
  createGain() { return new FakeNode("gain"); }
}
const sound = await load("sound.js");
const legal = (changes = {}) => ({ discard: false, play: [], claim: null, muggins: false, ...changes });
const view = (changes = {}) => ({ viewer: 0, scores: [0, 0], legal: legal(), ...changes });
"""


def test_a_chime_when_it_becomes_your_move_and_a_click_when_points_are_pegged(js):
    result = js(
        FAKE_AUDIO
        + """
        const { soundFor } = sound;
        return [
          soundFor(view(), view({ legal: legal({ play: ["5H"] }) })),
          soundFor(view(), view({ legal: legal({ claim: "hand" }) })),
          soundFor(view(), view({ legal: legal({ muggins: true }) })),
          soundFor(view({ legal: legal({ play: ["5H"] }) }), view({ legal: legal({ play: ["6H"] }) })),
          soundFor(view(), view({ scores: [0, 2] })),
          soundFor(view(), view()),
          soundFor(view({ viewer: null }), view({ viewer: null, scores: [2, 0] })),
        ];
        """
    )
    assert result == ["turn", "turn", "turn", None, "peg", None, "peg"]


def test_nothing_is_made_or_played_before_a_gesture_and_then_only_while_on(js):
    result = js(
        FAKE_AUDIO
        + """
        const target = new EventTarget();
        const sounds = new sound.TableSounds({ on: true, AudioContextClass: FakeAudioContext, target });
        const early = sounds.play("turn");
        const createdEarly = FakeAudioContext.created;
        target.dispatchEvent(new Event("keydown"));
        await Promise.resolve();
        const played = sounds.play("turn");
        const afterTurn = made.length;
        sounds.on = false;
        const silent = sounds.play("peg");
        target.dispatchEvent(new Event("pointerdown"));
        return { early, createdEarly, played, afterTurn, silent, made: made.length, created: FakeAudioContext.created };
        """
    )
    assert (result["early"], result["createdEarly"]) == (False, 0)
    assert result["played"] is True and result["afterTurn"] == 2, "two notes of the chime"
    assert result["silent"] is False and result["made"] == 2
    assert result["created"] == 1, "one audio context, made in the first gesture"


def test_the_choice_is_remembered_and_the_profile_decides_until_then(js):
    result = js(
        FAKE_AUDIO
        + """
        const store = new Map();
        const storage = { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => store.set(key, value) };
        const before = [sound.loadSoundChoice(storage, "off"), sound.loadSoundChoice(storage, "on")];
        sound.saveSoundChoice("off", storage);
        const blocked = { getItem() { throw new Error("blocked"); }, setItem() { throw new Error("blocked"); } };
        sound.saveSoundChoice("on", blocked);
        return [...before, sound.loadSoundChoice(storage, "on"), sound.loadSoundChoice(blocked, "off")];
        """
    )
    assert result == ["off", "on", "off", "off"]
