"""Build the expert bot's offline tables (run once; the output is committed).

    .venv/bin/python scripts/make_bot_tables.py            # every table, about 5 minutes
    .venv/bin/python scripts/make_bot_tables.py --only three --workers 2   # the three-player one
    .venv/bin/python scripts/make_bot_tables.py --only kept --workers 2    # kept cards, 3 and 4
    .venv/bin/python scripts/make_bot_tables.py --hands 4000 --keep-samples 60   # quicker

1. games/strategy/data/win_probability.json: the chance that the pone of the next hand wins the
   game, for every pair of scores (pone's, dealer's) below the target, six-card (121) and
   five-card (61) game. Made by dynamic programming over per-hand score distributions:

   - many hands are dealt and played by self-play (both seats throw the best exact-EV discard
     of :func:`games.strategy.analysis.analyze_discard`, then play by the rules of thumb of
     :func:`games.bots.endgame.choose_rank`), giving the distribution of the dealer's heels and
     play points together with the pone's play points (one joint table), of the pone's hand,
     and of the dealer's hand plus crib (taken as independent of each other and of the play);
   - a hand is then scored in the order of the rules: heels, the play, the pone's show, the
     dealer's show. Whoever reaches the target first wins; if both would reach it in the same
     play the order inside the play is not known from the totals and each is given half. A hand
     that settles nothing moves to the next with the roles swapped, so
     ``P(pone wins at p, d) = sum over the hand of [settled ? won : 1 - P(pone wins at d', p')]``;
     every hand pegs at least one point (the last card), so the recursion ends.

2. games/strategy/data/keep_pegging.json: for every multiset of kept ranks (four in the six-card
   game, three in the five-card game) and each role, the average net play points (own less the
   opponent's) of those cards against a random hand of the remaining cards, both seats playing
   by the same rules of thumb. The expert's discard adds it to the exact hand and crib values.

3. games/strategy/data/win_probability_three.json (``--only three``, about 2 minutes): the
   points of many three-player hands dealt from 0 to 0 and played by the hard level, by role
   (the dealer's left, the next seat, the dealer) and stage (heels, the play, each show, the
   crib), eight small numbers a hand. :mod:`games.strategy.win_probability_three` turns them
   into each seat's chance to win from any scores (each seat's race by its own points, home at
   the first stage that reaches 121). Each hand is dealt and played from its own seeds, so any
   one hand can be played again and checked (a test does).

4. games/strategy/data/keep_pegging_many.json (``--only kept``, about 6 minutes on one process):
   at three and four seats, for every multiset of four kept ranks and every seat from the
   dealer's left, each seat's average play points over 400 deals of four random cards to every
   other seat, all playing by the rules of thumb (:func:`games.bots.endgame.play_out`, which
   plays any number of seats). Each entry has its own seed, so any one can be checked alone.

Everything is seeded, so a rerun with the same options writes the same files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import bot_for_level  # noqa: E402
from games.bots.endgame import play_out  # noqa: E402
from games.bots.simulate import play_match  # noqa: E402
from games.engine import MatchOptions  # noqa: E402
from games.engine.cards import DECK  # noqa: E402
from games.engine.scoring import show_total  # noqa: E402
from games.strategy.analysis import analyze_discard  # noqa: E402
from games.strategy.keep_likelihood import rank_key  # noqa: E402
from games.strategy.win_probability_three import OUTCOME_FIELDS, encode_outcome  # noqa: E402

DATA = ROOT / "games" / "strategy" / "data"
NEVER = (10**6, 10**6)
JACK = 11
SCALE = 10000
"""Probabilities are stored as integers out of this (four decimals)."""

VARIANTS = {"six": (6, 121), "five": (5, 61)}


def sample_hands(dealt: int, hands: int, rng: random.Random):
    """Per-hand outcomes of self-play: (heels, pone play, dealer play, pone show, dealer show)."""
    outcomes = []
    deck = list(DECK)
    for _ in range(hands):
        rng.shuffle(deck)
        pone_cards, dealer_cards, starter = deck[:dealt], deck[dealt : 2 * dealt], deck[-1]
        pone = analyze_discard(pone_cards, is_dealer=False)[0]
        dealer = analyze_discard(dealer_cards, is_dealer=True)[0]
        heels = 2 if starter.rank == JACK else 0
        points, _ = play_out(
            [[c.rank for c in pone.keep], [c.rank for c in dealer.keep]],
            0,
            NEVER,
            one_series=dealt == 5,
        )
        crib = (*pone.discard, *dealer.discard)
        outcomes.append(
            (
                heels,
                points[0],
                points[1],
                show_total(pone.keep, starter),
                show_total(dealer.keep, starter) + show_total(crib, starter, True),
            )
        )
    return outcomes


def win_table(outcomes, target: int) -> list[list[int]]:
    """``table[p][d]``: the chance (out of SCALE) that the pone at ``p`` beats the dealer at ``d``."""
    total = len(outcomes)
    play = Counter((heels, dealer, pone) for heels, pone, dealer, _, _ in outcomes)
    pone_show = Counter(outcome[3] for outcome in outcomes)
    dealer_show = Counter(outcome[4] for outcome in outcomes)
    play_p = [(h, d, p, n / total) for (h, d, p), n in play.items()]
    pone_p = [(s, n / total) for s, n in pone_show.items()]
    dealer_p = [(s, n / total) for s, n in dealer_show.items()]
    sys.setrecursionlimit(100000)

    @cache
    def pone_wins(p: int, d: int) -> float:
        if p >= target:
            return 1.0
        if d >= target:
            return 0.0
        chance = 0.0
        for heels, dealer_pegs, pone_pegs, weight in play_p:
            if d + heels >= target:
                continue  # the dealer's heels at the cut win before anyone plays
            chance += weight * after_play(p + pone_pegs, d + heels + dealer_pegs)
        return chance

    def after_play(p2: int, d2: int) -> float:
        pone_home, dealer_home = p2 >= target, d2 >= target
        if pone_home and dealer_home:
            return 0.5
        if pone_home:
            return 1.0
        if dealer_home:
            return 0.0
        return after_pone_show(p2, d2)

    @cache
    def after_pone_show(p: int, d: int) -> float:
        chance = 0.0
        for shown, weight in pone_p:
            if p + shown >= target:
                chance += weight
            else:
                chance += weight * after_dealer_show(p + shown, d)
        return chance

    @cache
    def after_dealer_show(p: int, d: int) -> float:
        chance = 0.0
        for shown, weight in dealer_p:
            if d + shown < target:
                chance += weight * (1.0 - pone_wins(d + shown, p))
        return chance

    # Fill from the end of the game backwards so the recursion stays shallow.
    for total_score in range(2 * target - 2, -1, -1):
        for p in range(max(0, total_score - target + 1), min(target - 1, total_score) + 1):
            pone_wins(p, total_score - p)
    return [[round(SCALE * pone_wins(p, d)) for d in range(target)] for p in range(target)]


def keep_pegging(kept: int, samples: int, rng: random.Random) -> dict[str, dict[str, float]]:
    """Average net play points of each kept rank multiset, as pone and as dealer."""
    table: dict[str, dict[str, float]] = {"pone": {}, "dealer": {}}
    for ranks in combinations_with_replacement(range(1, 14), kept):
        if any(ranks.count(rank) > 4 for rank in ranks):
            continue
        pool = [card.rank for card in DECK]
        for rank in ranks:
            pool.remove(rank)
        for role, me in (("pone", 0), ("dealer", 1)):
            net = 0
            for _ in range(samples):
                theirs = rng.sample(pool, kept)
                hands = [list(ranks), theirs] if me == 0 else [theirs, list(ranks)]
                points, _ = play_out(hands, 0, NEVER, one_series=kept == 3)
                net += points[me] - points[1 - me]
            table[role][rank_key(ranks)] = round(net / samples, 3)
    return table


MANY_TABLES = {"three": 3, "four": 4}
"""The tables of kept cards' play points at three and four seats, by their number of seats."""


