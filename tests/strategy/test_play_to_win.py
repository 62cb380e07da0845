"""The play searched for the chance to win (games/strategy/play_to_win.py) against a brute force."""

from __future__ import annotations

import random

import pytest

from games.engine.cards import DECK, parse_cards
from games.engine.scoring import rank_points, score_play, show_total
from games.strategy.keep_likelihood import weight_of_ranks
from games.strategy.pegging_search import all_opponent_hands
from games.strategy.play_to_win import CRIB_MEAN, chance_values
from games.strategy.win_probability import win_probability


def brute_chance(hand, theirs, series, count, needs, *, kept, their_kept, is_pone, starter):
    """Seat 0's chance to win: a plain minimax over cards, the engine's own scorer for the play,
    the counts in the order of the rules, the win table after a hand that settles nothing."""
    own_show = show_total(kept, starter)
    their_show = rank_points(tuple(sorted([card.rank for card in their_kept] + [starter.rank])))
    crib = CRIB_MEAN["six"]

    def settle(need):
        pone, dealer = (0, 1) if is_pone else (1, 0)
        shows = {0: own_show, 1: their_show}
        shows[dealer] += crib
        if shows[pone] >= need[pone]:
            return 1.0 if pone == 0 else 0.0
        if shows[dealer] >= need[dealer]:
            return 1.0 if dealer == 0 else 0.0
        own = 121 - need[0] + shows[0]
        other = 121 - need[1] + shows[1]
        return win_probability(own, other, is_dealer=is_pone)

    def best(held, pile, count, mover, need):
        options = [card for card in held[mover] if card.value + count <= 31]
        values = [after(held, pile, count, mover, card, need) for card in options]
        return max(values) if mover == 0 else min(values)

    def after(held, pile, count, mover, card, need):
        held = [list(cards) for cards in held]
        held[mover].remove(card)
        pile = [*pile, card]
        count += card.value
        need = list(need)
        need[mover] -= score_play(pile).total
        if need[mover] <= 0:
            return 1.0 if mover == 0 else 0.0
        other = 1 - mover
        if count < 31:
            if any(c.value + count <= 31 for c in held[other]):
                return best(held, pile, count, other, need)
            if any(c.value + count <= 31 for c in held[mover]):
                return best(held, pile, count, mover, need)
            need[mover] -= 1
            if need[mover] <= 0:
                return 1.0 if mover == 0 else 0.0
        if not (held[0] or held[1]):
            return settle(need)
        leader = other if held[other] else mover
        return best(held, [], 0, leader, need)

    return {
        card: after([list(hand), list(theirs)], list(series), count, 0, card, needs)
        for card in hand
        if card.value + count <= 31
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chances_equal_a_weighted_brute_force(seed):
    rng = random.Random(seed)
    checked = 0
    while checked < 6:
        deck = list(DECK)
        rng.shuffle(deck)
        # Seat 0 (the pone here when is_pone) has played two cards, the opponent two; each
        # holds two. The count is the last three cards played.
        own_played, their_played = deck[0:2], deck[2:4]
        hand, starter, unseen = deck[4:6], deck[6], deck[10:16]
        series = [their_played[1], own_played[1]]
        count = sum(card.value for card in series)
        if count > 31 or not any(card.value + count <= 31 for card in hand):
            continue
        checked += 1
        is_pone = rng.random() < 0.5
        needs = (rng.randint(2, 14), rng.randint(2, 14))
        kept = [*hand, *own_played]
        values = chance_values(
            hand=hand,
            kept=kept,
            opponent_played=their_played,
            unseen=unseen,
            opponent_held=2,
            series=series,
            count=count,
            needs=needs,
            is_pone=is_pone,
            starter=starter,
            variant="six",
        )
        totals: dict = {}
        weight_sum = 0.0
        for theirs in all_opponent_hands(unseen, 2):
            their_kept = [*theirs, *their_played]
            weight = weight_of_ranks(
                [card.rank for card in their_kept], role="dealer" if is_pone else "pone"
            )
            weight_sum += weight
            chances = brute_chance(
                hand,
                theirs,
                series,
                count,
                needs,
                kept=kept,
                their_kept=their_kept,
                is_pone=is_pone,
                starter=starter,
            )
            for card, chance in chances.items():
                totals[card] = totals.get(card, 0.0) + weight * chance
        expected = {card: total / weight_sum for card, total in totals.items()}
        assert values.keys() == expected.keys()
        for card, chance in expected.items():
            assert values[card] == pytest.approx(chance), (hand, series, needs, is_pone, card)
            assert 0.0 <= values[card] <= 1.0


def test_the_counts_decide_unless_the_dealer_pegs_out_first():
    # The pone's hand (5 4 6 T, K cut) counts 9: needing 8 it wins at its count, unless the
    # dealer pegs out first. Needing 1 with three cards to the pone's one, the dealer always
    # does (the last card at the latest); needing 40 it never can. Needing 2 it nearly always
    # does, but not holding 2 6 7 or 3 6 7 against the pone's four (every hand of three is
    # searched): those peg only the last card.
    position = dict(
        hand=parse_cards("5H 4S"),
        kept=parse_cards("5H 4S 6D TD"),
        opponent_played=parse_cards("9C"),
        unseen=[card for card in DECK if card not in parse_cards("5H 4S 6D TD 9C KC")],
        opponent_held=3,
        series=parse_cards("9C 6D"),
        count=15,
        is_pone=True,
        starter=parse_cards("KC")[0],
        variant="six",
    )
    certain = chance_values(**position, needs=(8, 40))
    assert list(certain.values()) == pytest.approx([1.0, 1.0])
    hopeless = chance_values(**position, needs=(8, 1))
    assert list(hopeless.values()) == pytest.approx([0.0, 0.0])
    nearly = chance_values(**position, needs=(8, 2))
    assert nearly[parse_cards("5H")[0]] == 0.0 < nearly[parse_cards("4S")[0]] < 0.05
    # Needing 10 against a dealer needing 14, the pone must peg 1 more than its count and the
    # dealer may count out: the chance is in between.
    middle = chance_values(**position, needs=(10, 14))
    assert all(0.0 < value < 1.0 for value in middle.values())
