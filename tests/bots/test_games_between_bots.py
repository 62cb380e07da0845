"""Whole games between bots through the engine: never an illegal move, never a peek.

Every action goes through ``apply``, which raises on anything illegal, and the driver fails if
no seat acts when one must. Thousands of seeded games cover every pairing of levels, both
variants and every scoring mode (about 40 s of one CPU); Hypothesis adds games of its choosing.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import LEVELS, bot_for_level
from games.bots.simulate import play_match
from games.engine import (
    Discard,
    MatchOptions,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)

levels = st.sampled_from(LEVELS)
options = st.builds(
    lambda variant, manual: MatchOptions(
        variant=variant,
        scoring="manual" if manual else "auto",
        muggins=manual,
        match_target=1,
    ),
    st.sampled_from(("six", "five")),
    st.booleans(),
)


@given(levels, levels, options, st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_bots_of_every_level_finish_a_game_without_an_illegal_move(first, second, chosen, seed):
    bots = [bot_for_level(first), bot_for_level(second)]
    record = play_match(
        bots,
        options=chosen,
        deck_rng=random.Random(seed),
        bot_rngs=[random.Random(seed + 1), random.Random(seed + 2)],
    )
    assert record.scores[record.winner] >= chosen.game_target
    assert max(record.scores[1 - record.winner], 0) < chosen.game_target


MODES = [
    MatchOptions(variant=variant, scoring=scoring, muggins=muggins, match_target=1)
    for variant in ("six", "five")
    for scoring, muggins in (("auto", False), ("manual", False), ("manual", True))
]
GAMES_PER_MODE = {
    ("easy", "easy"): 100,
    ("easy", "medium"): 60,
    ("medium", "easy"): 60,
    ("medium", "medium"): 80,
    ("hard", "easy"): 15,
    ("medium", "hard"): 15,
    ("hard", "hard"): 10,
}
"""Games per pairing and mode: 2,040 in all, weighted to the fast levels (measured CPU time per
game: easy and medium 5 to 30 ms, with hard 27 to 120 ms)."""


def test_the_seeded_games_number_thousands():
    assert sum(GAMES_PER_MODE.values()) * len(MODES) >= 2000


@pytest.mark.slow
@pytest.mark.parametrize("pair", GAMES_PER_MODE, ids="-".join)
def test_thousands_of_seeded_games_finish_without_an_illegal_move(pair):
    bots = [bot_for_level(pair[0]), bot_for_level(pair[1])]
    played = 0
    for mode, chosen in enumerate(MODES):
        for game in range(GAMES_PER_MODE[pair]):
            seed = (mode * 1000 + game) * 3
            record = play_match(
                bots,
                options=chosen,
                deck_rng=random.Random(seed),
                bot_rngs=[random.Random(seed + 1), random.Random(seed + 2)],
            )
            assert record.scores[record.winner] >= chosen.game_target
            assert record.scores[1 - record.winner] < chosen.game_target
            played += 1
    assert played == GAMES_PER_MODE[pair] * len(MODES)


def hidden_cards_shuffled(state, seat: int, rng: random.Random):
    """The same position with the opponent's unplayed cards swapped for undealt ones."""
    opponent = 1 - seat
    undealt_from = len(state.seats) * state.options.hand_size + 1
    undealt = list(state.deck[undealt_from:])
    rng.shuffle(undealt)
    held = state.held[opponent]
    swap = dict(zip(held, undealt, strict=False))
    new_held = tuple(swap[card] for card in held)
    kept = state.kept[opponent]
    new_kept = None if kept is None else tuple(swap.get(card, card) for card in kept)
    rest = [card for card in state.deck[undealt_from:] if card not in swap.values()]
    rest += list(held)
    deck = state.deck[:undealt_from] + tuple(rest)
    replaced_held = list(state.held)
    replaced_held[opponent] = new_held
    replaced_kept = list(state.kept)
    replaced_kept[opponent] = new_kept
    return dataclasses.replace(
        state, held=tuple(replaced_held), kept=tuple(replaced_kept), deck=deck
    )


def normalised(action):
    """An action with a discard's two cards in a set, as either order is the same discard."""
    if isinstance(action, Discard):
        return ("discard", action.seat, frozenset(action.cards))
    return action


@given(levels, st.integers(0, 2**32))
@settings(max_examples=10, deadline=None)
def test_a_bot_chooses_the_same_whatever_the_opponents_hidden_cards_are(level, seed):
    alice = 0
    bot = bot_for_level(level)
    other = bot_for_level("easy")
    deck_rng, other_rng, swap_rng = (
        random.Random(seed),
        random.Random(seed + 1),
        random.Random(seed + 2),
    )
    state = new_match(MatchOptions(match_target=1))
    checked = 0
    while state.phase != "match_over" and checked < 40:
        if needs_shuffle(state):
            state, _ = apply(state, Shuffle(shuffled_deck(deck_rng)))
            continue
        seats = sorted(seats_to_act(state))
        if alice in seats and state.phase in ("discard", "play"):
            twin = hidden_cards_shuffled(state, alice, swap_rng)
            assert twin.held[1] != state.held[1] or not state.held[1]
            assert view(twin, alice) == view(state, alice)
            action = bot.choose_action(view(state, alice), alice, random.Random(checked))
            twin_action = bot.choose_action(view(twin, alice), alice, random.Random(checked))
            assert action == twin_action
            assert normalised(action) in {
                normalised(legal) for legal in legal_actions(state, alice)
            }
            checked += 1
            state, _ = apply(state, action)
            continue
        seat = seats[0]
        state, _ = apply(state, other.choose_action(view(state, seat), seat, other_rng))
    assert checked > 0
