"""How strong one computer level is against another at tables of three and four.

Three players: the first level sits in one seat against two of the second, the seat rotating
round the table over each group of three games on the same shuffles and bot seeds, so every
seat is dealt the same cards once; a level that is no better wins a third of the games.
Partnerships: the first level plays both seats of one side (0 and 2) against the second level
on the other, then the sides swap on the same shuffles; no better wins half. Each game is a
single game to 121. It prints the first level's win rate with a 95% confidence interval taken
over the groups (the games of a group share their deals, so they are not independent) and the
games per second.

    .venv/bin/python benchmarks/many_seat_strength.py hard medium --games 600
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

from games.bots import bot_for_level  # noqa: E402
from games.bots.simulate import play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402
from games.engine.seating import side_of  # noqa: E402

Z_95 = 1.959964


def group_score(first: str, second: str, players: int, seed: int) -> float:
    """The first level's share of wins over one group of games on the same deals."""
    options = MatchOptions(players=players, match_target=1)
    seatings = range(players) if players == 3 else (0, 1)
    wins = 0
    for placed in seatings:
        if players == 3:
            levels = [first if seat == placed else second for seat in range(players)]
        else:
            levels = [first if side_of(seat, players=4) == placed else second for seat in range(4)]
        record = play_match(
            [bot_for_level(level) for level in levels],
            options=options,
            deck_rng=random.Random(seed),
            bot_rngs=[random.Random(seed * 7 + seat) for seat in range(players)],
        )
        wins += levels[record.winner] == first
    return wins / len(seatings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=600, help="games per table size")
    args = parser.parse_args()
    for players, fair in ((3, 1 / 3), (4, 1 / 2)):
        groups = max(2, args.games // (3 if players == 3 else 2))
        started = time.perf_counter()
        scores = [group_score(args.first, args.second, players, seed) for seed in range(groups)]
        seconds = time.perf_counter() - started
        mean = statistics.fmean(scores)
        half = Z_95 * statistics.stdev(scores) / math.sqrt(len(scores))
        games = groups * (3 if players == 3 else 2)
        kind = "three players" if players == 3 else "partnerships"
        print(
            f"{kind}: {args.first} wins {mean:.3f} ± {half:.3f} of {games} games "
            f"(no better: {fair:.3f}); {games / seconds:.1f} games/s"
        )


if __name__ == "__main__":
    main()
