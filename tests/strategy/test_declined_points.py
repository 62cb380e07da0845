"""Reading the points a player left on the table (pegging_search.declined_prior): a hand that
would have scored more than a card its holder laid is weighed DECLINED for each such play."""

from __future__ import annotations

import random

from games.bots import bot_for_level
from games.engine import (
    MatchOptions,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.play import counts_laid_on
from games.strategy.pegging_search import DECLINED, declined_prior

SEVEN, EIGHT, TWO, KING, FIVE, TEN = 7, 8, 2, 13, 5, 10


def test_a_hand_that_would_have_scored_more_is_weighed_down_for_each_play():
    # A two laid on a seven (9, no points): an eight (15) or a seven (pair) would have scored.
    prior = declined_prior([((SEVEN,), TWO)])
    assert prior((KING, KING, 1)) == 1.0
    assert prior((EIGHT, KING, 1)) == DECLINED
    assert prior((SEVEN,)) == DECLINED
    # Two such plays: the weight is taken twice.
    twice = declined_prior([((SEVEN,), TWO), ((TEN,), KING)])
    assert twice((FIVE, EIGHT)) == DECLINED * DECLINED
    # A card that scores as much is no decline: a ten made 15 on a five, a five would pair it.
    assert declined_prior([((FIVE,), TEN)])((FIVE, 1)) == 1.0


def test_the_cards_laid_later_were_held_then_and_a_card_that_does_not_fit_is_no_choice():
    # It laid the two, then the eight: it held the eight when it laid the two.
    prior = declined_prior([((SEVEN,), TWO), ((SEVEN, TWO, 1), EIGHT)])
    assert prior((KING,)) == DECLINED
    # On 25 a seven (32) does not fit, so laying a king there declined nothing.
    assert declined_prior([((TEN, TEN, FIVE), 1)])((SEVEN, SEVEN)) == 1.0


def test_the_hands_the_hard_level_really_holds_are_seldom_weighed_down():
    """Over hands played by hard at three, each seat's plays against the cards it really held
    then (all laid by the show): nearly every true hand keeps its full weight (hard takes the
    points it sees), where a rule that any choice declines would weigh most down."""
    weighed, total = 0, 0
    for seed in range(40):
        state = new_match(MatchOptions(players=3, match_target=1))
        deck, rngs = random.Random(seed), [random.Random(seed * 5 + seat) for seat in range(3)]
        bots = [bot_for_level("hard") for _ in range(3)]
        played: tuple = ()
        while len(played) < 12:
            if needs_shuffle(state):
                state, _ = apply(state, Shuffle(shuffled_deck(deck)))
                continue
            for seat in sorted(seats_to_act(state)):
                action = bots[seat].choose_action(view(state, seat), seat, rngs[seat])
                if action is not None:
                    break
            state, _ = apply(state, action)
            if state.phase == "play" or state.played:
                played = state.played or played
        laid = counts_laid_on(played)
        assert len(laid) == 12, "every card of the hand was laid"
        for seat in range(3):
            plays = [
                (tuple(c.rank for c in before), card.rank)
                for who, before, card in laid
                if who == seat
            ]
            held = tuple(sorted(card.rank for card in state.held[seat]))
            total += 1
            weighed += declined_prior(plays)(held) < 1.0
    assert total == 120
    assert weighed <= 3
    assert declined_prior([((SEVEN,), TWO), ((SEVEN, TWO), EIGHT)])((KING,)) < 1.0
