"""Build the expert's opponent model and its opening-play tables (run once; output committed).

    .venv/bin/python scripts/make_opening_tables.py --workers 2          # both, about 40 CPU min
    .venv/bin/python scripts/make_opening_tables.py --only likelihood    # just the first

1. games/strategy/data/keep_likelihood.json: what a player's kept hand says about its cards.
   Many deals are dealt; each hand is thrown as the exact expected-value discard of
   :func:`games.strategy.analysis.analyze_discard` (how the hard level and good players throw),
   as pone and as dealer, and the kept hands' rank multisets are counted. A kept multiset's
   weight is how much more often it is kept than it would be drawn as four (three) random
   cards of a full deck: ``(kept + PRIOR) / (expected + PRIOR)``, shrunk towards 1 where few
   deals saw it. :mod:`games.strategy.keep_likelihood` serves it; the pegging search weighs each
   hand the opponent may hold by it (Bayes: a uniform draw of its cards, times how likely that
   hand was to be kept).
   The same file's ``one_throw`` table (``--only one-throw``, which leaves the others as they
   are) does this for a seat at three or four, which keeps four of five dealt cards: thrown by
   :func:`games.strategy.one_card_throw.analyze_throw` at each role's crib weight
   (:data:`games.strategy.keep_likelihood.ONE_THROW_CRIB_WEIGHTS`), 60,000 deals, about 100 s
   on two processes. The many-seat search can weigh the others' hands by it (off in the expert:
   it measured no gain, docs/performance.md).

2. games/strategy/data/opening_play.json: the first two cards of a hand, searched offline.
   For every kept rank multiset, the pone's lead (every rank it may lead, against every hand
   the dealer may hold) and the dealer's reply to each possible lead are valued by the
   pegging search (:func:`games.strategy.pegging_search.rank_values`, the same search the expert
   runs at the table) averaged over many dealt hands of the opponent weighted by (1). These
   two decisions are the dearest of the play to search at the table (80 to 120 hands dealt,
   each searched to the end: about 60 and 140 ms), and outside the end of a game they depend
   only on the kept ranks, the lead and the opponent model, so the table answers them at once
   with more hands behind each value than the table's thinking time allows.
   The reply reads the lead as the expert reads it in the play (``--read-lead``, the sharpness
   of :func:`games.strategy.opening_play.opening_choice_prior`, default 3): a pone hand with
   which the lead was ``d`` points worse than the lead table's best weighs ``e^(-3d)`` more
   (pone hands drawn :data:`RESAMPLED` times over, then drawn again by weight and searched).
   The reply reads the lead table, so the leads (unchanged by the reading) come first.

Seeded, so a rerun with the same options writes the same files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine.cards import DECK  # noqa: E402
from games.strategy import keep_likelihood  # noqa: E402
from games.strategy.analysis import analyze_discard  # noqa: E402
from games.strategy.keep_likelihood import ONE_THROW, ONE_THROW_CRIB_WEIGHTS, rank_key  # noqa: E402
from games.strategy.one_card_throw import analyze_throw  # noqa: E402
from games.strategy.opening_play import opening_choice_prior  # noqa: E402
from games.strategy.pegging_search import rank_values  # noqa: E402

DATA = ROOT / "games" / "strategy" / "data"
OPENING_FILE = DATA / "opening_play.json"
VARIANTS = {"six": 6, "five": 5}
PRIOR = 4.0
RESAMPLED = 8
"""Pone hands drawn for each one searched when the reply reads the lead (``--read-lead``)."""
"""Pseudo-deals of a uniform draw added to each multiset's count (shrinks rare ones to 1)."""

ONE_THROW_CHUNK = 500
"""Deals per job of the one-throw table (fixed, so the table does not depend on --workers)."""

SCALE = 100
"""Opening values are stored as whole hundredths of a point."""


def _count_keeps(job: tuple[int, int, int]) -> tuple[Counter, Counter]:
    dealt, deals, seed = job
    rng = random.Random(seed)
    deck = list(DECK)
    pone: Counter[str] = Counter()
    dealer: Counter[str] = Counter()
    for _ in range(deals):
        rng.shuffle(deck)
        pone[rank_key(c.rank for c in analyze_discard(deck[:dealt], is_dealer=False)[0].keep)] += 1
        dealer[
            rank_key(
                c.rank for c in analyze_discard(deck[dealt : 2 * dealt], is_dealer=True)[0].keep
            )
        ] += 1
    return pone, dealer


def _count_one_throw_keeps(job: tuple[int, int]) -> dict[str, Counter]:
    """Deal ``deals`` five-card hands and count, for each role of
    :data:`games.strategy.keep_likelihood.ONE_THROW_CRIB_WEIGHTS`, the ranks of the four cards
    an exact expected-value thrower keeps (:func:`analyze_throw`, as the expert throws)."""
    deals, seed = job
    rng = random.Random(seed)
    deck = list(DECK)
    counts: dict[str, Counter[str]] = {role: Counter() for role in ONE_THROW_CRIB_WEIGHTS}
    for _ in range(deals):
        rng.shuffle(deck)
        throws = analyze_throw(deck[:5], crib_weight=0.0)
        for role, weight in ONE_THROW_CRIB_WEIGHTS.items():
            best = min(
                throws,
                key=lambda throw: (-(throw.hand + weight * throw.crib), -throw.hand, throw.discard),
            )
            counts[role][rank_key(card.rank for card in best.keep)] += 1
    return counts


