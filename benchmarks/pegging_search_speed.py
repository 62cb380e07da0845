"""CPU time of one pegging-search decision (games/strategy/pegging_search.py), by position kind.

Random positions of the two-player six-card play: the first lead (four cards each), the
dealer's reply (four against three), and a later card (three against two, a count under way).
With ``--players 3`` or ``4``, the many-seat expert's searches (games/bots/expert_many_seats.py):
the first lead searched to the end of the count, and the full search once few cards are out.
CPU time (``time.process_time``), so other work on a shared machine does not count.

    .venv/bin/python benchmarks/pegging_search_speed.py --positions 60
    .venv/bin/python benchmarks/pegging_search_speed.py --players 4 --positions 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.expert_many_seats import (  # noqa: E402
    COUNT_SEARCH_SAMPLES,
    FULL_SEARCH_SAMPLES,
    THREE_PLAYER_PLAY_AGAINST,
)
from games.engine.cards import DECK  # noqa: E402
from games.strategy.pegging_search import play_values  # noqa: E402

MANY_SEAT_KINDS = {
    3: {
        "first lead, to the count's end (4, 4, 4)": ((4, 4, 4), 0, True, COUNT_SEARCH_SAMPLES),
        "full search (3, 3, 2)": ((3, 3, 2), 1, False, FULL_SEARCH_SAMPLES),
    },
    4: {
        "first lead, to the count's end (4 each)": ((4, 4, 4, 4), 0, True, COUNT_SEARCH_SAMPLES),
        "full search (2, 2, 2, 2)": ((2, 2, 2, 2), 0, False, FULL_SEARCH_SAMPLES),
    },
}
"""Hand sizes by seat (seat 0 decides), cards on the table, the count's search or the full
one, and the samples the expert deals: one kind of position each."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.players > 2:
        many_seats(args.players, args.positions, rng)
        return
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
        report(name, times)


def many_seats(players: int, positions: int, rng: random.Random) -> None:
    for name, (sizes, on_table, one_series, samples) in MANY_SEAT_KINDS[players].items():
        times = []
        for _ in range(positions):
            deck = list(DECK)
            rng.shuffle(deck)
            series = deck[20 : 20 + on_table]
            started = time.process_time()
            play_values(
                seat=0,
                hand=deck[: sizes[0]],
                unseen=deck[20 + on_table :],
                held_counts=sizes,
                series=series,
                count=sum(card.value for card in series),
                one_series=one_series,
                partnerships=players == 4,
                samples=samples,
                against=THREE_PLAYER_PLAY_AGAINST if players == 3 else 1.0,
            )
            times.append(time.process_time() - started)
        report(name, times)


def report(name: str, times: list[float]) -> None:
    times.sort()
    print(
        f"{name}: median {1000 * statistics.median(times):.1f} ms, "
        f"p90 {1000 * times[int(0.9 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms "
        f"over {len(times)} positions"
    )


if __name__ == "__main__":
    main()
