"""Manual scoring: the bot claims what its cards are worth, and calls Muggins by level."""

from __future__ import annotations

import random

from games.bots import bot_for_level
from games.bots.claims import last_scored_pile
from games.engine import (
    Claim,
    MatchOptions,
    Muggins,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    parse_cards,
    seats_to_act,
    shuffled_deck,
    view,
)
from tests.engine.builders import play_in_turn, ready_to_play

MANUAL = MatchOptions(scoring="manual", muggins=True, match_target=1)


def claims_in_games(level: str, games: int) -> list[tuple[int, int]]:
    """(claimed, actual) for every claim ``level`` makes in games against itself."""
    claims = []
    bot = bot_for_level(level)
    for seed in range(games):
        state = new_match(MANUAL)
        deck_rng, bot_rng = random.Random(seed), random.Random(seed + 100)
        while state.phase != "match_over":
            caller = state.window.caller if state.window is not None else None
            action = None
            for seat in sorted(seats_to_act(state), key=lambda seat: seat != caller):
                action = bot.choose_action(view(state, seat), seat, bot_rng)
                if action is not None:
                    break
            if action is None:
                assert needs_shuffle(state)
                action = Shuffle(shuffled_deck(deck_rng))
            if isinstance(action, Claim):
                claims.append((action.points, state.pending.actual))
            state, _ = apply(state, action)
    return claims


def test_the_hard_bot_claims_every_point_exactly():
    claims = claims_in_games("hard", 2)
    assert len(claims) > 30
    assert all(claimed == actual for claimed, actual in claims)


def test_the_easy_bot_sometimes_misses_points_but_never_over_claims():
    claims = claims_in_games("easy", 2)
    assert all(claimed <= actual for claimed, actual in claims)
    assert any(claimed < actual for claimed, actual in claims)


def a_claim_in_the_play(claimed: int):
    """Alice (pone) has led 5H, bob played TD for fifteen and claimed ``claimed``."""
    state, _ = ready_to_play(MANUAL, dealer=1, pone_keeps="5H 2S 3S 4S", dealer_keeps="TD 9D 8D 6C")
    state, _ = play_in_turn(state, "5H")
    state, _ = apply(state, Claim(0, 0))
    state, _ = play_in_turn(state, "TD")
    state, _ = apply(state, Claim(1, claimed))
    return state


def test_the_hard_bot_calls_muggins_on_a_wrong_claim_only(alice, rng):
    hard = bot_for_level("hard")
    under = a_claim_in_the_play(0)
    assert hard.choose_action(view(under, alice), alice, rng) == Muggins(alice, 2)
    over = a_claim_in_the_play(5)
    assert hard.choose_action(view(over, alice), alice, rng) == Muggins(alice, 3)
    right = a_claim_in_the_play(2)
    assert not isinstance(hard.choose_action(view(right, alice), alice, rng), Muggins)


def test_the_easy_bot_lets_some_wrong_claims_pass(alice):
    easy = bot_for_level("easy")
    state = a_claim_in_the_play(0)
    calls = [
        easy.choose_action(view(state, alice), alice, random.Random(seed)) == Muggins(alice, 2)
        for seed in range(60)
    ]
    assert 0 < sum(calls) < 60


def test_the_pile_of_the_last_card_is_rebuilt_across_resets():
    played = [(0, card) for card in parse_cards("KH QH JH AH 5C 5D 9S")]
    # K Q J A is 31 and resets; 5 5 9 is the current count.
    assert last_scored_pile(tuple(played)) == parse_cards("5C 5D 9S")
    over = [(0, card) for card in parse_cards("KH QH 9H 5C")]
    # 29 and a five does not fit: the five starts a new count.
    assert last_scored_pile(tuple(over)) == parse_cards("5C")
