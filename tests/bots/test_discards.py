"""Discards by level: random (easy), best hand now (medium), exact expected value (hard)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.bots.medium import crib_promise, hand_points_without_starter
from games.engine import Discard, MatchOptions, parse_cards, show_total, view
from games.engine.cards import DECK
from tests.engine.builders import dealt, with_scores

SIX = MatchOptions(match_target=1)
FIVE = MatchOptions(variant="five", match_target=1)


def brute_force_totals(cards, is_dealer) -> dict[frozenset, float]:
    """Every discard's expected total: every starter and every opponent throw, card by card.

    Scored with ``show_total``, which tests/engine/test_analysis.py holds equal to the itemised
    ``score_show`` on thousands of random shows (the itemised scorer takes 25 times as long).
    """
    unseen = [card for card in DECK if card not in cards]
    totals = {}
    for thrown in combinations(cards, 2):
        kept = tuple(card for card in cards if card not in thrown)
        hand = sum(show_total(kept, starter) for starter in unseen) / len(unseen)
        crib_total = deals = 0
        for first, second in combinations(unseen, 2):
            crib = (*thrown, first, second)
            starters = [card for card in unseen if card is not first and card is not second]
            crib_total += sum(show_total(crib, starter, True) for starter in starters)
            deals += len(starters)
        crib = crib_total / deals
        totals[frozenset(thrown)] = hand + crib if is_dealer else hand - crib
    return totals


def brute_force_best_discard(cards, is_dealer):
    totals = brute_force_totals(cards, is_dealer)
    return set(max(totals, key=totals.get))


def test_the_hard_bots_discard_is_the_brute_force_best(alice, rng, hard_bot):
    state = dealt(
        FIVE, dealer=0, pone="9H 3C 7S 8D KS", dealer_cards="5C 6H 4D TS JH", starter="2S"
    )
    action = hard_bot.choose_action(view(state, alice), alice, rng)
    assert set(action.cards) == brute_force_best_discard(parse_cards("5C 6H 4D TS JH"), True)


SAMPLED_DEALS = [(SIX if seed % 4 < 2 else FIVE, seed % 2 == 0, seed) for seed in range(12)]
"""Six- and five-card deals, the bot dealing or not, three of each."""


@pytest.mark.parametrize(
    ("options", "bot_deals", "seed"),
    SAMPLED_DEALS,
    ids=lambda value: value.variant if isinstance(value, MatchOptions) else str(value),
)
def test_the_hard_bots_discard_is_the_brute_force_best_on_sampled_deals(
    alice, options, bot_deals, seed, hard_bot
):
    size = options.hand_size
    cards = random.Random(seed).sample(DECK, 2 * size + 1)
    mine, theirs, starter = cards[:size], cards[size : 2 * size], cards[-1]
    text = " ".join
    state = dealt(
        options,
        dealer=alice if bot_deals else 1 - alice,
        pone=text(map(str, theirs if bot_deals else mine)),
        dealer_cards=text(map(str, mine if bot_deals else theirs)),
        starter=str(starter),
    )
    action = hard_bot.choose_action(view(state, alice), alice, random.Random(seed))
    totals = brute_force_totals(tuple(mine), bot_deals)
    best = max(totals.values())
    # Equal bests (a different suit to the same effect) are equally right.
    assert totals[frozenset(action.cards)] == pytest.approx(best, abs=1e-9)


def test_the_medium_bot_keeps_the_hand_that_already_scores_most(bob, rng, medium_bot):
    state = dealt(
        SIX, dealer=0, pone="5H 5D 5S JC 2H 9S", dealer_cards="AC 3D 7H 8C QS KH", starter="4C"
    )
    action = medium_bot.choose_action(view(state, bob), bob, rng)
    assert action == Discard(bob, parse_cards("2H 9S"))
    assert hand_points_without_starter(parse_cards("5H 5D 5S JC")) == 14


def test_the_medium_bot_rates_fives_and_pairs_as_crib_cards():
    assert crib_promise(parse_cards("5H 5D")) > crib_promise(parse_cards("7C 8S"))
    assert crib_promise(parse_cards("7C 8S")) > crib_promise(parse_cards("KC 9S"))


def test_the_easy_bot_throws_two_of_its_own_cards_at_random(alice, easy_bot):
    state = dealt(
        SIX, dealer=1, pone="5H 5D 5S JC 2H 9S", dealer_cards="AC 3D 7H 8C QS KH", starter="4C"
    )
    throws = set()
    for seed in range(40):
        action = easy_bot.choose_action(view(state, alice), alice, random.Random(seed))
        assert set(action.cards) <= set(parse_cards("5H 5D 5S JC 2H 9S"))
        throws.add(frozenset(action.cards))
    assert len(throws) > 5


def test_a_hard_pone_near_home_keeps_the_hand_most_likely_to_count_out(bob, rng, hard_bot):
    # Best on average: throw AH 8D and keep AD 5C KH 5H. Needing 8, keeping both aces and both
    # fives is worse on average but reaches 8 with more starters.
    state = dealt(
        SIX, dealer=0, pone="AD 5C KH AH 5H 8D", dealer_cards="2C 3D 7H 9C QS 4S", starter="4C"
    )
    far_from_home = hard_bot.choose_action(view(state, bob), bob, rng)
    assert set(far_from_home.cards) == set(parse_cards("AH 8D"))
    near_home = hard_bot.choose_action(view(with_scores(state, 100, 113), bob), bob, rng)
    assert set(near_home.cards) == set(parse_cards("KH 8D"))


def test_a_hard_dealer_racing_a_pone_near_home_keeps_the_cards_that_peg(alice, hard_bot):
    # Best on average: throw 3C 3H and keep 4D JD KH AS (12.8). Needing 4 while the pone, who
    # counts first, needs 8, the dealer must usually peg them: a pair of threes, a four and an
    # ace answer far more of the pone's cards than a jack and a king.
    state = dealt(
        SIX, dealer=0, pone="8C TH KC 5S 5D QD", dealer_cards="3C 3H 4D JD KH AS", starter="KD"
    )
    for scores in ((0, 0), (117, 90)):  # far from home, or the pone far from home
        action = hard_bot.choose_action(
            view(with_scores(state, *scores), alice), alice, random.Random(1)
        )
        assert set(action.cards) == set(parse_cards("3C 3H")), scores
    for seed in range(3):
        racing = hard_bot.choose_action(
            view(with_scores(state, 117, 113), alice), alice, random.Random(seed)
        )
        assert set(racing.cards) == set(parse_cards("JD KH"))