def one_throw_table(deals: int, workers: int, seed: int) -> dict:
    """The keep likelihood of a seat at three or four that keeps four of five dealt cards, by
    role; the deals come in chunks of :data:`ONE_THROW_CHUNK` seeded by their index, so the
    table is the same whatever ``workers`` is."""
    jobs = [
        (min(ONE_THROW_CHUNK, deals - start), seed * 1000 + index)
        for index, start in enumerate(range(0, deals, ONE_THROW_CHUNK))
    ]
    counts: dict[str, Counter[str]] = {role: Counter() for role in ONE_THROW_CRIB_WEIGHTS}
    with Pool(workers) as pool:
        for part in pool.imap_unordered(_count_one_throw_keeps, jobs):
            for role, found in part.items():
                counts[role].update(found)
    size = keep_likelihood.TABLE_SIZES[ONE_THROW]
    out: dict = {"deals": deals, "prior": PRIOR, "seed": seed}
    for role, found in counts.items():
        out[role] = {
            rank_key(ranks): round(
                (found[rank_key(ranks)] + PRIOR) / (deals * uniform_chance(ranks, size) + PRIOR), 4
            )
            for ranks in multisets(size)
        }
    return out


def multisets(size: int):
    for ranks in combinations_with_replacement(range(1, 14), size):
        if all(ranks.count(rank) <= 4 for rank in ranks):
            yield ranks


def uniform_chance(ranks, size: int) -> float:
    """The chance that ``size`` random cards of a full deck have exactly these ranks."""
    chance = 1.0
    for rank in set(ranks):
        chance *= comb(4, ranks.count(rank))
    return chance / comb(52, size)


