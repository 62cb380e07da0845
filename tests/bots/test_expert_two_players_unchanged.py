"""The two-player expert decides exactly as before the many-seat expert was added.

The many-seat work touched shared code (the pegging search's sample count, the discard
analysis's helpers, the seat view), so the two-player expert's choices over many positions,
reached by easy bots from seeded deals, are compared with a digest taken from the code before
that change (main at 4c5578b). Update the digest only with a deliberate, measured change to the
two-player expert (docs/performance.md records its strength). Updated three times so far: the
expert reads the opponent's goes, the points its plays declined and its first card (2026-11-29);
it enumerates every three-card hand of the opponent (``EXACT_LIMIT`` 500, 2026-11-29; the
reading moved to games/strategy/opponent_reading.py gives the digest before at the old limit);
the opening table's replies read the lead (2026-11-29).
"""

from __future__ import annotations

import hashlib
import random

from games.bots import bot_for_level
from games.bots.easy import easy_bot
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

DIGEST_BEFORE = "451b7759ba58c066"


def expert_choices(variant: str, seed: int, limit: int = 60) -> list[str]:
    """The expert's action at each of ``limit`` decisions of a game driven by easy bots."""
    expert, driver = bot_for_level("expert"), easy_bot()
    deck_rng, bot_rng = random.Random(seed), random.Random(seed + 1)
    state = new_match(MatchOptions(variant=variant, match_target=1))
    choices: list[str] = []
    while state.phase != "match_over" and len(choices) < limit:
        if needs_shuffle(state):
            state, _ = apply(state, Shuffle(shuffled_deck(deck_rng)))
            continue
        seat = min(seats_to_act(state))
        seat_view = view(state, seat)
        if seat_view["legal"]["discard"] or seat_view["legal"]["play"]:
            choices.append(repr(expert.choose_action(seat_view, seat, random.Random(len(choices)))))
        state, _ = apply(state, driver.choose_action(seat_view, seat, bot_rng))
    return choices


def test_the_two_player_expert_chooses_as_before_over_many_positions():
    digest = hashlib.sha256()
    count = 0
    for variant in ("six", "five"):
        for seed in range(4):
            choices = expert_choices(variant, seed)
            count += len(choices)
            digest.update("\n".join(choices).encode())
    assert count >= 400
    assert digest.hexdigest()[:16] == DIGEST_BEFORE