def kept_play_points(ranks: tuple[int, ...], role: int, players: int, samples: int, seed: int):
    """What four kept ``ranks`` peg at a table of ``players`` from seat ``role`` (0 the dealer's
    left, the last the dealer): each seat's average play points, in turn order from the
    dealer's left, over ``samples`` deals of four random cards to every other seat, all
    playing by the rules of thumb. Seeded by the entry, so one entry can be checked alone."""
    rng = random.Random(f"{seed}-keep-{players}-{role}-{rank_key(ranks)}")
    pool = [card.rank for card in DECK]
    for rank in ranks:
        pool.remove(rank)
    totals = [0] * players
    for _ in range(samples):
        dealt = rng.sample(pool, 4 * (players - 1))
        hands = [dealt[4 * seat : 4 * seat + 4] for seat in range(players - 1)]
        hands.insert(role, list(ranks))
        points, _ = play_out(hands, 0, [NEVER[0]] * players, one_series=False)
        for seat in range(players):
            totals[seat] += points[seat]
    return [round(total / samples, 2) for total in totals]


def kept_multisets() -> list[tuple[int, ...]]:
    """Every multiset of four ranks a hand can hold."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(1, 14), 4)
        if all(ranks.count(rank) <= 4 for rank in ranks)
    ]


def _many_job(job: tuple[tuple[int, ...], int, int, int, int]) -> list[float]:
    return kept_play_points(*job)


def keep_pegging_many(samples: int, seed: int, workers: int) -> dict[str, object]:
    """The file of kept cards' play points at three and four seats (see the module)."""
    data: dict[str, object] = {"samples": samples, "seed": seed}
    multisets = kept_multisets()
    for name, players in MANY_TABLES.items():
        jobs = [
            (ranks, role, players, samples, seed) for role in range(players) for ranks in multisets
        ]
        if workers > 1:
            with Pool(workers) as pool:
                found = pool.map(_many_job, jobs, chunksize=20)
        else:
            found = [_many_job(job) for job in jobs]
        data[name] = [
            {
                rank_key(ranks): points
                for ranks, points in zip(
                    multisets,
                    found[role * len(multisets) : (role + 1) * len(multisets)],
                    strict=True,
                )
            }
            for role in range(players)
        ]
    return data


