"""The three-player search for the chance to win equals a brute force on small known positions.

The brute force shares only the engine's play scorer (``score_play``) and the end of the play
(:func:`settle`, tested on its own below) with the search: cards (not ranks), no memo, every
seat in turn laying the card with its best chance (the first such card by rank, as the search
breaks ties), go and last card, a new count after a go or 31, a seat that reaches 121 winning.
"""

from __future__ import annotations

import random

import pytest

from games.engine.cards import DECK, parse_cards
from games.engine.scoring import score_play
from games.strategy.play_to_win_three import (
    after_play,
    chance_values,
    search,
    settle,
)
from games.strategy.win_probability_three import HEELS, three_player_chances

MAX_COUNT = 31


def won(seat):
    return tuple(1.0 if other == seat else 0.0 for other in range(3))


def brute_force(hands, pile, count, mover, needs, ending):
    best = None
    for card in sorted(hands[mover], key=lambda card: card.rank):
        if card.value + count > MAX_COUNT:
            continue
        outcome = after(hands, pile, count, mover, card, needs, ending)
        if best is None or outcome[mover] > best[mover]:
            best = outcome
    assert best is not None
    return best


def after(hands, pile, count, mover, card, needs, ending):
    hands = [
        tuple(c for c in held if c != card) if seat == mover else held
        for seat, held in enumerate(hands)
    ]
    pile = (*pile, card)
    count += card.value
    needs = list(needs)
    needs[mover] -= score_play(pile).total
    if needs[mover] <= 0:
        return won(mover)

    def fits(seat):
        return any(c.value + count <= MAX_COUNT for c in hands[seat])

    if count < MAX_COUNT:
        for step in range(1, 4):
            seat = (mover + step) % 3
            if fits(seat):
                return brute_force(hands, pile, count, seat, tuple(needs), ending)
        needs[mover] -= 1  # the go: nobody else, nor the mover, can lay a card
        if needs[mover] <= 0:
            return won(mover)
    if not any(hands):
        return settle(tuple(needs), ending)
    leader = (mover + 1) % 3
    while not hands[leader]:
        leader = (leader + 1) % 3
    return brute_force(hands, (), 0, leader, tuple(needs), ending)


def by_ranks(hands):
    return tuple(tuple(sorted(card.rank for card in held)) for held in hands)


@pytest.mark.parametrize("seed", range(16))
def test_the_chance_search_equals_the_brute_force(seed):
    rng = random.Random(seed)
    cards = rng.sample(DECK, 3 * rng.choice((2, 3)))
    size = len(cards) // 3
    hands = [tuple(cards[seat * size : (seat + 1) * size]) for seat in range(3)]
    needs = tuple(rng.randint(1, 12) for _ in range(3))
    ending = (tuple(rng.randint(0, 14) for _ in range(3)), rng.randrange(3))
    mover = rng.randrange(3)
    expected = brute_force(hands, (), 0, mover, needs, ending)
    found = search(by_ranks(hands), (), 0, mover, needs, ending)
    assert found == pytest.approx(expected, abs=1e-12)
    assert sum(found) == pytest.approx(1.0)


def test_the_counts_go_in_order_and_then_the_table_decides():
    # The dealer (seat 2) would get home with hand and crib, but the dealer's left counts first.
    assert settle((5, 9, 3), ((6, 0, 20), 2)) == (1.0, 0.0, 0.0)
    assert settle((7, 9, 3), ((6, 9, 20), 2)) == (0.0, 1.0, 0.0)
    assert settle((7, 10, 3), ((6, 9, 3), 2)) == (0.0, 0.0, 1.0)
    # Nobody home: the table from the scores after the counts, seat 0 dealing next.
    chances = settle((30, 20, 25), ((6, 9, 12), 2))
    assert chances == three_player_chances((97, 110, 108), dealer=0, stage=HEELS)
    assert sum(chances) == pytest.approx(1.0)


def test_a_seat_that_can_peg_out_does_and_a_card_that_lets_another_out_is_lost():
    # Seat 0 and seat 1 need 2: a five on the ten makes fifteen and wins seat 0 the game; a
    # nine lets seat 1 pair it and win.
    hands = ((5, 9), (9, 13), (4, 13))
    found = after_play(hands, (10,), 10, 0, 0, (2, 2, 40), ((0, 0, 0), 1))
    assert found == (1.0, 0.0, 0.0)
    ours = chance_values(
        seat=0,
        hand=parse_cards("5H 9S"),
        kept=parse_cards("5H 9S 2C 3C"),
        played_by_seat=[parse_cards("2C 3C"), parse_cards("AC 6D"), parse_cards("7D 8S")],
        deals=[(hands, 1.0)],
        series=parse_cards("TD"),
        count=10,
        needs=(2, 2, 40),
        dealer=1,
        starter=parse_cards("KC")[0],
    )
    assert ours[parse_cards("5H")[0]] == 1.0
    assert ours[parse_cards("9S")[0]] == 0.0
