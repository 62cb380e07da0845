"""The expert's opponent model (keep_likelihood) and its opening-play table (opening_play)."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from games.bots import bot_for_level
from games.bots import expert as expert_module
from games.bots.base import read_view
from games.engine import MatchOptions, parse_cards, view
from games.engine.cards import DECK
from games.strategy import opening_play as opening_module
from games.strategy.keep_likelihood import (
    ONE_THROW,
    ONE_THROW_CRIB_WEIGHTS,
    rank_key,
    weight_of_ranks,
)
from games.strategy.one_card_throw import analyze_throw
from games.strategy.opening_play import (
    opening_choice_prior,
    opening_position_values,
    opening_values,
)
from games.strategy.pegging_search import (
    all_opponent_hands,
    brute_force_values,
    opponent_deals,
    play_values,
    searched_deals,
)
from tests.engine.builders import play_in_turn, ready_to_play, with_scores

SIX = MatchOptions(match_target=1)
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make_opening_tables.py"


def kept_multisets(size: int):
    for ranks in combinations_with_replacement(range(1, 14), size):
        if all(ranks.count(rank) <= 4 for rank in ranks):
            yield ranks


def load_script():
    spec = importlib.util.spec_from_file_location("make_opening_tables", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant, size", [("six", 4), ("five", 3)])
def test_every_kept_hand_has_a_positive_weight_for_both_roles(variant, size):
    for role in ("pone", "dealer"):
        weights = [
            weight_of_ranks(ranks, role=role, variant=variant) for ranks in kept_multisets(size)
        ]
        assert len(weights) == {"six": 1820, "five": 455}[variant]
        assert all(weight > 0 for weight in weights)
        # Kept hands are far from random: some are many times likelier than chance, some rarer.
        assert max(weights) > 5 and min(weights) < 0.5


def test_weights_say_what_players_keep():
    # Pairs and fives are kept; a pone throws fives and pairs into the dealer's crib less often
    # than the dealer does, so it keeps them more.
    assert weight_of_ranks((5, 5, 10, 13), role="pone") > weight_of_ranks(
        (1, 7, 9, 13), role="pone"
    )
    assert weight_of_ranks((4, 5, 6, 6), role="dealer") > 1
    with pytest.raises(ValueError):
        weight_of_ranks((5, 5, 10), role="pone")
    with pytest.raises(ValueError):
        weight_of_ranks((5, 5, 10, 13), role="banker")
    with pytest.raises(ValueError):
        weight_of_ranks((5, 5, 10, 13), role="pone", variant="seven")


def test_the_weighted_search_equals_a_weighted_brute_force():
    """With the opponent model, a card's value is the average over the opponent's possible card
    hands of the brute-force minimax, each hand weighted by the model of its whole kept hand
    (what it holds and what it has played)."""
    rng = random.Random(4)
    checked = differ = 0
    while checked < 12:
        deck = list(DECK)
        rng.shuffle(deck)
        # The pone (seat 1) led and played again; we (seat 0, dealer) replied once.
        series = deck[:3]
        count = sum(card.value for card in series)
        hand, unseen = deck[3:6], deck[10:17]
        if count > 31 or not any(card.value + count <= 31 for card in hand):
            continue
        checked += 1
        theirs_played = [series[0], series[2]]
        values = play_values(
            seat=0,
            hand=hand,
            unseen=unseen,
            held_counts=(3, 2),
            series=series,
            count=count,
            opponent_kept=("pone", theirs_played),
        )
        total: dict = {}
        weight_sum = 0.0
        for other in all_opponent_hands(unseen, 2):
            kept = [card.rank for card in (*other, *theirs_played)]
            weight = weight_of_ranks(kept, role="pone")
            weight_sum += weight
            for card, value in brute_force_values(hand, [other], series, count).items():
                total[card] = total.get(card, 0.0) + weight * value
        expected = {card: value / weight_sum for card, value in total.items()}
        assert values.keys() == expected.keys()
        for card, value in expected.items():
            assert values[card] == pytest.approx(value), (hand, unseen, series, card)
        plain = play_values(
            seat=0, hand=hand, unseen=unseen, held_counts=(3, 2), series=series, count=count
        )
        differ += plain != values
    # And the model matters: without it the values are not the same.
    assert differ > 0


@pytest.mark.parametrize("variant, size", [("six", 4), ("five", 3)])
def test_the_opening_table_covers_every_kept_hand_and_lead(variant, size):
    for ranks in kept_multisets(size):
        lead = opening_values(ranks, lead=None, variant=variant)
        assert sorted(lead) == sorted(set(ranks))
        for led in range(1, 14):
            if ranks.count(led) == 4:
                with pytest.raises(ValueError):
                    opening_values(ranks, lead=led, variant=variant)
                continue
            reply = opening_values(ranks, lead=led, variant=variant)
            assert sorted(reply) == sorted(set(ranks))
    with pytest.raises(ValueError):
        opening_values((1, 2, 3), lead=None, variant="six")


@pytest.mark.parametrize("variant, ranks", [("six", (2, 3, 5, 11)), ("five", (4, 6, 10))])
def test_the_opening_table_is_what_the_script_makes(variant, ranks):
    """Recompute one kept hand's entries with the committed script and seed: they match."""
    script = load_script()
    stored = json.loads(opening_module.DATA_FILE.read_text())
    samples = stored["samples"][variant]
    _, entries = script._opening_job((variant, ranks, samples, stored["seed"], stored["read_lead"]))
    for key, values in entries.items():
        assert stored[variant][key] == values, key


