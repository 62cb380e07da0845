"""How strong one computer level is against another: duplicate games through the engine alone.

Each pair of games uses one shuffle sequence twice, the levels swapping seats for the second
game, so both levels are dealt the same cards and the luck of the deal largely cancels. Each
game is a single game (match target 1) in the chosen variant. It prints the first level's win
rate with a 95% confidence interval taken over the *pairs* (a pair scores 0, 1/2 or 1, so the
correlation between the two games of a pair is accounted for, not assumed away), the mean
points per hand of each level by source, the first level's gain over the second per duplicate
pair by source (hand, crib, play, heels, Muggins, total) with 95% intervals, each level's
decision times (mean, median, p99, max) and games per second.

    .venv/bin/python benchmarks/bot_strength.py hard medium --games 5000
    .venv/bin/python benchmarks/bot_strength.py medium easy --games 1000 --variant five
    .venv/bin/python benchmarks/bot_strength.py hard medium --minutes 15   # as many as fit
    .venv/bin/python benchmarks/bot_strength.py expert hard --wall-minutes 25
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import LEVELS, bot_for_level  # noqa: E402
from games.bots.simulate import SOURCES, play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402

Z_95 = 1.959964


def play_pair(first: str, second: str, options: MatchOptions, seed: int):
    """Two games on the same shuffles and bot seeds, ``first`` in seat 0 then in seat 1."""
    records = []
    for first_seat in (0, 1):
        levels = [first, second] if first_seat == 0 else [second, first]
        bots = [bot_for_level(level) for level in levels]
        record = play_match(
            bots,
            options=options,
            deck_rng=random.Random(seed),
            bot_rngs=[random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)],
        )
        records.append((first_seat, record))
    return records


def confidence_interval(pair_scores: list[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval of per-pair win fractions."""
    mean = statistics.fmean(pair_scores)
    if len(pair_scores) < 2:
        return mean, 0.0, 1.0
    half = Z_95 * statistics.stdev(pair_scores) / math.sqrt(len(pair_scores))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95% interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.fmean(values), Z_95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(sorted_values: list[float], share: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=LEVELS)
    parser.add_argument("second", choices=LEVELS)
    parser.add_argument(
        "--games", type=int, default=200, help="games to play (rounded up to pairs)"
    )
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop after this much CPU time (one core)"
    )
    parser.add_argument(
        "--wall-minutes", type=float, default=None, help="and at the latest after this wall time"
    )
    parser.add_argument("--variant", choices=("six", "five"), default="six")
    parser.add_argument("--scoring", choices=("auto", "manual"), default="auto")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    manual = args.scoring == "manual"
    options = MatchOptions(
        variant=args.variant, scoring=args.scoring, muggins=manual, match_target=1
    )
    budgeted = args.minutes is not None or args.wall_minutes is not None
    pairs = sys.maxsize if budgeted else math.ceil(args.games / 2)
    cpu_limit = math.inf if args.minutes is None else args.minutes * 60
    wall_limit = math.inf if args.wall_minutes is None else args.wall_minutes * 60
    points = {level_seat: dict.fromkeys(SOURCES, 0) for level_seat in ("first", "second")}
    pair_gains: dict[str, list[float]] = {source: [] for source in (*SOURCES, "total")}
    """Per pair: the first level's points less the second's, by source, over both games."""
    hands = 0
    thinking = {"first": [0.0, 0], "second": [0.0, 0]}
    decision_times: dict[str, list[float]] = {"first": [], "second": []}
    decision_cpu: dict[str, list[float]] = {"first": [], "second": []}
    pair_scores: list[float] = []
    skunks = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for pair in range(pairs):
        if (
            time.process_time() - cpu_start >= cpu_limit
            or time.perf_counter() - start >= wall_limit
        ):
            break
        wins = 0
        gains = dict.fromkeys(pair_gains, 0.0)
        for first_seat, record in play_pair(
            args.first, args.second, options, args.seed * 10**6 + pair
        ):
            wins += record.winner == first_seat
            hands += record.hands
            loser_score = record.scores[1 - record.winner]
            skunks += loser_score < options.skunk_line
            for seat, who in ((first_seat, "first"), (1 - first_seat, "second")):
                sign = 1 if who == "first" else -1
                for source in SOURCES:
                    points[who][source] += record.points[seat][source]
                    gains[source] += sign * record.points[seat][source]
                    gains["total"] += sign * record.points[seat][source]
                thinking[who][0] += record.thinking_seconds[seat]
                thinking[who][1] += record.decisions[seat]
                decision_times[who].extend(record.decision_seconds[seat])
                decision_cpu[who].extend(record.decision_cpu_seconds[seat])
        pair_scores.append(wins / 2)
        for source, gain in gains.items():
            pair_gains[source].append(gain)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start

    games = 2 * len(pair_scores)
    mean, low, high = confidence_interval(pair_scores)
    print(
        f"{args.first} vs {args.second}, {args.variant}-card game, {args.scoring} scoring, "
        f"seed {args.seed}: {games} games ({len(pair_scores)} duplicate pairs) in {cpu:.0f} s "
        f"of CPU ({elapsed:.0f} s wall), {games / cpu:.1f} games per CPU second"
    )
    print(
        f"{args.first} wins {mean:.1%} of games, 95% CI [{low:.1%}, {high:.1%}] "
        f"(over pairs); {hands / games:.1f} hands per game; skunks {skunks}"
    )
    for who, level in (("first", args.first), ("second", args.second)):
        per_hand = {source: points[who][source] / hands for source in SOURCES}
        total = sum(per_hand.values())
        parts = ", ".join(f"{source} {value:.2f}" for source, value in per_hand.items() if value)
        seconds, decisions = thinking[who]
        print(
            f"  {level} ({who}): {total:.2f} points per hand: {parts}; "
            f"{1000 * seconds / max(decisions, 1):.2f} ms per decision"
        )
        for kind, spent in (("wall", decision_times[who]), ("CPU", decision_cpu[who])):
            times = sorted(spent)
            print(
                f"    decision {kind} time over {len(times)}: median "
                f"{1000 * percentile(times, 0.5):.1f} ms, p99 {1000 * percentile(times, 0.99):.1f}"
                f" ms, max {1000 * (times[-1] if times else 0.0):.1f} ms"
            )
    parts = []
    for source, gains in pair_gains.items():
        if any(gains):
            gain, half = mean_interval(gains)
            parts.append(f"{source} {gain:+.2f} +/- {half:.2f}")
    print(f"  {args.first} less {args.second}, points per duplicate pair: " + ", ".join(parts))


if __name__ == "__main__":
    main()
