"""How fast a match state is turned into JSON: the one serialiser and the two that read it.

Every action saves the state (``MatchState.to_dict``), a reconnect or a bot turn loads it
(``MatchState.from_dict``) and a snapshot gives each viewer its view (``view``); the review's
timeline takes a face-up snapshot of every step. This plays random legal matches (two, three
and four seats), keeps every state on the way, and times each of the four over all of them.
Times are CPU time of this process (``time.process_time``), so other work on a shared machine
disturbs them less than wall-clock time.

    .venv/bin/python benchmarks/state_json_speed.py --matches 6 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (  # noqa: E402
    Claim,
    MatchOptions,
    MatchState,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from review.timeline import _snapshot as timeline_snapshot  # noqa: E402


def match_states(options: MatchOptions, rng: random.Random) -> list[MatchState]:
    """Every state of one random match with truthful claims."""
    state = new_match(options)
    states = [state]
    while state.phase != "match_over":
        seats = sorted(seats_to_act(state))
        if needs_shuffle(state) and not seats:
            action = Shuffle(shuffled_deck(rng))
        else:
            seat = rng.choice(seats)
            if state.pending is not None and state.pending.seat == seat:
                action = Claim(seat, state.pending.actual)
            else:
                action = rng.choice(legal_actions(state, seat))
        state, _ = apply(state, action)
        states.append(state)
    return states


def best_of(rounds: int, work: Callable[[], Any]) -> float:
    """The fastest of ``rounds`` runs, in CPU seconds."""
    times = []
    for _ in range(rounds):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="random matches per seat count")
    parser.add_argument("--rounds", type=int, default=5, help="timed runs; the best is printed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    states: list[MatchState] = []
    for players in (2, 3, 4):
        options = MatchOptions(players=players, scoring="manual", muggins=True, match_target=1)
        for _ in range(args.matches):
            states.extend(match_states(options, rng))
    stored = [json.loads(json.dumps(state.to_dict())) for state in states]
    viewers = [(state, seat) for state in states for seat in (*state.seats, None)]
    timings = {
        "to_dict": (len(states), lambda: [state.to_dict() for state in states]),
        "from_dict": (len(stored), lambda: [MatchState.from_dict(data) for data in stored]),
        "view": (len(viewers), lambda: [view(state, seat) for state, seat in viewers]),
        "timeline snapshot": (len(states), lambda: [timeline_snapshot(s) for s in states]),
    }
    print(f"{len(states)} states; best of {args.rounds} runs, CPU microseconds per call")
    for name, (calls, work) in timings.items():
        print(f"{name:<18} {best_of(args.rounds, work) / calls * 1e6:8.1f} us  ({calls} calls)")


if __name__ == "__main__":
    main()