def test_the_table_answers_the_lead_and_the_reply_and_nothing_later(alice, bob):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="AS 4H 5C KD", dealer_keeps="5D 6S 7C 7D")

    def position(seat):
        seen = read_view(view(state, seat), seat)
        played = [card for _, card in seen.played]
        return opening_position_values(seen.kept, played, is_dealer=seen.is_dealer)

    assert position(alice) == opening_values((1, 4, 5, 13), lead=None)
    assert position(bob) is None  # the dealer does not lead
    state, _ = play_in_turn(state, "4H")
    assert position(bob) == opening_values((5, 6, 7, 7), lead=4)
    state, _ = play_in_turn(state, "7C")
    assert position(alice) is None


def test_near_the_end_the_expert_searches_instead_of_reading_the_table(alice, rng, monkeypatch):
    expert = bot_for_level("expert")
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="AS 4H 5C KD", dealer_keeps="5D 6S 7C 7D")
    far = expert.choose_action(view(state, alice), alice, rng)
    table = opening_values((1, 4, 5, 13), lead=None)
    assert far.card.rank == max(sorted(table), key=lambda rank: (table[rank], -rank))

    def no_table(*args, **kwargs):
        raise AssertionError("the opening table was read near the end of the game")

    monkeypatch.setattr(expert_module, "opening_position_values", no_table)
    near = with_scores(state, 118, 90)
    card = expert.choose_action(view(near, alice), alice, rng).card
    assert card in parse_cards("AS 4H 5C KD")


def test_the_one_throw_table_covers_every_kept_hand_for_every_role():
    for role in ONE_THROW_CRIB_WEIGHTS:
        weights = [
            weight_of_ranks(ranks, role=role, variant=ONE_THROW) for ranks in kept_multisets(4)
        ]
        assert len(weights) == 1820
        assert all(weight > 0 for weight in weights)
        # Four kept of five: fives and runs are kept, odd high cards are what is thrown.
        assert weight_of_ranks((5, 5, 10, 11), role=role, variant=ONE_THROW) > 2
        assert weight_of_ranks((1, 7, 9, 13), role=role, variant=ONE_THROW) < 0.2
    with pytest.raises(ValueError):
        weight_of_ranks((5, 5, 10, 11), role="dealer", variant=ONE_THROW)
    with pytest.raises(ValueError):
        weight_of_ranks((5, 5, 10, 11), role="crib", variant="six")


def test_the_one_throw_table_counts_the_exact_throw_for_each_role():
    """The script keeps, for each role, what analyze_throw ranks best at that role's crib
    weight, deal by deal from the same seeded shuffles."""
    script = load_script()
    counts = script._count_one_throw_keeps((30, 7))
    rng = random.Random(7)
    deck = list(DECK)
    expected: dict = {role: {} for role in ONE_THROW_CRIB_WEIGHTS}
    for _ in range(30):
        rng.shuffle(deck)
        for role, weight in ONE_THROW_CRIB_WEIGHTS.items():
            best = analyze_throw(deck[:5], crib_weight=weight)[0]
            key = rank_key(card.rank for card in best.keep)
            expected[role][key] = expected[role].get(key, 0) + 1
    assert {role: dict(found) for role, found in counts.items()} == expected
    assert counts["crib"] != counts["three_against"], "the crib's owner changes what is kept"


