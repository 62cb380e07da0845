"""CPU time of one pegging-search decision (games/strategy/pegging_search.py), by position kind.

Random positions of the two-player six-card play: the first lead (four cards each), the
dealer's reply (four against three), and a later card (three against two, a count under way).
CPU time (``time.process_time``), so other work on a shared machine does not count.

    .venv/bin/python benchmarks/pegging_search_speed.py --positions 60
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
from games.strategy.pegging_search import play_values  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = {
        "first lead (4 v 4)": (4, 4, 0),
        "reply (4 v 3)": (4, 3, 1),
        "later (3 v 2)": (3, 2, 2),
    }
    for name, (mine, theirs, on_table) in kinds.items():
        times = []
        for _ in range(args.positions):
            deck = list(DECK)
            rng.shuffle(deck)
            series = deck[10 : 10 + on_table]
            if sum(card.value for card in series) > 21:
                series = series[:1]
            started = time.process_time()
            play_values(
                seat=0,
                hand=deck[:mine],
                unseen=deck[12:],
                held_counts=(mine, theirs),
                series=series,
                count=sum(card.value for card in series),
            )
            times.append(time.process_time() - started)
        times.sort()
        print(
            f"{name}: median {1000 * statistics.median(times):.1f} ms, "
            f"p90 {1000 * times[int(0.9 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms "
            f"over {len(times)} positions"
        )


if __name__ == "__main__":
    main()
