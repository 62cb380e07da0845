"""Solitaire Cribbage: the deal, the throw, his heels, six rounds with the starter to the bottom
and no reshuffle, the last four counted as they lie, the two modes, bad input, and random games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import full_deck, parse_card, parse_cards
from games.engine.scoring import score_show
from games.engine.solitaire import (
    SolitaireError,
    last_four_count,
    solitaire_apply,
    solitaire_start,
    solitaire_view,
)


def deck_starting(text: str) -> tuple:
    """A whole deck whose top cards are ``text``, the rest in the usual order."""
    top = parse_cards(text)
    return top + tuple(card for card in full_deck() if card not in top)


def throw_first_two(state):
    return solitaire_apply(state, {"type": "throw", "cards": [str(c) for c in state.hand[:2]]})


def test_a_round_deals_three_to_the_hand_two_face_down_to_the_crib_then_three_more():
    deck = deck_starting("AH 2H 3H 4H 5H 6H 7H 8H")
    state = solitaire_start(deck)
    assert state.hand == parse_cards("AH 2H 3H 6H 7H 8H")
    assert state.crib == parse_cards("4H 5H")
    view = solitaire_view(state)
    assert view["crib"] == [] and view["crib_count"] == 2  # face down until the throw
    assert "stock" not in view and view["stock_count"] == 44


def test_the_throw_turns_the_starter_and_counts_the_hand_and_the_crib():
    deck = deck_starting("5H 5D JC 4H 6H 5S KD QD 5C")
    state = solitaire_start(deck)
    state = solitaire_apply(state, {"type": "throw", "cards": ["KD", "QD"]})
    assert state.starter == parse_card("5C")
    assert state.crib == parse_cards("4H 6H KD QD")
    hand = score_show(parse_cards("5H 5D JC 5S"), parse_card("5C")).total
    crib = score_show(parse_cards("4H 6H KD QD"), parse_card("5C"), crib=True).total
    assert hand == 29
    assert [count.subject for count in state.counts] == ["hand", "crib"]
    assert state.score == hand + crib and state.phase == "counted"


def test_a_jack_turned_as_the_starter_is_his_heels_for_two():
    deck = deck_starting("AH 2H 3H 4H 5H 6H 7H 8H JS")
    state = throw_first_two(solitaire_start(deck))
    assert state.counts[0].subject == "heels" and state.counts[0].total == 2
    assert state.score == sum(count.total for count in state.counts)


def test_six_rounds_use_48_cards_and_the_last_four_are_counted_as_they_lie():
    deck = tuple(full_deck())
    state = solitaire_start(deck)
    seen = []
    starters = []
    for round_ in range(1, 7):
        assert state.round == round_
        seen += [*state.hand, *state.crib]
        state = throw_first_two(state)
        starters.append(state.starter)
        state = solitaire_apply(state, {"type": "next"})
    # Every card is dealt at most once: a starter goes to the bottom and comes round again.
    assert len(seen) == len(set(seen)) == 48
    assert state.phase == "over" and state.round == 7
    assert len(state.hand) == 4 and set(state.hand) == set(full_deck()) - set(seen)
    assert starters[-1] in state.hand
    assert state.counts[-1].subject == "last_four"
    assert len(state.rounds) == 7 and sum(state.rounds) == state.score


@pytest.mark.parametrize(
    "cards, total",
    [
        ("5H 5D 5S 5C", 20),  # four fives: double pair royal 12, four fifteens 8
        ("AH 2H 3H 4H", 8),  # a run of four and a flush of four
        ("AH 2H 3H 4S", 4),  # no flush unless all four share a suit
        ("JH 5H 9C 2D", 2),  # a fifteen; a jack is no nobs without a starter
        ("KS QS 8D 2C", 0),
    ],
)
def test_the_last_four_count_without_a_starter(cards, total):
    assert last_four_count(parse_cards(cards)).total == total


def test_count_it_yourself_checks_each_claim_and_counts_a_wrong_one_as_a_miss():
    deck = deck_starting("5H 5D JC 4H 6H 5S KD QD 5C")
    state = solitaire_start(deck, mode="count")
    state = solitaire_apply(state, {"type": "throw", "cards": ["KD", "QD"]})
    assert state.phase == "count" and state.pending == "hand" and state.score == 0
    wrong = solitaire_apply(state, {"type": "claim", "points": 28})
    assert wrong.misses == 1 and wrong.pending == "hand" and wrong.score == 0
    right = solitaire_apply(wrong, {"type": "claim", "points": 29})
    assert right.pending == "crib" and right.score == 29
    crib = score_show(parse_cards("4H 6H KD QD"), parse_card("5C"), crib=True).total
    done = solitaire_apply(right, {"type": "claim", "points": crib})
    assert done.phase == "counted" and done.score == 29 + crib and done.misses == 1


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "throw", "cards": ["AH"]}, "bad_throw"),
        ({"type": "throw", "cards": ["AH", "AH"]}, "bad_throw"),
        ({"type": "throw", "cards": ["AH", "KS"]}, "bad_throw"),  # KS is not in the hand
        ({"type": "claim", "points": 3}, "no_claim"),
        ({"type": "next"}, "not_counted"),
        ({"type": "shuffle"}, "bad_action"),
        ("throw", "bad_action"),
    ],
)
def test_bad_input_is_refused_with_a_clear_code(action, code):
    state = solitaire_start(deck_starting("AH 2H 3H 4H 5H 6H 7H 8H"))
    with pytest.raises(SolitaireError) as refused:
        solitaire_apply(state, action)
    assert refused.value.code == code


def test_a_bad_claim_and_a_second_throw_are_refused():
    state = solitaire_start(deck_starting("AH 2H 3H 4H 5H 6H 7H 8H"), mode="count")
    state = throw_first_two(state)
    for points in (-1, 30, True, "3"):
        with pytest.raises(SolitaireError) as refused:
            solitaire_apply(state, {"type": "claim", "points": points})
        assert refused.value.code == "bad_claim"
    with pytest.raises(SolitaireError) as refused:
        solitaire_apply(state, {"type": "throw", "cards": ["AH", "2H"]})
    assert refused.value.code == "not_throwing"


def test_a_deck_that_is_not_whole_and_an_unknown_mode_are_refused():
    with pytest.raises(SolitaireError):
        solitaire_start(full_deck()[:51])
    with pytest.raises(SolitaireError):
        solitaire_start(full_deck(), mode="muggins")


@pytest.mark.parametrize(
    "score, outcome", [(90, "loss"), (91, "win"), (120, "win"), (121, "big win")]
)
def test_passing_90_wins_and_121_is_a_big_win(score, outcome):
    state = replace(solitaire_start(full_deck()), phase="over", score=score)
    assert state.outcome == outcome


@given(st.integers(0, 2**32), st.sampled_from(("auto", "count")))
@settings(max_examples=40, deadline=None)
def test_random_games_conserve_cards_only_raise_the_score_and_replay_from_their_dict(seed, mode):
    rng = random.Random(seed)
    deck = list(full_deck())
    rng.shuffle(deck)
    state = solitaire_start(deck, mode=mode)
    steps = 0
    while not state.finished:
        before = state
        if state.phase == "throw":
            action = {"type": "throw", "cards": [str(c) for c in rng.sample(state.hand, 2)]}
        elif state.phase == "count":
            truth = (
                last_four_count(state.hand).total
                if state.pending == "last_four"
                else score_show(
                    state.hand if state.pending == "hand" else state.crib,
                    state.starter,
                    crib=state.pending == "crib",
                ).total
            )
            action = {"type": "claim", "points": truth}
        else:
            action = {"type": "next"}
        state = solitaire_apply(state, action)
        assert state.score >= before.score
        located = [*state.stock, *state.hand, *state.crib]
        if state.starter is not None and state.starter not in located:
            located.append(state.starter)
        assert len(located) == len(set(located))
        assert type(state).from_dict(state.to_dict()) == state
        steps += 1
    assert state.round == 7 and len(state.rounds) == 7 and sum(state.rounds) == state.score
    assert state.misses == 0
    assert steps == 6 * (2 if mode == "auto" else 4) + (0 if mode == "auto" else 1)


def cards_named(value) -> set[str]:
    if isinstance(value, str):
        return (
            {value}
            if len(value) == 2 and value[1] in "SHDC" and value[0] in "A23456789TJQK"
            else set()
        )
    if isinstance(value, dict):
        return set().union(set(), *(cards_named(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(cards_named(item) for item in value))
    return set()


@given(st.integers(0, 2**32), st.sampled_from(("auto", "count")))
@settings(max_examples=20, deadline=None)
def test_the_view_never_shows_the_stock_nor_the_face_down_crib_before_the_throw(seed, mode):
    """The leak check of solitaire: what the page is sent names no card still in the stock,
    and before the throw not the two cards dealt face down to the crib."""
    rng = random.Random(seed)
    deck = list(full_deck())
    rng.shuffle(deck)
    state = solitaire_start(deck, mode=mode)
    while True:
        shown = cards_named(solitaire_view(state))
        assert not shown & {str(card) for card in state.stock}
        if state.phase == "throw":
            assert not shown & {str(card) for card in state.crib}
        if state.finished:
            break
        if state.phase == "throw":
            action = {"type": "throw", "cards": [str(c) for c in rng.sample(state.hand, 2)]}
        elif state.phase == "count":
            action = {"type": "claim", "points": rng.randint(0, 29)}  # right or a miss
        else:
            action = {"type": "next"}
        state = solitaire_apply(state, action)
