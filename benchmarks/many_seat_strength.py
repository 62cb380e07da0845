"""How strong one computer level is against another at tables of three and four.

Three players: the first level sits in one seat against two of the second, the seat rotating
round the table over each group of three games on the same shuffles and bot seeds, so every
seat is dealt the same cards once; a level that is no better wins a third of the games.
Partnerships: the first level plays both seats of one side (0 and 2) against the second level
on the other, then the sides swap on the same shuffles; no better wins half. Each game is a
single game to 121. It prints the first level's win rate with a 95% confidence interval taken
over the groups (the games of a group share their deals, so they are not independent), the
issue's goal for the expert against hard (38% at three, 54% in partnerships, the lower bound
above 36% and 52%), each level's decision times (median, p99, max; CPU, so a loaded machine
slows them less) and the games per second.

    .venv/bin/python benchmarks/many_seat_strength.py hard medium --games 600
    .venv/bin/python benchmarks/many_seat_strength.py expert hard --players 3 --games 9000 \
        --workers 16 --record runs3.jsonl --wall-minutes 4
    .venv/bin/python benchmarks/many_seat_strength.py --summarize runs3.jsonl other.jsonl

``--record`` appends each group's outcome to a file as it finishes, tagged with the digest of
the engine and bot sources and tables (``code``, as benchmarks/bot_strength.py), so runs in
separate processes, sessions or machines pool into one result with ``--summarize`` when they
played the same code, and a run that is stopped early loses nothing.

``--head-start N`` starts the first level's seats N points up: with the same level in every
seat the groups are exactly fair without it, so what a head start wins is the head start's
alone, and the run prints it spread over the hands of a game (points a hand). That puts a goal
in wins on the scale of benchmarks/many_seat_hands.py's points a hand
(benchmarks/head_start_run.sh runs the ruler; docs/performance.md has it):

    .venv/bin/python benchmarks/many_seat_strength.py hard hard --players 3 --head-start 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bot_strength import bot_fingerprint, percentile  # noqa: E402
from games.bots import LEVELS, bot_for_level  # noqa: E402
from games.bots.simulate import play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402
from games.engine.seating import side_of  # noqa: E402

Z_95 = 1.959964
FAIR = {3: 1 / 3, 4: 1 / 2}
GOALS = {3: (0.38, 0.36), 4: (0.54, 0.52)}
"""The issue's goal for a stronger level: (win rate, lower bound of its 95% interval)."""
KIND = {3: "three players", 4: "partnerships"}


def group_outcome(job: tuple[str, str, int, int, int]) -> dict:
    """One group of games on the same deals: the first level's share of wins, its (and the
    second level's) decision CPU times and the hands played, as plain data that crosses
    processes. The first level's seats start ``head_start`` points up (0: a fair game)."""
    first, second, players, seed, head_start = job
    options = MatchOptions(players=players, match_target=1)
    seatings = range(players) if players == 3 else (0, 1)
    wins = 0
    hands = 0
    times: dict[str, list[float]] = {"first": [], "second": []}
    for placed in seatings:
        # By seat, not by level's name: a level may play against itself (with a head start).
        ours = [seat for seat in range(players) if side_of(seat, players=players) == placed]
        record = play_match(
            [bot_for_level(first if seat in ours else second) for seat in range(players)],
            options=options,
            deck_rng=random.Random(seed),
            bot_rngs=[random.Random(seed * 7 + seat) for seat in range(players)],
            start_scores=tuple(head_start if seat in ours else 0 for seat in range(players)),
        )
        wins += record.winner in ours
        hands += record.hands
        for seat in range(players):
            times["first" if seat in ours else "second"].extend(record.decision_cpu_seconds[seat])
    return {"seed": seed, "score": wins / len(seatings), "times": times, "hands": hands}


