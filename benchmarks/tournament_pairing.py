"""Time of the pure tournament maths on a large field: Swiss pairing and standings.

Plays ``--rounds`` Swiss rounds of ``--players`` players (an odd count exercises the bye), each
table's winner drawn at random, and prints for each round the time to pair it and the time to
compute the standings after it (the median of five runs, with duplicate scores). Checks every round has no rematch.

    .venv/bin/python benchmarks/tournament_pairing.py --players 1000 --rounds 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import TableResult, standings_compute, swiss_pair  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players = list(range(args.players))
    rating = {p: rng.gauss(1500, 200) for p in players}
    played: set[frozenset] = set()
    byes: set = set()
    results: list[TableResult] = []
    standings = standings_compute(players, results)
    worst_pair = worst_standings = worst_pair_cpu = worst_standings_cpu = 0.0
    for number in range(1, args.rounds + 1):
        ranked = [row.player for row in standings]
        ranked.sort(
            key=lambda p, rows={r.player: r for r in standings}: (-rows[p].score, -rating[p])
        )
        started, started_cpu = time.perf_counter(), time.process_time()
        paired = swiss_pair(ranked, played=played, had_bye=byes)
        pair_time = time.perf_counter() - started
        pair_cpu = time.process_time() - started_cpu
        for a, b in paired.pairs:
            assert frozenset((a, b)) not in played, "rematch"
            played.add(frozenset((a, b)))
            loser_points = rng.randint(20, 60)
            winner = rng.randint(0, 1)
            points = (61, loser_points) if winner == 0 else (loser_points, 61)
            results.append(
                TableResult(
                    number,
                    (a, b),
                    winner=winner,
                    points=points,
                    games=((winner, 61 - loser_points),),
                )
            )
        if paired.bye is not None:
            byes.add(paired.bye)
            results.append(TableResult(number, (paired.bye, None)))
        times, cpu_times = [], []
        for _ in range(5):  # the median of five: the machine is shared
            started, started_cpu = time.perf_counter(), time.process_time()
            standings = standings_compute(players, results)
            times.append(time.perf_counter() - started)
            cpu_times.append(time.process_time() - started_cpu)
        standings_time = sorted(times)[2]
        standings_cpu = sorted(cpu_times)[2]
        worst_pair = max(worst_pair, pair_time)
        worst_standings = max(worst_standings, standings_time)
        worst_pair_cpu = max(worst_pair_cpu, pair_cpu)
        worst_standings_cpu = max(worst_standings_cpu, standings_cpu)
        print(
            f"round {number:2}: pairing {pair_time * 1000:7.1f} ms "
            f"(CPU {pair_cpu * 1000:.1f}), standings {standings_time * 1000:6.1f} ms "
            f"(CPU {standings_cpu * 1000:.1f})"
        )
    print(
        f"{args.players} players, {args.rounds} rounds: worst pairing "
        f"{worst_pair * 1000:.1f} ms (CPU {worst_pair_cpu * 1000:.1f}), worst standings "
        f"{worst_standings * 1000:.1f} ms (CPU {worst_standings_cpu * 1000:.1f})"
    )


if __name__ == "__main__":
    main()
