"""The review's pegging values: the expert's evaluation (the opening table, the search with the
opponent model and the reading of its plays), equal to what the expert computes."""

from __future__ import annotations

import random

import pytest

from games.bots.base import read_view
from games.bots.expert import searched_play_values
from games.engine import (
    MatchOptions,
    Play,
    apply,
    new_match,
    parse_card,
    parse_cards,
    view,
)
from games.engine.cards import DECK
from games.engine.play import MAX_COUNT
from games.engine.scoring import score_play
from games.strategy import pegging_search
from games.strategy.opening_play import opening_values
from games.strategy.opponent_reading import read_at_two
from games.strategy.pegging_search import NEED_CAP, play_points, play_values_from_state, seen_by
from games.strategy.review.pegging import graded_play_values, has_real_choice
from tests.engine.builders import play_in_turn, ready_to_play
from tests.strategy.review.matches import bot_match

SIX = MatchOptions(match_target=1)


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
def test_graded_values_are_the_experts_evaluation_and_say_how(variant):
    depths = set()
    options = MatchOptions(variant=variant, match_target=1)
    for state, seat in choice_positions(options, 12, 30):
        values, depth = graded_play_values(state, seat)
        depths.add(depth)
        if depth == "table":
            # The pone's lead or the dealer's reply to it: nothing else played this hand.
            kept = tuple(card.rank for card in state.kept[seat])
            if seat == state.dealer:
                assert len(state.played) == 1 and state.played[0][0] != seat
                table = opening_values(kept, lead=state.played[0][1].rank, variant=variant)
            else:
                assert not state.played
                table = opening_values(kept, lead=None, variant=variant)
            assert values == {card: table[card.rank] for card in state.held[seat]}
        else:
            assert depth == "play" and values == play_values_from_state(state, seat)
            assert values == expert_values(state, seat)
    assert depths == {"table", "play"}


def expert_values(state, seat):
    """What the expert's play search gives each card ``seat`` holds, from its view, for points
    alone (as the review grades away from the end; near it both go by the chance to win)."""
    seen = read_view(view(state, seat), seat)
    by_rank = searched_play_values(seen, needs=[NEED_CAP + 1, NEED_CAP + 1])
    return {card: by_rank[card.rank] for card in seen.playable}


def test_the_search_weighs_and_reads_the_opponent_as_the_expert_does():
    # Bob (the dealer) to play after alice's 4H, his 3D and her 5S: her two cards are a guess
    # that her throw, her lead and the points her plays took or left narrow.
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="5S 4H 9C KD", dealer_keeps="AH 2H 3D 4S")
    state, _ = play_in_turn(state, "4H 3D 5S")
    bob = 1
    values = play_values_from_state(state, bob)
    seen = seen_by(state, bob)
    search = {
        "seat": bob,
        "hand": state.held[bob],
        "unseen": [card for card in DECK if card not in seen],
        "held_counts": (2, 3),
        "series": parse_cards("4H 3D 5S"),
        "count": 12,
    }
    modelled = pegging_search.play_values(**search, opponent_kept=("pone", parse_cards("4H 5S")))
    reading = read_at_two(state.played, seat=bob, is_dealer=True, count=12, variant="six")
    assert reading.declined == [((), 4), ((4, 3), 5)] and reading.first_card is not None
    read = pegging_search.play_values(
        **search,
        opponent_kept=("pone", parse_cards("4H 5S")),
        declined_by_seat=[reading.declined, []],
        read_prior=reading.first_card,
    )
    assert values == read != modelled
    assert values == expert_values(state, bob)
    graded, depth = graded_play_values(state, bob)
    assert depth == "play" and graded == values


def test_the_lead_and_its_reply_are_graded_from_the_opening_table():
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="KD 5S 5C 4H", dealer_keeps="KS 7C 3D AH")
    values, depth = graded_play_values(state, 0)
    lead = opening_values((13, 5, 5, 4), lead=None)
    assert depth == "table" and values == {card: lead[card.rank] for card in state.held[0]}
    state, _ = play_in_turn(state, "KD")
    values, depth = graded_play_values(state, 1)
    reply = opening_values((13, 7, 3, 1), lead=13)
    assert depth == "table" and values == {card: reply[card.rank] for card in state.held[1]}
    assert max(values, key=values.get) == parse_card("KS")  # the pair


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
