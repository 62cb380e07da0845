"""Sampling the opponent's hands against enumerating them all, in the pegging search.

`games.strategy.pegging_search.play_values` enumerates the opponent's rank multisets exactly when
there are at most ``EXACT_LIMIT`` of them and deals ``SAMPLES`` (``LEAD_SAMPLES`` at the first
lead) seeded random hands otherwise. This measures what sampling costs in play and saves in
time: random two-player six-card positions of each kind where sampling is the default, each
valued both ways (the opponent model on, as the expert plays), and for the sampled choice how
often it is the exact search's best card and how many expected points it gives away by the
exact values. CPU times.

    .venv/bin/python benchmarks/sampling_vs_exact.py --positions 100
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
from games.strategy import pegging_search  # noqa: E402
from games.strategy.analysis import analyze_discard  # noqa: E402

KINDS = {
    # name: (cards we have played, cards the opponent has played); we are the pone when the
    # opponent has played no more than we have.
    "first lead (4 v 4)": (0, 0),
    "reply (4 v 3)": (0, 1),
    "pone's second card (3 v 3)": (1, 1),
}


def position(kind: tuple[int, int], rng: random.Random):
    """A dealt hand played to the asked point by the best exact discard and low cards first."""
    deck = list(DECK)
    while True:
        rng.shuffle(deck)
        ours = analyze_discard(deck[:6], is_dealer=kind[1] > kind[0])[0]
        theirs = analyze_discard(deck[6:12], is_dealer=kind[1] <= kind[0])[0]
        starter = deck[12]
        mine, other = (
            sorted(ours.keep, key=lambda c: c.value),
            sorted(theirs.keep, key=lambda c: c.value),
        )
        order = []
        we_lead = kind[1] <= kind[0]
        hands = [mine, other] if we_lead else [other, mine]
        for step in range(kind[0] + kind[1]):
            order.append(hands[step % 2].pop(0))
        count = sum(card.value for card in order)
        if count > 31:
            continue
        seen = {*ours.keep, *ours.discard, starter, *order}
        unseen = [card for card in DECK if card not in seen]
        played = tuple(order[1::2] if we_lead else order[0::2])
        return mine, unseen, len(other), order, count, ("dealer" if we_lead else "pone", played)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--lead-positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    default_limit = pegging_search.EXACT_LIMIT
    for name, kind in KINDS.items():
        how_many = args.lead_positions if kind == (0, 0) else args.positions
        agree, lost, sampled_times, exact_times = 0, [], [], []
        for _ in range(how_many):
            hand, unseen, their_count, series, count, model = position(kind, rng)
            arguments = dict(
                seat=0,
                hand=hand,
                unseen=unseen,
                held_counts=(len(hand), their_count),
                series=series,
                count=count,
                opponent_kept=model,
            )
            results = []
            for limit, times in ((default_limit, sampled_times), (10**9, exact_times)):
                pegging_search.EXACT_LIMIT = limit
                pegging_search._MEMO2.clear()
                started = time.process_time()
                results.append(pegging_search.play_values(**arguments))
                times.append(time.process_time() - started)
            pegging_search.EXACT_LIMIT = default_limit
            sampled, exact = results
            best_exact = max(exact.values())
            chosen = max(sampled, key=lambda card: (sampled[card], -card.value, -card.rank))
            agree += exact[chosen] >= best_exact - 1e-9
            lost.append(best_exact - exact[chosen])
        print(
            f"{name}: {how_many} positions; the sampled choice is the exact best in "
            f"{agree / how_many:.0%}; it gives away {statistics.fmean(lost):.3f} points on "
            f"average (max {max(lost):.2f}); CPU median {1000 * statistics.median(sampled_times):.1f}"
            f" ms sampled, {1000 * statistics.median(exact_times):.1f} ms exact"
        )


if __name__ == "__main__":
    main()
