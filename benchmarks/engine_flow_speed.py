"""How fast the rules engine runs whole games: random legal play through ``apply``.

Each game is a single game (match target 1) with random legal actions (and truthful claims in
manual scoring), so the time is the engine's own: ``legal_actions`` plus ``apply``, no bot
thinking. It prints games per second, actions per game and microseconds per ``apply``; with
``--views`` it also times ``view`` and ``reduce_view`` for every seat on every step (what the
server and page do). Times are CPU time of this process (``time.process_time``), so other
work on a shared machine disturbs them less than wall-clock time.

    .venv/bin/python benchmarks/engine_flow_speed.py --games 2000
    .venv/bin/python benchmarks/engine_flow_speed.py --games 200 --views
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (  # noqa: E402
    Claim,
    MatchOptions,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    new_match,
    reduce_view,
    seats_to_act,
    shuffled_deck,
    view,
)


def play_game(options: MatchOptions, rng: random.Random, timings: dict, with_views: bool) -> int:
    state = new_match(options)
    actions = 0
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
        started = time.process_time()
        new_state, events = apply(state, action)
        timings["apply"] += time.process_time() - started
        if with_views:
            started = time.process_time()
            for viewer in (0, 1, None):
                mirrored = view(state, viewer)
                for event in events:
                    mirrored = reduce_view(mirrored, event.for_viewer(viewer))
                view(new_state, viewer)
            timings["views"] += time.process_time() - started
        state = new_state
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views", action="store_true", help="also time view and reduce_view")
    args = parser.parse_args()
    print(
        f"{'options':<34} {'games/s':>8} {'actions/game':>13} {'us/apply':>9} {'us/step views':>14}"
    )
    for variant in ("six", "five"):
        for scoring, muggins in (("auto", False), ("manual", True)):
            options = MatchOptions(
                variant=variant, scoring=scoring, muggins=muggins, match_target=1
            )
            rng = random.Random(args.seed)
            timings = {"apply": 0.0, "views": 0.0}
            total_actions = 0
            started = time.process_time()
            for _ in range(args.games):
                total_actions += play_game(options, rng, timings, args.views)
            elapsed = time.process_time() - started
            label = f"{variant} {scoring}{' muggins' if muggins else ''}"
            views = (
                f"{timings['views'] / total_actions * 1e6:14.0f}" if args.views else f"{'-':>14}"
            )
            print(
                f"{label:<34} {args.games / elapsed:8.0f} {total_actions / args.games:13.0f} "
                f"{timings['apply'] / total_actions * 1e6:9.1f} {views}"
            )


if __name__ == "__main__":
    main()
