"""analyze_discard: exact expected hand and crib values, checked against brute force.

The brute force here shares nothing with the analysis but the scorer: it deals every starter
and every pair the opponent could throw, card by card, and scores each show. Crib enumeration is
~45,000 shows per discard: with the itemised ``score_show`` (25 us a show) it runs on a few
chosen and a few random discards; with ``show_total`` (1 us, held equal to ``score_show`` on
thousands of random shows below) on every discard of sampled random deals.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import isclose

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import DECK, parse_cards
from games.engine.errors import IllegalAction
from games.engine.scoring import score_show, show_total
from games.strategy.analysis import DiscardAnalysis, analyze_discard


def brute_force_hand(keep, dealt) -> Fraction:
    starters = [card for card in DECK if card not in dealt]
    total = sum(score_show(keep, starter).total for starter in starters)
    return Fraction(total, len(starters))


def brute_force_crib(discard, dealt) -> Fraction:
    unseen = [card for card in DECK if card not in dealt]
    total = 0
    deals = 0
    for opponent_throw in combinations(unseen, 2):
        crib = (*discard, *opponent_throw)
        for starter in unseen:
            if starter in opponent_throw:
                continue
            total += score_show(crib, starter, crib=True).total
            deals += 1
    return Fraction(total, deals)


def result_for(results: list[DiscardAnalysis], discard_text: str) -> DiscardAnalysis:
    wanted = set(parse_cards(discard_text))
    return next(result for result in results if set(result.discard) == wanted)


def assert_exact(value: float, expected: Fraction) -> None:
    assert isclose(value, float(expected), rel_tol=1e-12, abs_tol=1e-12), (value, expected)


SIX_CARD_HAND = "JH 5H 7H 8H JD 5D"
"""Keeping the hearts tests hand flush and nobs; throwing JD 5D a suited crib with a jack."""


def test_every_expected_hand_of_a_six_card_deal_matches_brute_force():
    dealt = parse_cards(SIX_CARD_HAND)
    results = analyze_discard(dealt, is_dealer=True)
    assert len(results) == 15
    for result in results:
        assert_exact(result.hand, brute_force_hand(result.keep, dealt))


@pytest.mark.parametrize("discard_text", ["JD 5D", "7H 8H"])
def test_the_expected_crib_matches_brute_force_over_every_throw_and_starter(discard_text):
    dealt = parse_cards(SIX_CARD_HAND)
    dealer = result_for(analyze_discard(dealt, is_dealer=True), discard_text)
    expected_crib = brute_force_crib(dealer.discard, dealt)
    assert_exact(dealer.crib, expected_crib)
    assert_exact(dealer.total, brute_force_hand(dealer.keep, dealt) + expected_crib)


def test_a_five_card_deal_matches_brute_force_for_hand_and_crib():
    dealt = parse_cards("JC 4C 6C 9S 9D")
    results = analyze_discard(dealt, is_dealer=False)
    assert len(results) == 10
    for result in results:
        assert len(result.keep) == 3
        assert_exact(result.hand, brute_force_hand(result.keep, dealt))
    pone = result_for(results, "9S 9D")
    expected_crib = brute_force_crib(pone.discard, dealt)
    assert_exact(pone.crib, expected_crib)
    assert_exact(pone.total, brute_force_hand(pone.keep, dealt) - expected_crib)


def test_the_dealer_adds_the_crib_and_the_pone_subtracts_it():
    dealt = parse_cards("5S 5C TD KH 3S 9D")
    as_dealer = {result.discard: result for result in analyze_discard(dealt, is_dealer=True)}
    as_pone = {result.discard: result for result in analyze_discard(dealt, is_dealer=False)}
    for discard, dealer in as_dealer.items():
        pone = as_pone[discard]
        assert dealer.hand == pone.hand and dealer.crib == pone.crib
        assert isclose(dealer.total, dealer.hand + dealer.crib)
        assert isclose(pone.total, pone.hand - pone.crib)


def test_results_come_best_first_and_cover_every_discard_once():
    dealt = parse_cards("AS 2S 3D 4H KC QC")
    results = analyze_discard(dealt, is_dealer=False)
    totals = [result.total for result in results]
    assert totals == sorted(totals, reverse=True)
    assert {frozenset(result.discard) for result in results} == {
        frozenset(pair) for pair in combinations(dealt, 2)
    }
    for result in results:
        assert sorted(result.keep + result.discard) == sorted(dealt)


def test_a_pone_throws_kings_rather_than_a_pair_of_fives():
    results = analyze_discard(parse_cards("5S 5C KD KH 3S 9D"), is_dealer=False)
    thrown = {card.rank for card in results[0].discard}
    assert 5 not in thrown


def test_the_result_serialises_to_plain_json():
    result = analyze_discard(parse_cards("5H 5D JS QC 2H 9C"), is_dealer=True)[0]
    data = result.to_dict()
    assert data["keep"] == ["5H", "5D", "JS", "QC"]
    assert data["discard"] == ["2H", "9C"]
    assert data["is_dealer"] is True
    assert data["total"] == pytest.approx(data["hand"] + data["crib"])


def test_results_are_frozen():
    result = analyze_discard(parse_cards("5H 5D JS QC 2H 9C"), is_dealer=True)[0]
    with pytest.raises(AttributeError):
        result.total = 99.0


@pytest.mark.parametrize(
    "cards, is_dealer",
    [
        (parse_cards("5H 5D JS QC"), True),
        (parse_cards("5H 5D JS QC 2H 9C 8C"), True),
        (parse_cards("5H 5H JS QC 2H 9C"), True),
        (["5H", "5D", "JS", "QC", "2H", "9C"], False),
        ("5H 5D JS QC 2H 9C", False),
        (parse_cards("5H 5D JS QC 2H 9C"), "yes"),
    ],
)
def test_it_rejects_anything_but_five_or_six_different_cards(cards, is_dealer):
    with pytest.raises(IllegalAction) as raised:
        analyze_discard(cards, is_dealer)
    assert raised.value.code == "bad_hand"


@given(st.sampled_from((5, 6)), st.booleans(), st.randoms(use_true_random=False))
@settings(max_examples=20, deadline=None)
def test_every_expected_hand_of_a_random_deal_matches_brute_force(size, is_dealer, chance):
    dealt = tuple(chance.sample(DECK, size))
    starters = [card for card in DECK if card not in dealt]
    for result in analyze_discard(dealt, is_dealer):
        total = sum(show_total(result.keep, starter) for starter in starters)
        assert_exact(result.hand, Fraction(total, len(starters)))


def brute_force_crib_totals(discard, dealt) -> Fraction:
    """As :func:`brute_force_crib`, with the fast total-only scorer."""
    unseen = [card for card in DECK if card not in dealt]
    total = deals = 0
    for first, second in combinations(unseen, 2):
        crib = (*discard, first, second)
        starters = [card for card in unseen if card is not first and card is not second]
        total += sum(show_total(crib, starter, True) for starter in starters)
        deals += len(starters)
    return Fraction(total, deals)


def test_the_fast_total_equals_the_itemised_score_on_random_shows():
    chance = random.Random("show-totals")
    for _ in range(10_000):
        size = chance.choice((3, 4, 4))
        cards = chance.sample(DECK, size + 1)
        crib = size == 4 and chance.random() < 0.5
        hand, starter = cards[:size], cards[size]
        assert show_total(hand, starter, crib) == score_show(hand, starter, crib=crib).total


SAMPLED_DEALS = [(6, True), (6, False), (5, True), (5, False)]


@pytest.mark.parametrize(("size", "is_dealer"), SAMPLED_DEALS)
def test_every_expected_crib_of_a_random_deal_matches_brute_force(size, is_dealer):
    dealt = tuple(random.Random(f"crib-{size}-{is_dealer}").sample(DECK, size))
    results = analyze_discard(dealt, is_dealer)
    for result in results:
        expected_crib = brute_force_crib_totals(result.discard, dealt)
        assert_exact(result.crib, expected_crib)
        sign = 1 if is_dealer else -1
        assert_exact(result.total, brute_force_hand(result.keep, dealt) + sign * expected_crib)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_discards_crib_matches_the_itemised_brute_force(seed):
    chance = random.Random(seed)
    dealt = tuple(chance.sample(DECK, chance.choice((5, 6))))
    result = chance.choice(analyze_discard(dealt, is_dealer=True))
    assert_exact(result.crib, brute_force_crib(result.discard, dealt))
