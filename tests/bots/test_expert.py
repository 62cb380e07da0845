"""The expert level: searched pegging, discards counting the play, the chance to win near the end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import bot_for_level
from games.bots.base import read_view
from games.bots.expert import endgame_chance, expert_play, with_pegging
from games.bots.simulate import play_match
from games.engine import MatchOptions, Play, apply, parse_card, view
from games.engine.analysis import analyze_discard
from games.engine.cards import DECK
from tests.engine.builders import dealt, play_in_turn, ready_to_play, with_scores

SIX = MatchOptions(match_target=1)
MODES = [
    MatchOptions(variant=variant, scoring=scoring, muggins=scoring == "manual", match_target=1)
    for variant in ("six", "five")
    for scoring in ("auto", "manual")
]


def test_the_expert_takes_a_fifteen_and_a_pair_royal(bob, rng):
    expert = bot_for_level("expert")
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="TH 4H 9C KD", dealer_keeps="5D 9S 8C 7C")
    state, _ = play_in_turn(state, "TH")
    assert expert.choose_action(view(state, bob), bob, rng) == Play(bob, parse_card("5D"))


def test_the_expert_plays_the_card_that_wins_the_game(bob, rng):
    expert = bot_for_level("expert")
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="TH 4H 9C KD", dealer_keeps="AD 9S 8C 5C")
    state = with_scores(state, 100, 119)
    state, _ = play_in_turn(state, "TH")
    # Bob needs 2: the fifteen wins the game at once.
    action = expert.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("5C"))
    state, _ = apply(state, action)
    assert state.phase == "match_over" and state.winner == bob


def test_discards_count_the_play_and_the_endgame_weighs_chances(alice, rng):
    state = dealt(
        SIX, dealer=1, pone="5H 5S 6D 7C KD QH", dealer_cards="AH 2H 3D 4S 9C 8C", starter="2C"
    )
    seen = read_view(view(state, alice), alice)
    results = analyze_discard(seen.held, is_dealer=False)
    assert any(with_pegging(result) != result.total for result in results)
    chances = [endgame_chance(result, seen) for result in results]
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    near = read_view(view(with_scores(state, 110, 112), alice), alice)
    assert max(endgame_chance(result, near) for result in results) > 0.3


@given(st.integers(0, 2**32), st.integers(0, 3))
@settings(max_examples=40, deadline=None)
def test_the_searched_play_is_always_a_legal_card(seed, dealt_count):
    """Random positions of the play: the expert's card is always one the view allows."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    state, _ = ready_to_play(
        SIX,
        dealer=1,
        pone_keeps=" ".join(map(str, deck[:4])),
        dealer_keeps=" ".join(map(str, deck[4:8])),
        starter=str(deck[8]),
        pone_throws=" ".join(map(str, deck[9:11])),
        dealer_throws=" ".join(map(str, deck[11:13])),
    )
    for _ in range(dealt_count):
        seat = state.turn
        if seat is None:
            break
        playable = [c for c in state.held[seat] if c.value + state.count <= 31]
        state, _ = apply(state, Play(seat, rng.choice(playable)))
    seat = state.turn
    if seat is None or state.phase != "play":
        return
    seen = read_view(view(state, seat), seat)
    assert expert_play(seen, rng) in seen.playable


def test_expert_games_against_hard_and_easy_finish_without_an_illegal_move():
    """Whole games in every variant and scoring mode; ``apply`` raises on anything illegal
    (the strength benchmark plays thousands more, through the same driver)."""
    played = 0
    for mode, options in enumerate(MODES):
        for opponent in ("hard", "easy"):
            seed = 7000 + mode * 10 + len(opponent)
            bots = [bot_for_level("expert"), bot_for_level(opponent)]
            if mode % 2:
                bots.reverse()
            record = play_match(
                bots,
                options=options,
                deck_rng=random.Random(seed),
                bot_rngs=[random.Random(seed + 1), random.Random(seed + 2)],
            )
            assert record.scores[record.winner] >= options.game_target
            played += 1
    assert played == 2 * len(MODES)
