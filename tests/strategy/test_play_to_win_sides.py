"""The partnership search for the chance to win equals a brute force on small known positions.

The brute force shares only the engine's play scorer (``score_play``) and the end of the play
(:func:`settle`, tested on its own below) with the search: cards (not ranks), no memo, every
seat in turn laying the card best for its side's chance, go and last card, a new count after a
go or 31, a side that reaches 121 winning.
"""

from __future__ import annotations

import random

import pytest

from games.engine.cards import DECK, parse_cards
from games.engine.scoring import score_play
from games.strategy.play_to_win_sides import after_play, chance_values, search, settle
from games.strategy.win_probability_sides import HEELS, side_chances

MAX_COUNT = 31


def won(side):
    return 1.0 if side == 0 else 0.0


def brute_force(hands, pile, count, mover, needs, ending):
    outcomes = [
        after(hands, pile, count, mover, card, needs, ending)
        for card in hands[mover]
        if card.value + count <= MAX_COUNT
    ]
    assert outcomes
    return max(outcomes) if mover % 2 == 0 else min(outcomes)


def after(hands, pile, count, mover, card, needs, ending):
    hands = [
        tuple(c for c in held if c != card) if seat == mover else held
        for seat, held in enumerate(hands)
    ]
    pile = (*pile, card)
    count += card.value
    needs = list(needs)
    side = mover % 2
    needs[side] -= score_play(pile).total
    if needs[side] <= 0:
        return won(side)

    def fits(seat):
        return any(c.value + count <= MAX_COUNT for c in hands[seat])

    if count < MAX_COUNT:
        for step in range(1, 5):
            seat = (mover + step) % 4
            if fits(seat):
                return brute_force(hands, pile, count, seat, tuple(needs), ending)
        needs[side] -= 1  # the go: nobody else, nor the mover, can lay a card
        if needs[side] <= 0:
            return won(side)
    if not any(hands):
        return settle(tuple(needs), ending)
    leader = (mover + 1) % 4
    while not hands[leader]:
        leader = (leader + 1) % 4
    return brute_force(hands, (), 0, leader, tuple(needs), ending)


def by_ranks(hands):
    return tuple(tuple(sorted(card.rank for card in held)) for held in hands)


@pytest.mark.parametrize("seed", range(16))
def test_the_chance_search_equals_the_brute_force(seed):
    rng = random.Random(seed)
    size = rng.choice((1, 2, 3))
    cards = rng.sample(DECK, 4 * size)
    hands = [tuple(cards[seat * size : (seat + 1) * size]) for seat in range(4)]
    needs = (rng.randint(1, 14), rng.randint(1, 14))
    ending = (tuple(rng.randint(0, 12) for _ in range(4)), rng.randrange(4))
    mover = rng.randrange(4)
    expected = brute_force(hands, (), 0, mover, needs, ending)
    found = search(by_ranks(hands), (), 0, mover, needs, ending)
    assert found == pytest.approx(expected, abs=1e-12)
    assert 0.0 <= found <= 1.0


def test_the_counts_go_in_turn_adding_to_the_sides_and_then_the_table_decides():
    # Seat 3 deals: seat 0 counts first (side 0), then 1 (side 1), 2 (side 0), 3 (side 1).
    assert settle((5, 3), ((6, 0, 0, 20), 3)) == 1.0
    # Side 0 gets home on its second count (seat 2) before seat 3's hand and crib.
    assert settle((10, 3), ((6, 2, 4, 20), 3)) == 1.0
    # Side 1 gets there on seat 1's count, before seat 2's.
    assert settle((10, 3), ((6, 3, 20, 0), 3)) == 0.0
    # Nobody home: the table from the scores after the counts, side 0 dealing next.
    chance = settle((30, 40), ((6, 9, 12, 5), 3))
    assert chance == side_chances((109, 95), dealing=0, stage=HEELS)[0]


def test_a_seat_that_can_peg_out_does_and_a_card_that_lets_the_other_side_out_is_lost():
    # Both sides need 2: seat 0's five on the ten makes fifteen and wins; its nine lets seat
    # 1 pair it and win.
    hands = ((5, 9), (9, 13), (4, 13), (6, 12))
    ending = ((0, 0, 0, 0), 1)
    assert after_play(hands, (10,), 10, 0, 0, (2, 2), ending) == 1.0
    assert after_play(hands, (10,), 10, 0, 1, (2, 2), ending) == 0.0
    ours = chance_values(
        seat=0,
        hand=parse_cards("5H 9S"),
        kept=parse_cards("5H 9S 2C 3C"),
        played_by_seat=[
            parse_cards("2C 3C"),
            parse_cards("AC 6D"),
            parse_cards("7D 8S"),
            parse_cards("TD AH"),
        ],
        deals=[(hands, 1.0)],
        series=parse_cards("TD"),
        count=10,
        needs=(2, 2),
        dealer=1,
        starter=parse_cards("KC")[0],
    )
    assert ours[parse_cards("5H")[0]] == 1.0
    assert ours[parse_cards("9S")[0]] == 0.0
    # For side 1 the chances are its own: the same position, a seat on the other side to play.
    mirrored = ((6, 12), (5, 9), (9, 13), (4, 13))
    theirs = chance_values(
        seat=1,
        hand=parse_cards("5H 9S"),
        kept=parse_cards("5H 9S 2C 3C"),
        played_by_seat=[
            parse_cards("TD AH"),
            parse_cards("2C 3C"),
            parse_cards("AC 6D"),
            parse_cards("7D 8S"),
        ],
        deals=[(mirrored, 1.0)],
        series=parse_cards("TD"),
        count=10,
        needs=(2, 2),
        dealer=2,
        starter=parse_cards("KC")[0],
    )
    assert theirs[parse_cards("5H")[0]] == 1.0
    assert theirs[parse_cards("9S")[0]] == 0.0