THREE_LEVEL = "hard"
"""The level whose hands at three make the three-player table."""


def three_player_hand(index: int, seed: int) -> tuple[int, ...]:
    """Hand ``index`` of the three-player table: dealt from 0 to 0 and played by
    :data:`THREE_LEVEL` in every seat, its points as
    :data:`games.strategy.win_probability_three.OUTCOME_FIELDS`."""
    record = play_match(
        [bot_for_level(THREE_LEVEL) for _ in range(3)],
        options=MatchOptions(players=3, match_target=1),
        deck_rng=random.Random(f"{seed}-three-{index}"),
        bot_rngs=[random.Random(f"{seed}-three-{index}-{seat}") for seat in range(3)],
        hands=1,
    )
    assert record.winner == -1, "one hand from 0 to 0 ends no game"
    dealer = record.dealers[0]
    pone, second = (dealer + 1) % 3, (dealer + 2) % 3
    points = record.points
    outcome = (
        points[dealer]["heels"],
        points[pone]["play"],
        points[second]["play"],
        points[dealer]["play"],
        points[pone]["hand"],
        points[second]["hand"],
        points[dealer]["hand"],
        points[dealer]["crib"],
    )
    assert len(outcome) == len(OUTCOME_FIELDS)
    return outcome


def _three_job(job: tuple[int, int]) -> tuple[int, ...]:
    return three_player_hand(*job)


def three_player_table(hands: int, seed: int, workers: int) -> dict[str, object]:
    """The three-player table's file: every hand's outcome, in order."""
    jobs = [(index, seed) for index in range(hands)]
    if workers > 1:
        with Pool(workers) as pool:
            outcomes = pool.map(_three_job, jobs, chunksize=50)
    else:
        outcomes = [_three_job(job) for job in jobs]
    return {
        "level": THREE_LEVEL,
        "hands": hands,
        "seed": seed,
        "fields": list(OUTCOME_FIELDS),
        "outcomes": "".join(encode_outcome(outcome) for outcome in outcomes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="self-play hands per variant")
    parser.add_argument("--keep-samples", type=int, default=200, help="deals per kept multiset")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument(
        "--only",
        choices=("two", "three", "kept"),
        help="make only the two-player tables, the three-player race table, or the kept cards' "
        "play points at three and four",
    )
    parser.add_argument(
        "--kept-samples", type=int, default=400, help="deals per kept multiset at three and four"
    )
    parser.add_argument("--three-hands", type=int, default=20000, help="hands at three")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes for the tables at three and four"
    )
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    if args.only in (None, "kept"):
        kept = keep_pegging_many(args.kept_samples, args.seed, args.workers)
        (DATA / "keep_pegging_many.json").write_text(json.dumps(kept, separators=(",", ":")) + "\n")
        print(f"kept cards at three and four: {time.perf_counter() - started:.0f} s")
        if args.only == "kept":
            return
    if args.only in (None, "three"):
        table = three_player_table(args.three_hands, args.seed, args.workers)
        (DATA / "win_probability_three.json").write_text(
            json.dumps(table, separators=(",", ":")) + "\n"
        )
        print(f"three: {args.three_hands} hands, {time.perf_counter() - started:.0f} s")
        if args.only == "three":
            return
    wins = {"scale": SCALE, "hands": args.hands, "seed": args.seed}
    pegging = {"hands": args.keep_samples, "seed": args.seed}
    for variant, (dealt, target) in VARIANTS.items():
        rng = random.Random(f"{args.seed}-{variant}")
        outcomes = sample_hands(dealt, args.hands, rng)
        wins[variant] = win_table(outcomes, target)
        print(
            f"{variant}: win table from {len(outcomes)} hands, {time.perf_counter() - started:.0f} s"
        )
        pegging[variant] = keep_pegging(dealt - 2, args.keep_samples, rng)
        print(f"{variant}: keep pegging table, {time.perf_counter() - started:.0f} s")
    (DATA / "win_probability.json").write_text(json.dumps(wins, separators=(",", ":")) + "\n")
    (DATA / "keep_pegging.json").write_text(json.dumps(pegging, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
