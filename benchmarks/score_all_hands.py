"""Score every four-card hand with every starter through the engine; print the distribution.

    .venv/bin/python benchmarks/score_all_hands.py               # by rank multiset (default)
    .venv/bin/python benchmarks/score_all_hands.py --one-by-one  # show_total on each deal

The default counts the 12,994,800 deals by rank multiset with the engine's rank table and its
flush and nobs rules (games/engine/scoring_distribution.py). ``--one-by-one`` calls
``show_total`` on every deal, checks it against the default, and times that too.
Goal (issue 3): under 10 seconds on one core. Results go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crib", action="store_true", help="use the crib's flush rule")
    parser.add_argument(
        "--one-by-one", action="store_true", help="also call show_total on all 12,994,800 deals"
    )
    arguments = parser.parse_args()

    started = time.perf_counter()
    from games.engine.scoring_distribution import show_score_distribution

    imported = time.perf_counter()
    by_rank = show_score_distribution(crib=arguments.crib)
    counted = time.perf_counter()

    print_distribution(by_rank, "crib" if arguments.crib else "hand")
    print(f"engine import (builds the rank tables): {imported - started:.3f} s")
    print(f"counted by rank multiset:               {counted - imported:.3f} s")

    if arguments.one_by_one:
        begun = time.perf_counter()
        each = score_each_deal(arguments.crib)
        elapsed = time.perf_counter() - begun
        deals = sum(each.values())
        print(f"show_total on each of {deals:,} deals:  {elapsed:.3f} s ", end="")
        print(f"({elapsed / deals * 1e9:.0f} ns a deal, loop included)")
        print("one by one matches by rank:", "yes" if each == by_rank else "NO")
        if each != by_rank:
            sys.exit(1)


def score_each_deal(crib: bool) -> Counter[int]:
    from itertools import combinations

    from games.engine.cards import DECK
    from games.engine.scoring import show_total

    counts = [0] * 30
    for first, second, third, fourth in combinations(range(52), 4):
        hand = (DECK[first], DECK[second], DECK[third], DECK[fourth])
        for starter_index, starter in enumerate(DECK):
            if starter_index not in (first, second, third, fourth):
                counts[show_total(hand, starter, crib)] += 1
    return Counter({score: deals for score, deals in enumerate(counts) if deals})


def print_distribution(scores: Counter[int], what: str) -> None:
    deals = sum(scores.values())
    points = sum(score * count for score, count in scores.items())
    print(f"show scores of every four-card {what} with a starter")
    print(f"{'score':>5} {'deals':>11} {'percent':>8}")
    for score in range(max(scores) + 1):
        print(f"{score:>5} {scores[score]:>11,} {100 * scores[score] / deals:>8.4f}")
    print(f"{'all':>5} {deals:>11,}   mean {points / deals:.4f}")


if __name__ == "__main__":
    main()