def test_weighed_deals_at_three_follow_the_weights():
    """With a weight that all but forbids seat 2 a king, the searched deals give it none,
    though a plain draw from the same cards gives it kings in most deals."""
    unseen = [card for card in DECK if card.rank >= 9]
    no_kings = [None, None, lambda ranks: 1e-9 if 13 in ranks else 1.0]

    def deals(seat_priors):
        rng = random.Random(3)
        return opponent_deals(
            0, (1, 2, 3, 4), unseen, (4, 4, 4), rng, None, 60, seat_priors=seat_priors
        )

    weighed, plain = deals(no_kings), deals(None)
    assert sum(weight for _, weight in weighed) == pytest.approx(1.0)
    assert not any(13 in hands[2] for hands, _ in weighed)
    assert any(13 in hands[1] for hands, _ in weighed)
    assert sum(weight for hands, weight in plain if 13 in hands[2]) > 0.5


def test_no_deal_gives_a_seat_a_card_its_passes_rule_out():
    """Seat 2 passed with room 5 on the count: the deals give it nothing worth 5 or less, while
    seat 1, which never passed, gets such cards as a plain draw would."""
    unseen = [card for card in DECK if card.rank not in (1, 2, 3, 4)]
    rng = random.Random(8)
    deals = opponent_deals(0, (1, 2, 3, 4), unseen, (4, 3, 3), rng, None, 60, passed={2: 5})
    assert not any(rank <= 5 for hands, _ in deals for rank in hands[2])
    assert any(rank <= 5 for hands, _ in deals for rank in hands[1])


def test_at_two_no_hand_holds_a_card_the_opponent_s_go_rules_out():
    """The opponent (seat 1) said go with room 4 on the count: the hands searched, enumerated
    or sampled, give it nothing worth 4 or less, and each remaining hand keeps its share of
    card hands (a rank multiset weighs as many card hands as the fitting cards make)."""
    unseen = [card for card in DECK if card.rank in (2, 4, 6, 9, 10, 12)]
    exact = opponent_deals(0, (1, 3), unseen, (2, 2), random.Random(3), None, passed={1: 4})
    plain = opponent_deals(0, (1, 3), unseen, (2, 2), random.Random(3), None)
    assert exact and not any(rank <= 4 for hands, _ in exact for rank in hands[1])
    assert any(rank <= 4 for hands, _ in plain for rank in hands[1])
    assert sum(weight for _, weight in exact) == pytest.approx(1.0)
    fitting = [card for card in unseen if card.value > 4]
    pairs = len(fitting) * (len(fitting) - 1) / 2
    assert dict(exact)[((1, 3), (6, 9))] == pytest.approx(16 / pairs)
    assert dict(exact)[((1, 3), (10, 12))] == pytest.approx(4 * 4 / pairs)
    many = [card for card in DECK if card.rank not in (1, 3)]
    sampled = opponent_deals(0, (1, 3), many, (2, 4), random.Random(3), None, 60, passed={1: 4})
    assert not any(rank <= 4 for hands, _ in sampled for rank in hands[1])


def test_at_two_the_points_the_opponent_declined_weigh_its_hands():
    """On a count of ten the opponent laid a two, though a five would have made fifteen: hands
    with a five still in them are weighed down (by DECLINED), others not."""
    unseen = [card for card in DECK if card.rank in (3, 5, 7, 8)]
    arguments = dict(
        seat=0,
        hand=parse_cards("9H KD"),
        unseen=unseen,
        held_counts=(2, 2),
        series=parse_cards("TH 2S"),
        count=12,
    )
    plain = searched_deals(**arguments)
    read = searched_deals(**arguments, declined_by_seat=[[], [((10,), 2)]])

    def with_a_five(deals):
        return sum(weight for hands, weight in deals if 5 in hands[1])

    assert with_a_five(read) < with_a_five(plain) / 5
    for hands, weight in read:
        if 5 not in hands[1]:
            assert weight > dict(plain)[hands]


def test_the_opening_read_weighs_a_lead_by_how_far_it_is_from_the_best():
    """A pone who led a five from A 4 5 K (the table's worst lead there: it gives the dealer a
    fifteen) seldom holds A 4 K; one who holds only fives led its best card."""
    prior = opening_choice_prior((5,), 5, faced=None, sharpness=3.0)
    table = opening_values((1, 4, 5, 13), lead=None)
    assert prior((1, 4, 13)) == pytest.approx(math.exp(3.0 * (table[5] - max(table.values()))))
    assert prior((1, 4, 13)) < 0.5
    assert prior((5, 5, 5)) == 1.0
    reply = opening_choice_prior((13,), 13, faced=5, sharpness=3.0)
    table = opening_values((2, 3, 10, 13), lead=5)
    assert reply((2, 3, 10)) == pytest.approx(math.exp(3.0 * (table[13] - max(table.values()))))
