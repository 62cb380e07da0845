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
    .venv/bin/python benchmarks/bot_strength.py expert hard --games 20000 --workers 2 \
        --record runs.jsonl         # stops at 20,000 games or a budget, whichever is first
    .venv/bin/python benchmarks/bot_strength.py --summarize runs.jsonl other.jsonl
    .venv/bin/python benchmarks/bot_strength.py expert expert@ca3c175 --games 20000 --workers 16

A level named ``LEVEL@COMMIT`` is that level as it was at that commit (benchmarks/frozen_bot.py):
the expert against itself before a change, on the same deals.

``--record`` appends each pair's outcome to a file as it finishes, tagged with a digest of the
engine and bot sources and tables (``code``), so runs in separate processes, sessions or
machines pool into one result with ``--summarize`` when they played the same code, and a run
that is stopped early loses nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.frozen_bot import commit_of, frozen_bot, is_frozen  # noqa: E402
from games.bots import LEVELS, Bot, bot_for_level  # noqa: E402
from games.bots.simulate import SOURCES, play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402

Z_95 = 1.959964


def make_bot(name: str) -> Bot:
    """A level of this code, or ``LEVEL@COMMIT``: that level as it was at that commit
    (benchmarks/frozen_bot.py)."""
    if is_frozen(name):
        return frozen_bot(name)
    return bot_for_level(name)


def level_name(name: str) -> str:
    """An argument naming a level: one of :data:`LEVELS`, or ``LEVEL@COMMIT``."""
    level, _, revision = name.partition("@")
    if level not in LEVELS or (is_frozen(name) and not revision):
        raise argparse.ArgumentTypeError(
            f"not a level: {name!r} (one of {LEVELS}, or LEVEL@COMMIT)"
        )
    if revision:
        commit_of(revision)
    return name


def play_pair(first: str, second: str, options: MatchOptions, seed: int):
    """Two games on the same shuffles and bot seeds, ``first`` in seat 0 then in seat 1."""
    records = []
    for first_seat in (0, 1):
        levels = [first, second] if first_seat == 0 else [second, first]
        bots = [make_bot(level) for level in levels]
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


def pair_outcome(job: tuple[str, str, MatchOptions, int]) -> dict:
    """One duplicate pair's outcome as plain data (so it can cross processes and be recorded)."""
    first, second, options, seed = job
    out = {
        "seed": seed,
        "wins": 0,
        "hands": 0,
        "skunks": 0,
        "gains": dict.fromkeys((*SOURCES, "total"), 0),
        "points": {who: dict.fromkeys(SOURCES, 0) for who in ("first", "second")},
        "thinking": {"first": [0.0, 0], "second": [0.0, 0]},
        "wall": {"first": [], "second": []},
        "cpu": {"first": [], "second": []},
    }
    for first_seat, record in play_pair(first, second, options, seed):
        out["wins"] += record.winner == first_seat
        out["hands"] += record.hands
        out["skunks"] += record.scores[1 - record.winner] < options.skunk_line
        for seat, who in ((first_seat, "first"), (1 - first_seat, "second")):
            sign = 1 if who == "first" else -1
            for source in SOURCES:
                out["points"][who][source] += record.points[seat][source]
                out["gains"][source] += sign * record.points[seat][source]
                out["gains"]["total"] += sign * record.points[seat][source]
            out["thinking"][who][0] += record.thinking_seconds[seat]
            out["thinking"][who][1] += record.decisions[seat]
            out["wall"][who].extend(record.decision_seconds[seat])
            out["cpu"][who].extend(record.decision_cpu_seconds[seat])
    return out