def likelihood_tables(deals_by_variant: dict[str, int], workers: int, seed: int) -> dict:
    out: dict = {"deals": deals_by_variant, "prior": PRIOR, "seed": seed}
    for variant, dealt in VARIANTS.items():
        deals = deals_by_variant[variant]
        size = dealt - 2
        chunk = max(1, deals // (workers * 8))
        jobs = [
            (dealt, min(chunk, deals - start), seed * 1000 + index)
            for index, start in enumerate(range(0, deals, chunk))
        ]
        pone: Counter[str] = Counter()
        dealer: Counter[str] = Counter()
        with Pool(workers) as pool:
            for part_pone, part_dealer in pool.imap_unordered(_count_keeps, jobs):
                pone.update(part_pone)
                dealer.update(part_dealer)
        tables = {}
        for role, counts in (("pone", pone), ("dealer", dealer)):
            table = {}
            for ranks in multisets(size):
                expected = deals * uniform_chance(ranks, size)
                table[rank_key(ranks)] = round(
                    (counts[rank_key(ranks)] + PRIOR) / (expected + PRIOR), 4
                )
            tables[role] = table
        out[variant] = tables
        print(f"{variant}: keep likelihood from {deals} deals", flush=True)
    return out


def _opening_job(
    job: tuple[str, tuple[int, ...], int, int, float],
) -> tuple[str, dict[str, list[int]]]:
    """Lead and reply values for one kept multiset (``ranks``) of ``variant``."""
    variant, ranks, samples, seed, read_lead = job
    rng = random.Random(f"{seed}-{variant}-{rank_key(ranks)}")
    size = len(ranks)
    one_series = variant == "five"
    pool = [card.rank for card in DECK]
    for rank in ranks:
        pool.remove(rank)
    out: dict[str, list[int]] = {}
    # The lead: we are the pone (seat 0), the dealer (seat 1) holds ``size`` unknown cards.
    out[rank_key(ranks)] = _average(
        ranks, pool, size, (), 0, samples, rng, variant, "dealer", one_series
    )
    # The reply: we are the dealer (seat 0), the pone (seat 1) led ``lead``.
    for lead in sorted(set(pool)):
        rest = list(pool)
        rest.remove(lead)
        if read_lead:
            values = _read_average(
                ranks, rest, size - 1, lead, samples, rng, variant, one_series, read_lead
            )
        else:
            values = _average(
                ranks, rest, size - 1, (lead,), lead, samples, rng, variant, "pone", one_series
            )
        out[f"{rank_key(ranks)}/{lead:x}"] = values
    return rank_key(ranks), out


def _read_average(ranks, pool, their_size, lead, samples, rng, variant, one_series, sharpness):
    """The reply's values over pone hands read from the lead: RESAMPLED times ``samples`` hands
    are drawn, each weighed by the keep likelihood and by how good ``lead`` was with it by the
    lead table (:func:`games.strategy.opening_play.opening_choice_prior`, as the expert reads a
    lead in the play), and ``samples`` of them drawn again by weight and searched, each counting
    once (weighing the searched hands themselves would leave a few of them most of the say)."""
    read = opening_choice_prior((), lead, faced=None, sharpness=sharpness, variant=variant)
    candidates = []
    weights = []
    for _ in range(samples * RESAMPLED):
        theirs = tuple(sorted(rng.sample(pool, their_size)))
        kept = (*theirs, lead)
        candidates.append(theirs)
        weights.append(
            keep_likelihood.weight_of_ranks(kept, role="pone", variant=variant) * read(kept)
        )
    totals: dict[int, float] = {}
    for theirs in rng.choices(candidates, weights, k=samples):
        values = rank_values(
            (tuple(sorted(ranks)), theirs),
            (lead,),
            min(lead, 10),
            0,
            (None, None),
            one_series,
            (0, 1),
        )
        for rank, value in values.items():
            totals[rank] = totals.get(rank, 0.0) + value
    return [round(SCALE * totals[rank] / samples) for rank in sorted(totals)]


def _average(ranks, pool, their_size, series, lead, samples, rng, variant, role, one_series):
    totals: dict[int, float] = {}
    weight_sum = 0.0
    count = sum(min(rank, 10) for rank in series)
    for _ in range(samples):
        theirs = tuple(sorted(rng.sample(pool, their_size)))
        kept = (*theirs, lead) if lead else theirs
        weight = keep_likelihood.weight_of_ranks(kept, role=role, variant=variant)
        weight_sum += weight
        values = rank_values(
            (tuple(sorted(ranks)), theirs), series, count, 0, (None, None), one_series, (0, 1)
        )
        for rank, value in values.items():
            totals[rank] = totals.get(rank, 0.0) + weight * value
    return [round(SCALE * totals[rank] / weight_sum) for rank in sorted(totals)]


def opening_tables(samples: dict[str, int], workers: int, seed: int, read_lead: float) -> dict:
    """Both variants' tables. The reply reads the lead table as it is on disk, so with a
    reading the file must hold the leads this run makes (the same seed and samples: the leads
    do not depend on the reading); make it first with ``--read-lead 0`` otherwise."""
    if read_lead:
        written = json.loads(OPENING_FILE.read_text()) if OPENING_FILE.exists() else {}
        if (written.get("seed"), written.get("samples")) != (seed, samples):
            raise SystemExit(
                "the reply reads the lead table on disk, made with other options: "
                "run with --read-lead 0 first"
            )
    out: dict = {"samples": samples, "seed": seed, "scale": SCALE, "read_lead": read_lead}
    for variant, dealt in VARIANTS.items():
        started = time.perf_counter()
        jobs = [
            (variant, ranks, samples[variant], seed, read_lead) for ranks in multisets(dealt - 2)
        ]
        table: dict[str, list[int]] = {}
        with Pool(workers) as pool:
            for done, (_, part) in enumerate(pool.imap_unordered(_opening_job, jobs, chunksize=4)):
                table.update(part)
                if done % 200 == 0:
                    print(
                        f"{variant}: {done}/{len(jobs)}, {time.perf_counter() - started:.0f} s",
                        flush=True,
                    )
        out[variant] = dict(sorted(table.items()))
    return out


def _written() -> dict:
    return json.loads(keep_likelihood.DATA_FILE.read_text())


def _write(data: dict) -> None:
    keep_likelihood.DATA_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    keep_likelihood.reload()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("likelihood", "one-throw", "opening"), default=None)
    parser.add_argument(
        "--deals", type=int, default=50000, help="six-card deals for the likelihood"
    )
    parser.add_argument("--five-deals", type=int, default=30000, help="five-card deals for it")
    parser.add_argument(
        "--one-throw-deals", type=int, default=60000, help="five-card deals at three and four"
    )
    parser.add_argument("--samples", type=int, default=200, help="opponent hands per opening value")
    parser.add_argument(
        "--read-lead",
        type=float,
        default=3.0,
        help="how sharply the reply reads the pone's lead by the lead table (0: not read)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.only in (None, "likelihood"):
        deals = {"six": args.deals, "five": args.five_deals}
        data = likelihood_tables(deals, args.workers, args.seed)
        written = _written()
        if ONE_THROW in written:
            data[ONE_THROW] = written[ONE_THROW]
        _write(data)
        print(f"keep likelihood written, {time.perf_counter() - started:.0f} s", flush=True)
    if args.only in (None, "one-throw"):
        data = _written()
        data[ONE_THROW] = one_throw_table(args.one_throw_deals, args.workers, args.seed)
        _write(data)
        print(f"one-throw keep likelihood written, {time.perf_counter() - started:.0f} s")
    if args.only in (None, "opening"):
        samples = {"six": args.samples, "five": args.samples}
        data = opening_tables(samples, args.workers, args.seed, args.read_lead)
        OPENING_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"opening tables written, {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
