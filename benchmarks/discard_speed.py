"""How long analyze_discard takes: every discard of a dealt hand, crib included.

Prints the median and 90th percentile in milliseconds for six-card and five-card deals over a
fixed sample of random hands (seeded, so runs compare). The goal (issue 7) is a six-card median
under 50 ms on the project machine.

    .venv/bin/python benchmarks/discard_speed.py [--hands 500] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.cards import DECK  # noqa: E402
from games.strategy.analysis import analyze_discard  # noqa: E402


def time_deals(size: int, hands: int, rng: random.Random) -> list[float]:
    """Milliseconds per call over ``hands`` random deals of ``size`` cards, alternating seats."""
    timings = []
    for index in range(hands):
        dealt = rng.sample(DECK, size)
        start = time.perf_counter()
        analyze_discard(dealt, is_dealer=index % 2 == 0)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    analyze_discard(DECK[:6], is_dealer=True)  # import-time tables are built before timing
    for size, name in ((6, "six-card"), (5, "five-card")):
        timings = time_deals(size, args.hands, rng)
        print(
            f"{name} deals: {args.hands} hands, median {statistics.median(timings):.2f} ms, "
            f"p90 {percentile(timings, 0.9):.2f} ms, max {max(timings):.2f} ms"
        )


if __name__ == "__main__":
    main()
