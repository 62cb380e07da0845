"""The review's pegging values: the one-reply model against a brute force over opponent hands."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.engine import MatchOptions, Play, apply, new_match, parse_cards
from games.engine.pegging_search import play_values_from_state
from games.engine.play import MAX_COUNT
from games.engine.review.pegging import (
    GO_POINT,
    graded_play_values,
    has_real_choice,
    play_points,
    play_values,
    unseen_cards,
)
from games.engine.scoring import score_play
from tests.engine.review.matches import bot_match


def pile_points(pile):
    return play_points([card.rank for card in pile], sum(card.value for card in pile))


def best_answer(pile, rest):
    """The player's best immediate points with one of ``rest`` on ``pile``, None if none fits."""
    count = sum(card.value for card in pile)
    options = [pile_points([*pile, mine]) for mine in rest if count + mine.value <= MAX_COUNT]
    return max(options) if options else None


def brute_force_one_reply(state, seat):
    """The one-reply value of each playable card, by enumerating every opponent card hand.

    Points come from ``play_points``, held equal to ``score_play`` below, for speed."""
    opponent = 1 - seat
    hidden = unseen_cards(state, seat)
    holding = 0 if state.said_go[opponent] else len(state.held[opponent])
    held = state.held[seat]
    series = [card for _, card in state.series]
    hands = list(combinations(hidden, holding))
    values = {}
    for card in held:
        count = state.count + card.value
        if count > MAX_COUNT:
            continue
        pile = [*series, card]
        rest = [other for other in held if other != card]
        total = 0.0
        for hand in hands:
            if count == MAX_COUNT:
                continue
            replies = [reply for reply in hand if count + reply.value <= MAX_COUNT]
            if not replies:
                total -= (best_answer(pile, rest) or 0) + GO_POINT
                continue
            nets = []
            for reply in replies:
                answer = best_answer([*pile, reply], rest)
                if answer is None:
                    answer = 0 if count + reply.value == MAX_COUNT else -GO_POINT
                nets.append(pile_points([*pile, reply]) - answer)
            total += max(nets)
        values[card] = pile_points(pile) - total / len(hands)
    return values


def choice_positions(options, seed, limit, most_opponent_cards=4):
    """States just before plays with a real choice, from a bot match (the opponent holding at
    most ``most_opponent_cards``, to keep a brute force quick)."""
    actions = bot_match(options, seed, ("medium", "medium"))
    state = new_match(options)
    found = []
    for action in actions:
        if isinstance(action, Play):
            playable = [c for c in state.held[action.seat] if state.count + c.value <= MAX_COUNT]
            if (
                has_real_choice(playable)
                and len(state.held[1 - action.seat]) <= most_opponent_cards
            ):
                found.append((state, action.seat))
        state, _ = apply(state, action)
    rng = random.Random(seed)
    return rng.sample(found, min(limit, len(found)))


@pytest.mark.parametrize("variant", ["six", "five"])
def test_one_reply_values_equal_a_brute_force_over_every_opponent_hand(variant):
    positions = choice_positions(MatchOptions(variant=variant, match_target=1), 11, 10, 2)
    assert positions
    for state, seat in positions:
        exact = brute_force_one_reply(state, seat)
        values = play_values(state, seat)
        assert values.keys() == exact.keys()
        for card, value in values.items():
            assert value == pytest.approx(exact[card], abs=1e-9)


def test_graded_values_use_the_full_search_where_it_is_exact_and_say_so():
    depths = set()
    for state, seat in choice_positions(MatchOptions(match_target=1), 12, 30):
        values, depth = graded_play_values(state, seat)
        depths.add(depth)
        if depth == "play":
            assert values == play_values_from_state(state, seat)
        else:
            assert values == play_values(state, seat)
    assert depths == {"play", "reply"}


def test_play_points_equal_the_engines_scoring_of_the_pile():
    rng = random.Random(5)
    deck = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH")
    checked = 0
    while checked < 300:
        pile = rng.sample(deck, rng.randint(1, 6))
        count = sum(card.value for card in pile)
        if count > MAX_COUNT:
            continue
        ranks = [card.rank for card in pile]
        assert play_points(ranks, count) == score_play(pile).total
        checked += 1


def test_a_play_with_only_one_rank_is_not_a_choice():
    assert not has_real_choice(parse_cards("5H 5D"))
    assert has_real_choice(parse_cards("5H 6D"))