def bot_fingerprint() -> str:
    """A digest of the engine, strategy and bot sources and data: pairs recorded under one fingerprint
    were played by the same code, so files of separate runs may be pooled."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent / "games"
    for path in sorted(
        [
            *root.glob("engine/**/*.py"),
            *root.glob("strategy/**/*.py"),
            *root.glob("strategy/data/*.json"),
            *root.glob("bots/*.py"),
        ]
    ):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def run_pairs(args, options: MatchOptions) -> tuple[list[dict], float, float]:
    """Play pairs (in ``args.workers`` processes) until the count or a time budget runs out."""
    budgeted = args.minutes is not None or args.wall_minutes is not None
    games = args.games if args.games is not None else (None if budgeted else 200)
    pairs = sys.maxsize if games is None else math.ceil(games / 2)
    cpu_limit = math.inf if args.minutes is None else args.minutes * 60
    wall_limit = math.inf if args.wall_minutes is None else args.wall_minutes * 60
    jobs = ((args.first, args.second, options, args.seed * 10**6 + pair) for pair in range(pairs))
    outcomes: list[dict] = []
    record = open(args.record, "a") if args.record else None  # noqa: SIM115
    header = {
        "fingerprint": bot_fingerprint(),
        "first": args.first,
        "second": args.second,
        "variant": args.variant,
        "scoring": args.scoring,
    }
    start, cpu_start = time.perf_counter(), time.process_time()
    pool = Pool(args.workers) if args.workers > 1 else None
    results = pool.imap(pair_outcome, jobs) if pool else map(pair_outcome, jobs)
    thinking = 0.0
    try:
        for outcome in results:
            outcomes.append(outcome)
            if record:
                slim = {key: outcome[key] for key in ("seed", "wins", "hands", "skunks", "gains")}
                record.write(json.dumps({**header, **slim}) + "\n")
                record.flush()
            thinking += sum(outcome["cpu"]["first"]) + sum(outcome["cpu"]["second"])
            # One process: its own CPU; several: the bots' thinking CPU, summed over workers.
            cpu = thinking if pool else time.process_time() - cpu_start
            if time.perf_counter() - start >= wall_limit or cpu >= cpu_limit:
                break
    finally:
        if pool:
            pool.terminate()
        if record:
            record.close()
    return outcomes, time.perf_counter() - start, time.process_time() - cpu_start


def print_gains(first: str, second: str, outcomes: list[dict]) -> None:
    """The first level's points less the second's per duplicate pair, by source, with 95%
    half-widths."""
    parts = []
    for source in (*SOURCES, "total"):
        gains = [outcome["gains"][source] for outcome in outcomes]
        if any(gains):
            gain, half = mean_interval(gains)
            parts.append(f"{source} {gain:+.2f} +/- {half:.2f}")
    print(f"  {first} less {second}, points per duplicate pair: " + ", ".join(parts))


def summarize_records(paths: list[str]) -> None:
    """Pool pairs recorded by several runs (same fingerprint, levels and game) and print them."""
    groups: dict[tuple, list[dict]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            key = (row["fingerprint"], row["first"], row["second"], row["variant"], row["scoring"])
            groups.setdefault(key, []).append(row)
    for (fingerprint, first, second, variant, scoring), rows in groups.items():
        seeds = {row["seed"] for row in rows}
        unique = {row["seed"]: row for row in rows}.values()
        mean, low, high = confidence_interval([row["wins"] / 2 for row in unique])
        print(
            f"{first} vs {second}, {variant}-card game, {scoring} scoring, code {fingerprint}: "
            f"{len(seeds)} duplicate pairs ({len(rows) - len(seeds)} repeated seeds dropped)"
        )
        print(f"{first} wins {mean:.1%} of games, 95% CI [{low:.1%}, {high:.1%}] (over pairs)")
        print_gains(first, second, list(unique))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=level_name, nargs="?")
    parser.add_argument("second", type=level_name, nargs="?")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games to play, rounded up to pairs (default 200, or as many as a budget allows)",
    )
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop after this much CPU time (all workers)"
    )
    parser.add_argument(
        "--wall-minutes", type=float, default=None, help="and at the latest after this wall time"
    )
    parser.add_argument("--variant", choices=("six", "five"), default="six")
    parser.add_argument("--scoring", choices=("auto", "manual"), default="auto")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes playing pairs")
    parser.add_argument("--record", default=None, help="append each pair's outcome to this file")
    parser.add_argument(
        "--summarize", nargs="+", default=None, help="pool recorded files instead of playing"
    )
    args = parser.parse_args()
    if args.summarize:
        summarize_records(args.summarize)
        return
    if args.first is None or args.second is None:
        parser.error("name the two levels (or --summarize files)")

    manual = args.scoring == "manual"
    options = MatchOptions(
        variant=args.variant, scoring=args.scoring, muggins=manual, match_target=1
    )
    outcomes, elapsed, own_cpu = run_pairs(args, options)
    points = {who: dict.fromkeys(SOURCES, 0) for who in ("first", "second")}
    thinking = {"first": [0.0, 0], "second": [0.0, 0]}
    decision_times: dict[str, list[float]] = {"first": [], "second": []}
    decision_cpu: dict[str, list[float]] = {"first": [], "second": []}
    for outcome in outcomes:
        for who in ("first", "second"):
            for source in SOURCES:
                points[who][source] += outcome["points"][who][source]
            thinking[who][0] += outcome["thinking"][who][0]
            thinking[who][1] += outcome["thinking"][who][1]
            decision_times[who].extend(outcome["wall"][who])
            decision_cpu[who].extend(outcome["cpu"][who])
    pair_scores = [outcome["wins"] / 2 for outcome in outcomes]
    hands = sum(outcome["hands"] for outcome in outcomes)
    skunks = sum(outcome["skunks"] for outcome in outcomes)
    cpu = own_cpu if args.workers == 1 else sum(map(sum, decision_cpu.values()))

    games = 2 * len(pair_scores)
    mean, low, high = confidence_interval(pair_scores)
    print(
        f"{args.first} vs {args.second}, {args.variant}-card game, {args.scoring} scoring, "
        f"seed {args.seed}, code {bot_fingerprint()}: {games} games ({len(pair_scores)} "
        f"duplicate pairs) in {elapsed:.0f} s wall on {args.workers} process(es), "
        f"{games / max(cpu, 1e-9):.1f} games per CPU second of thinking"
    )
    print(
        f"{args.first} wins {mean:.1%} of games, 95% CI [{low:.1%}, {high:.1%}] "
        f"(over pairs); {hands / max(games, 1):.1f} hands per game; skunks {skunks}"
    )
    for who, level in (("first", args.first), ("second", args.second)):
        per_hand = {source: points[who][source] / max(hands, 1) for source in SOURCES}
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
    print_gains(args.first, args.second, outcomes)


if __name__ == "__main__":
    main()
