"""The exact search of the play (games/strategy/pegging_search.py) against a brute force."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.engine import MatchOptions, parse_cards
from games.engine.cards import DECK
from games.strategy import pegging_search as module
from games.strategy.pegging_search import (
    all_opponent_hands,
    best_play,
    brute_force_values,
    net2,
    play_values,
    play_values_from_state,
    search,
)
from tests.engine.builders import play_in_turn, ready_to_play

SIX = MatchOptions(match_target=1)


def small_positions(seed: int, how_many: int):
    """Random positions small enough to brute-force: seat 0 holds 1-3 cards, the opponent 1-3
    of up to 7 unseen cards, a count already under way."""
    rng = random.Random(seed)
    found = 0
    while found < how_many:
        deck = list(DECK)
        rng.shuffle(deck)
        hand = deck[: rng.randint(1, 3)]
        series, count = [], 0
        for card in deck[10 : 10 + rng.randint(0, 3)]:
            if count + card.value > 31:
                break
            series.append(card)
            count += card.value
        theirs = rng.randint(1, 3)
        unseen = deck[20 : 20 + rng.randint(theirs, 7)]
        if any(card.value + count <= 31 for card in hand):
            found += 1
            yield hand, unseen, theirs, series, count, rng.random() < 0.3


@pytest.mark.parametrize("seed", [1, 2])
def test_values_equal_a_brute_force_enumeration_of_every_opponent_hand(seed):
    for hand, unseen, theirs, series, count, one_series in small_positions(seed, 60):
        values = play_values(
            seat=0,
            hand=hand,
            unseen=unseen,
            held_counts=(len(hand), theirs),
            series=series,
            count=count,
            one_series=one_series,
        )
        expected = brute_force_values(
            hand, all_opponent_hands(unseen, theirs), series, count, one_series=one_series
        )
        assert values.keys() == expected.keys()
        for card, value in expected.items():
            assert values[card] == pytest.approx(value), (hand, unseen, series, card)


def test_the_general_search_equals_the_two_player_one():
    for hand, unseen, theirs, series, count, one_series in small_positions(3, 40):
        mine = tuple(sorted(card.rank for card in hand))
        other = tuple(sorted(card.rank for card in unseen[:theirs]))
        ranks = tuple(card.rank for card in series)
        general = search((mine, other), ranks, count, 0, (None, None), one_series, (0, 1))
        assert general[0] - general[1] == pytest.approx(
            net2(mine, other, ranks, count, None, None, one_series)
        )


def test_a_card_that_reaches_the_target_is_worth_the_game():
    hand = parse_cards("5H 2C")
    common = dict(seat=0, hand=hand, unseen=parse_cards("KD 9S 3H"), held_counts=(2, 2), count=10)
    common["series"] = parse_cards("KS")
    for_points = play_values(**common)
    to_win = play_values(**common, needs=(2, 50))
    # The fifteen wins: the game ends there, nothing else is pegged.
    assert to_win[hand[0]] == 2 + module.GAME_POINT
    assert for_points[hand[0]] < to_win[hand[0]] - module.GAME_POINT + 1


def test_no_card_fits_gives_no_values():
    assert (
        play_values(
            seat=0,
            hand=parse_cards("KH"),
            unseen=parse_cards("AS 2S"),
            held_counts=(1, 1),
            series=parse_cards("KS QS 5D"),
            count=25,
        )
        == {}
    )


def test_values_from_a_match_never_read_the_opponents_cards(alice, bob):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="5S 4H 9C KD", dealer_keeps="AH 2H 3D 4S")
    state, _ = play_in_turn(state, "4H")
    values = play_values_from_state(state, bob)
    assert set(values) == set(parse_cards("AH 2H 3D 4S"))
    # Swap alice's unplayed cards for others bob has not seen: bob's values cannot change.
    other = parse_cards("6D 7D 8D")
    swapped = dataclasses.replace(state, held=(other, state.held[bob]))
    assert play_values_from_state(swapped, bob) == values
    assert best_play(state, bob) in values
    assert values[parse_cards("4S")[0]] > values[parse_cards("2H")[0]]  # a pair beats 6


def test_three_players_are_searched_by_sampling():
    hands = [parse_cards("5H 6H"), parse_cards("QC"), parse_cards("4D 9S")]
    values = play_values(
        seat=0,
        hand=hands[0],
        unseen=[card for card in DECK if card not in {*hands[0]}][:20],
        held_counts=(2, 1, 2),
        series=(),
        count=0,
    )
    assert set(values) == set(hands[0])


def test_the_same_position_always_gets_the_same_answer():
    deck = list(DECK)
    random.Random(9).shuffle(deck)
    first = play_values(
        seat=0, hand=deck[:4], unseen=deck[7:], held_counts=(4, 4), series=(), count=0
    )
    module._MEMO2.clear()
    again = play_values(
        seat=0, hand=deck[:4], unseen=deck[7:], held_counts=(4, 4), series=(), count=0
    )
    assert first == again


def every_count(most: int):
    """Every count of at most ``most`` cards a deck can lay (at most four of a rank, the count
    never past 31), as cards: each repeat of a rank takes the next suit."""
    from games.engine.cards import SUITS, Card

    def extend(ranks: tuple[int, ...], count: int):
        if ranks:
            suits_used: dict[int, int] = {}
            cards = []
            for rank in ranks:
                cards.append(Card(rank, SUITS[suits_used.get(rank, 0)]))
                suits_used[rank] = suits_used.get(rank, 0) + 1
            yield tuple(cards), count
        if len(ranks) == most:
            return
        for rank in range(1, 14):
            pips = min(rank, 10)
            if count + pips <= 31 and ranks.count(rank) < 4:
                yield from extend((*ranks, rank), count + pips)

    yield from extend((), 0)


def test_play_points_equals_the_engines_scorer_on_every_short_count_and_every_long_run():
    """The search's one-pass scorer (``play_points``) against the engine's itemised one: every
    count a deck can lay of up to four cards (pairs, runs, 15 and 31), then every order of every
    run of five to seven cards that fits under 31, alone and after a card that repeats one of
    its ranks, extends it, or stands apart from it."""
    from itertools import permutations

    from games.engine.cards import Card
    from games.engine.scoring import score_play

    checked = 0
    for cards, count in every_count(4):
        ranks = tuple(card.rank for card in cards)
        assert module.play_points(ranks, count) == score_play(cards).total, ranks
        checked += 1
    for length in (5, 6, 7):
        for low in range(1, 14 - length + 1):
            run = [Card(rank, "C") for rank in range(low, low + length)]
            if sum(card.value for card in run) > 31:
                continue
            before = {(), (Card(low, "D"),), (Card(13, "D"),)}
            if low > 1:
                before.add((Card(low - 1, "D"),))
            for first in before:
                for order in permutations(run):
                    cards = (*first, *order)
                    count = sum(card.value for card in cards)
                    if count > 31:
                        continue
                    ranks = tuple(card.rank for card in cards)
                    assert module.play_points(ranks, count) == score_play(cards).total, ranks
                    checked += 1
    assert checked > 30_000
