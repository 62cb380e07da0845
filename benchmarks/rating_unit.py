"""Should a rating count each game of a match, or the match as a whole? Measured on bots.

Players of known strength are simulated: each has a fixed mixture of the computer levels
(a player of strength 0.3 plays each game as the hard bot with probability 0.3, else as the
easy one; strength 1.5 mixes medium and hard ...). Single games between the levels are played
through the engine alone (games/bots/simulate.py) into a pool; a match to ``--target`` points is
then drawn game by game from the pool of its two levels (a skunk scores 2 points, a double 4,
as in the engine), so many thousands of matches cost only the pool.

Two Glicko-2 ratings follow the same schedule of random pairings: one rates each match as one
result, the other rates each game of the match (all in one rating period). Before every match
after the warm-up, each predicts the match's winner: the per-match rating directly, the per-game
one through the chance of winning the race to ``target`` game wins. It prints the log loss and
the Brier score of those predictions (lower is better), and how well each final rating orders
the players by their true strength (Spearman's rho, higher is better).

    .venv/bin/python benchmarks/rating_unit.py                      # six-card, matches to 7
    .venv/bin/python benchmarks/rating_unit.py --target 3 --variant five
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import LEVELS, bot_for_level  # noqa: E402
from games.bots.simulate import play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402
from ratings.glicko2 import Rating, Result, expected_score, update  # noqa: E402


def game_points(scores: tuple[int, ...], winner: int, options: MatchOptions) -> int:
    loser_score = scores[1 - winner]
    if options.double_skunk_line is not None and loser_score < options.double_skunk_line:
        return 4
    return 2 if loser_score < options.skunk_line else 1


def game_pool(variant: str, per_pair: int, seed: int) -> dict[tuple[str, str], list]:
    """(level in seat 0, level in seat 1) -> list of (winner seat, match points) of games."""
    options = MatchOptions(variant=variant, match_target=1)
    rng = random.Random(seed)
    pool: dict[tuple[str, str], list] = {}
    for first in LEVELS:
        for second in LEVELS:
            games = []
            for _ in range(per_pair):
                record = play_match(
                    [bot_for_level(first), bot_for_level(second)],
                    options=options,
                    deck_rng=random.Random(rng.random()),
                    bot_rngs=[random.Random(rng.random()), random.Random(rng.random())],
                )
                games.append((record.winner, game_points(record.scores, record.winner, options)))
            pool[(first, second)] = games
    return pool


def level_for(strength: float, rng: random.Random) -> str:
    """Strength 0..2: the integer part picks two neighbouring levels, the fraction mixes them."""
    low = min(int(strength), len(LEVELS) - 2)
    return LEVELS[low + 1] if rng.random() < strength - low else LEVELS[low]


def play_simulated_match(a: float, b: float, target: int, pool, rng) -> list[int]:
    """The winners (0 for a, 1 for b) of each game of one match to ``target`` points."""
    points = [0, 0]
    winners = []
    while max(points) < target:
        games = pool[(level_for(a, rng), level_for(b, rng))]
        winner, worth = games[rng.randrange(len(games))]
        points[winner] += worth
        winners.append(winner)
    return winners


def race_probability(game_chance: float, target: int) -> float:
    """The chance of winning ``target`` games before the opponent does (each game one point)."""
    q = game_chance
    return sum(comb(target - 1 + k, k) * q**target * (1 - q) ** k for k in range(target))


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        for rank, index in enumerate(order):
            result[index] = float(rank)
        return result

    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(rx, ry, strict=True)) / (n * (n * n - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="six", choices=["six", "five"])
    parser.add_argument("--target", type=int, default=7, help="match length in points")
    parser.add_argument("--games-per-pair", type=int, default=120)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--matches", type=int, default=6000)
    parser.add_argument("--warm-up", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    pool = game_pool(args.variant, args.games_per_pair, args.seed)
    pool_seconds = time.perf_counter() - started
    rng = random.Random(args.seed)
    strengths = [2.0 * i / (args.players - 1) for i in range(args.players)]
    per_match = [Rating() for _ in strengths]
    per_game = [Rating() for _ in strengths]
    losses = {"match": [0.0, 0.0, 0], "game": [0.0, 0.0, 0]}
    for number in range(args.matches):
        a, b = rng.sample(range(args.players), 2)
        winners = play_simulated_match(strengths[a], strengths[b], args.target, pool, rng)
        a_won = 1.0 if winners[-1] == 0 else 0.0
        if number >= args.warm_up:
            match_p = expected_score(per_match[a], per_match[b])
            game_p = race_probability(expected_score(per_game[a], per_game[b]), args.target)
            for name, p in (("match", match_p), ("game", game_p)):
                p = min(max(p, 1e-9), 1 - 1e-9)
                losses[name][0] -= math.log(p if a_won else 1 - p)
                losses[name][1] += (p - a_won) ** 2
                losses[name][2] += 1
        ra, rb = per_match[a], per_match[b]
        per_match[a] = update(ra, [Result(rb.rating, rb.deviation, a_won)])
        per_match[b] = update(rb, [Result(ra.rating, ra.deviation, 1 - a_won)])
        ga, gb = per_game[a], per_game[b]
        per_game[a] = update(ga, [Result(gb.rating, gb.deviation, 1.0 - w) for w in winners])
        per_game[b] = update(gb, [Result(ga.rating, ga.deviation, float(w)) for w in winners])

    print(
        f"{args.variant}-card, matches to {args.target}, {args.players} players, "
        f"{args.matches} matches ({args.warm_up} warm-up), pool of {args.games_per_pair} games "
        f"per level pair ({pool_seconds:.0f} s)"
    )
    for name in ("match", "game"):
        log_loss, brier, count = losses[name]
        final = per_match if name == "match" else per_game
        rho = spearman(strengths, [r.rating for r in final])
        print(
            f"rated per {name:5}: log loss {log_loss / count:.4f}  Brier {brier / count:.4f}  "
            f"rank correlation with true strength {rho:.3f}  "
            f"mean RD {sum(r.deviation for r in final) / len(final):.0f}"
        )


if __name__ == "__main__":
    main()
