"""Measure the averages the review's luck figures are taken against (run once, offline).

The review (:mod:`games.strategy.review.luck`) says how lucky a seat was by comparing what
happened with what a seat in that role gets on average:

- deal luck: the best expected value of the cards dealt (``analyze_discard(...)[0].total``)
  against its average over random deals, for the dealer and the pone, six- and five-card;
- over whole games between two hard computer opponents: how far real cribs fall from their
  expected value (the show's luck), and the distributions of the points pegged in the play
  and of a hand's count (the endgame's chance to win draws from them).

This script prints those figures as Python constants to paste into
``games/strategy/review/baselines.py``, with the seed and sample sizes, so anyone can make them
again: ``.venv/bin/python benchmarks/review_luck_baselines.py [deals] [games]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import bot_for_level  # noqa: E402
from games.engine import (  # noqa: E402
    Discard,
    MatchOptions,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.cards import DECK  # noqa: E402
from games.strategy.analysis import analyze_discard  # noqa: E402

SEED = 20261124


def deal_averages(deals: int) -> dict:
    """Per (variant, is_dealer), over ``deals`` random deals: the mean best discard value."""
    rng = random.Random(SEED)
    averages = {}
    for variant, size in (("six", 6), ("five", 5)):
        for is_dealer in (True, False):
            total = 0.0
            for _ in range(deals):
                total += analyze_discard(rng.sample(DECK, size), is_dealer)[0].total
            averages[(variant, is_dealer)] = total / deals
    return averages


def play_averages(games: int) -> tuple[dict, dict, dict, dict]:
    """Per (variant, is_dealer), over hands whose play finished, hard vs hard: the mean points
    pegged in the play, and the mean of the crib's count less its expected value for the
    seat's own throw (not 0: a real opponent does not throw uniformly at random); and the
    distributions of the points pegged in the play and of the hand's count."""
    pegging, crib_offset = {}, {}
    pegging_counts: dict = {}
    hand_counts: dict = {}
    for variant in ("six", "five"):
        rng = random.Random(SEED)
        bots = [bot_for_level("hard"), bot_for_level("hard")]
        sums = {True: 0, False: 0}
        crib_sums = {True: 0.0, False: 0.0}
        hands = cribs = 0
        for _ in range(games):
            state = new_match(MatchOptions(variant=variant, match_target=1))
            pegged = {True: 0, False: 0}
            expected_crib = {}
            while state.phase != "match_over":
                if needs_shuffle(state):
                    action = Shuffle(shuffled_deck(rng))
                else:
                    seat = min(seats_to_act(state))
                    action = bots[seat].choose_action(view(state, seat), seat, rng)
                dealer = state.dealer
                if isinstance(action, Discard):
                    thrown = set(action.cards)
                    results = analyze_discard(state.held[action.seat], action.seat == dealer)
                    chosen = next(r for r in results if set(r.discard) == thrown)
                    expected_crib[action.seat == dealer] = chosen.crib
                state, events = apply(state, action)
                for event in events:
                    data = event.data
                    if event.type == "hand_started":
                        pegged = {True: 0, False: 0}
                    elif event.type in ("card_played", "go_scored") and data.get("points"):
                        pegged[data["seat"] == dealer] += data["points"]
                    elif (
                        event.type == "hand_shown"
                        and data["kind"] == "hand"
                        and data["seat"] != dealer
                    ):
                        # Once per hand, at the pone's count: the play is over.
                        hands += 1
                        for is_dealer in (True, False):
                            sums[is_dealer] += pegged[is_dealer]
                            tally = pegging_counts.setdefault((variant, is_dealer), Counter())
                            tally[pegged[is_dealer]] += 1
                    if event.type == "hand_shown" and data["kind"] == "hand":
                        tally = hand_counts.setdefault((variant, data["seat"] == dealer), Counter())
                        tally[data["total"]] += 1
                    elif event.type == "hand_shown" and data["kind"] == "crib":
                        cribs += 1
                        for is_dealer in (True, False):
                            crib_sums[is_dealer] += data["total"] - expected_crib[is_dealer]
        for is_dealer in (True, False):
            pegging[(variant, is_dealer)] = sums[is_dealer] / hands
            crib_offset[(variant, is_dealer)] = crib_sums[is_dealer] / cribs
    return pegging, crib_offset, _shares(pegging_counts), _shares(hand_counts)


def _shares(tallies: dict) -> dict:
    """Each tally as a list of shares by points (index = points), to four places."""
    shares = {}
    for key, tally in tallies.items():
        total = sum(tally.values())
        shares[key] = [round(tally[points] / total, 4) for points in range(max(tally) + 1)]
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deals", type=int, nargs="?", default=3000, help="per role and variant")
    parser.add_argument("games", type=int, nargs="?", default=60, help="hard-vs-hard games each")
    arguments = parser.parse_args()
    deals, games = arguments.deals, arguments.games
    print(f"# seed {SEED}, {deals} deals per role and variant, {games} hard-vs-hard games each")
    deal_values = deal_averages(deals)
    _, crib_offset, pegging_shares, hand_shares = play_averages(games)
    for name, values in (
        ("DEAL_VALUE_AVERAGE", deal_values),
        ("CRIB_OVER_EXPECTED", crib_offset),
    ):
        print(f"{name} = {{")
        for (variant, is_dealer), value in values.items():
            print(f'    ("{variant}", {is_dealer}): {value:.3f},')
        print("}")
    for name, values in (
        ("PEGGING_DISTRIBUTION", pegging_shares),
        ("HAND_DISTRIBUTION", hand_shares),
    ):
        print(f"{name} = {{")
        for (variant, is_dealer), shares in sorted(values.items(), key=lambda item: item[0]):
            print(f'    ("{variant}", {is_dealer}): {shares},')
        print("}")


if __name__ == "__main__":
    main()
