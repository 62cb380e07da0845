"""How fast the place to learn answers: the analysis board's throws and play positions, and
puzzle making against the review's analysis of the same match (issue 29, item 4).

Prints p50/p99 milliseconds for the board's discard table (every throw with hand, crib, play,
the expert's value, the hand's range and, near the end, the chance to win) over random deals,
and for a play position's card values over random positions, alone and with the line the
search expects after each card (what the page shows); then, for bot matches, the
review's analysis time against the time puzzle making adds on top of it. Goals: the discard
table p99 under 200 ms, a play position p99 under 500 ms, puzzle making cheaper than the review.

    .venv/bin/python benchmarks/learn_speed.py [--deals 200] [--positions 200] [--matches 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import MatchOptions  # noqa: E402
from games.engine.cards import DECK  # noqa: E402
from games.strategy.review import analyze_match  # noqa: E402
from learn.board import PlayPosition, ThrowPosition, play_card_values, throws_ranked  # noqa: E402
from learn.puzzle_making import puzzle_drafts  # noqa: E402
from tests.strategy.review.matches import bot_match  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def line(name: str, timings: list[float]) -> str:
    return f"{name}: n={len(timings)} p50={percentile(timings, 0.5):.1f} ms p99={percentile(timings, 0.99):.1f} ms max={max(timings):.1f} ms"


def discard_tables(deals: int, rng: random.Random) -> list[float]:
    timings = []
    for index in range(deals):
        cards = tuple(rng.sample(DECK, 6 if index % 4 else 5))
        target = 121 if len(cards) == 6 else 61
        scores = (
            None
            if index % 3
            else (rng.randrange(target - 30, target), rng.randrange(target - 30, target))
        )
        start = time.perf_counter()
        throws_ranked(ThrowPosition(cards, index % 2 == 0, scores))
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def play_positions(positions: int, rng: random.Random, *, lines: bool = True) -> list[float]:
    """Random moments of a two-player six-card play: each side kept four, some played. What the
    page computes: each card's value and, with ``lines``, the line the search expects."""
    timings = []
    while len(timings) < positions:
        deck = list(DECK)
        rng.shuffle(deck)
        mine_kept, theirs_kept, thrown, starter = deck[:4], deck[4:8], tuple(deck[8:10]), deck[10]
        mine = tuple(mine_kept[: rng.randint(0, 3)])
        theirs = tuple(theirs_kept[: rng.randint(0, 3)])
        pile, count = [], 0
        for card in (*theirs, *mine):
            if count + card.value <= 31:
                pile.append(card)
                count += card.value
        position = PlayPosition(
            hand=tuple(mine_kept[len(mine) :]),
            mine=mine,
            theirs=theirs,
            pile=tuple(pile),
            thrown=thrown,
            starter=starter,
            opponent_holds=4 - len(theirs),
            is_dealer=rng.random() < 0.5,
        )
        start = time.perf_counter()
        play_card_values(position, lines=lines)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def puzzle_costs(matches: int) -> tuple[list[float], list[float]]:
    options = MatchOptions(match_target=1)
    review, puzzles = [], []
    for seed in range(matches):
        actions = bot_match(options, 100 + seed, levels=("easy", "hard"))
        start = time.perf_counter()
        analysis = analyze_match(options, actions)
        review.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        puzzle_drafts(
            match_id=seed,
            options=options,
            actions=actions,
            analysis=analysis,
            people={0, 1},
            public_allowed=True,
        )
        puzzles.append((time.perf_counter() - start) * 1000)
    return review, puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    throws_ranked(ThrowPosition(tuple(DECK[:6]), True))  # load the tables once
    print(line("discard table", discard_tables(args.deals, rng)))
    print(line("play position, values only", play_positions(args.positions, rng, lines=False)))
    print(line("play position, values and lines (the page)", play_positions(args.positions, rng)))
    review, puzzles = puzzle_costs(args.matches)
    print(line("review analysis per match", review))
    print(line("puzzle making per match", puzzles))
    print(f"puzzle making / review: {sum(puzzles) / sum(review):.2f}")


if __name__ == "__main__":
    main()