def interval(scores: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95% interval, over groups."""
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, math.inf
    return mean, Z_95 * statistics.stdev(scores) / math.sqrt(len(scores))


def print_result(first: str, second: str, players: int, scores: list[float]) -> None:
    """The win rate with its interval, and against the goal when the pair is expert and hard."""
    mean, half = interval(scores)
    games = len(scores) * (3 if players == 3 else 2)
    groups = "groups" if players == 3 else "pairs"
    print(
        f"{KIND[players]}: {first} wins {mean:.3f} ± {half:.3f} "
        f"(95% CI [{mean - half:.1%}, {mean + half:.1%}]) of {games} games, {len(scores)} "
        f"{groups} (no better: {FAIR[players]:.3f})"
    )
    rate, bound = GOALS[players]
    met = mean >= rate and mean - half > bound and len(scores) >= 3000
    print(
        f"  goal (expert against hard): at least {rate:.0%} over at least 3,000 {groups}, "
        f"lower bound above {bound:.0%}: {'met' if met else 'not met'}"
    )


def run(args: argparse.Namespace, players: int, record) -> None:
    groups = max(2, args.games // (3 if players == 3 else 2))
    jobs = (
        (args.first, args.second, players, args.seed * 10**6 + group, args.head_start)
        for group in range(groups)
    )
    wall_limit = math.inf if args.wall_minutes is None else args.wall_minutes * 60
    header = {"fingerprint": bot_fingerprint(), "first": args.first, "second": args.second}
    if args.head_start:
        header["head_start"] = args.head_start
    started = time.perf_counter()
    pool = Pool(args.workers) if args.workers > 1 else None
    results = pool.imap(group_outcome, jobs) if pool else map(group_outcome, jobs)
    scores: list[float] = []
    hands = 0
    times: dict[str, list[float]] = {"first": [], "second": []}
    try:
        for outcome in results:
            scores.append(outcome["score"])
            hands += outcome["hands"]
            for who in times:
                times[who].extend(outcome["times"][who])
            if record:
                row = {**header, "players": players, "seed": outcome["seed"]}
                record.write(json.dumps({**row, "score": outcome["score"]}) + "\n")
                record.flush()
            if time.perf_counter() - started >= wall_limit:
                break
    finally:
        if pool:
            pool.terminate()
    seconds = time.perf_counter() - started
    print_result(args.first, args.second, players, scores)
    games = len(scores) * (3 if players == 3 else 2)
    if args.head_start:
        print(
            f"  {args.first} started {args.head_start} points up; {hands / max(games, 1):.2f} "
            f"hands a game, so about {args.head_start * games / max(hands, 1):.2f} points a hand"
        )
    print(
        f"  code {header['fingerprint']}, seed {args.seed}, {seconds:.0f} s wall on "
        f"{args.workers} process(es), {games / seconds:.1f} games/s"
    )
    for who, level in (("first", args.first), ("second", args.second)):
        spent = sorted(times[who])
        print(
            f"  {level} ({who}) decision CPU time over {len(spent)}: median "
            f"{1000 * percentile(spent, 0.5):.1f} ms, p99 {1000 * percentile(spent, 0.99):.1f} ms"
            f", max {1000 * (spent[-1] if spent else 0.0):.1f} ms"
        )


def summarize(paths: list[str]) -> None:
    """Pool groups recorded by several runs (same code, levels and table) and print them."""
    pooled: dict[tuple[str, str, str, int], dict[int, float]] = {}
    repeated = 0
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            key = (
                row["fingerprint"]
                + (f" head start {row['head_start']}" if "head_start" in row else ""),
                row["first"],
                row["second"],
                row["players"],
            )
            seen = pooled.setdefault(key, {})
            repeated += row["seed"] in seen
            seen[row["seed"]] = row["score"]
    for (fingerprint, first, second, players), by_seed in sorted(pooled.items()):
        print(f"code {fingerprint}:")
        print_result(first, second, players, list(by_seed.values()))
    print(f"({repeated} repeated seeds dropped)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=LEVELS, nargs="?")
    parser.add_argument("second", choices=LEVELS, nargs="?")
    parser.add_argument("--games", type=int, default=600, help="games per table size")
    parser.add_argument("--players", type=int, choices=(3, 4), default=None, help="one table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes playing groups")
    parser.add_argument("--record", default=None, help="append each group's outcome here")
    parser.add_argument("--wall-minutes", type=float, default=None, help="stop each table then")
    parser.add_argument(
        "--head-start",
        type=int,
        default=0,
        help="the first level's seats start this many points up: what an edge is worth",
    )
    parser.add_argument("--summarize", nargs="+", default=None, help="pool recorded files")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    if args.first is None or args.second is None:
        parser.error("name the two levels (or --summarize files)")
    record = open(args.record, "a") if args.record else None  # noqa: SIM115
    try:
        for players in (3, 4) if args.players is None else (args.players,):
            run(args, players, record)
    finally:
        if record:
            record.close()


if __name__ == "__main__":
    main()
