"""Median time of one show_total call (and, for scale, score_show and rank_points).

    .venv/bin/python benchmarks/score_single_call.py [--deals 10000] [--repeats 25]

Deals random hands and starters from a seeded shuffle, times a loop calling the function on all
of them with ``timeit``, divides by the number of deals, and reports the median (and the best)
over the repeats. The per-call figure includes the ``for`` loop's own cost (printed too), so it
slightly overstates the call. Goal (issue 3): show_total under 2 microseconds median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()

    from games.engine.cards import DECK
    from games.engine.scoring import rank_points, score_show, show_total

    rng = random.Random(arguments.seed)
    fours, threes, rank_tuples = [], [], []
    for _ in range(arguments.deals):
        dealt = rng.sample(DECK, 5)
        fours.append((tuple(dealt[:4]), dealt[4]))
        threes.append((tuple(dealt[:3]), dealt[3]))
        rank_tuples.append(tuple(sorted(card.rank for card in dealt)))

    def loop_only() -> None:
        for _hand, _starter in fours:
            pass

    def hands() -> None:
        for hand, starter in fours:
            show_total(hand, starter)

    def cribs() -> None:
        for hand, starter in fours:
            show_total(hand, starter, True)

    def five_card_game_hands() -> None:
        for hand, starter in threes:
            show_total(hand, starter)

    def ranks_only() -> None:
        for ranks in rank_tuples:
            rank_points(ranks)

    def itemised() -> None:
        for hand, starter in fours[: arguments.deals // 20]:
            score_show(hand, starter)

    print(f"{arguments.deals:,} random deals, {arguments.repeats} repeats, median (best) per call")
    cases = [
        ("loop alone (overhead in each line)", loop_only, arguments.deals),
        ("show_total, 4-card hand", hands, arguments.deals),
        ("show_total, 4-card crib", cribs, arguments.deals),
        ("show_total, 3-card hand", five_card_game_hands, arguments.deals),
        ("rank_points, sorted 5-rank tuple", ranks_only, arguments.deals),
        ("score_show, itemised (for scale)", itemised, arguments.deals // 20),
    ]
    for label, function, calls in cases:
        times = [t / calls for t in timeit.repeat(function, number=1, repeat=arguments.repeats)]
        median, best = statistics.median(times), min(times)
        print(f"{label:<36} {median * 1e9:>8.0f} ns ({best * 1e9:.0f} ns)")


if __name__ == "__main__":
    main()
