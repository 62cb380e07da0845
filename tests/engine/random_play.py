"""Random legal play for property tests: whole matches driven by a seeded ``random.Random``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.engine import (
    Action,
    Claim,
    MatchOptions,
    MatchState,
    Muggins,
    Resign,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
)
from games.engine.events import Event
from games.engine.seating import partners_of

ALL_OPTIONS = [
    MatchOptions(variant=variant, scoring=scoring, muggins=muggins, match_target=target)
    for variant in ("six", "five")
    for scoring, muggins in (("auto", False), ("manual", False), ("manual", True))
    for target in (1, 2)
] + [
    # Turn-based: a Muggins window holds the claimant's side until a call or a pass.
    MatchOptions(variant=variant, scoring="manual", muggins=True, match_target=1, turn_based=True)
    for variant in ("six", "five")
]


@dataclass
class Step:
    before: MatchState
    action: Action
    after: MatchState
    events: list[Event]


def choose_action(state: MatchState, rng: random.Random) -> Action:
    """A random next action: chance when needed, else a random legal move of a random seat.

    Claims are truthful half the time (random claims are nearly always wrong), Muggins is
    called now and then (naming a random number of points, or the true difference), and a seat
    resigns very rarely.
    """
    seats = sorted(seats_to_act(state))
    if needs_shuffle(state) and (not seats or rng.random() < 0.7):
        return Shuffle(shuffled_deck(rng))
    if rng.random() < 0.002:
        return Resign(rng.choice(state.seats))
    seat = rng.choice(seats)
    actions = legal_actions(state, seat)
    if state.pending is not None and state.pending.seat == seat and rng.random() < 0.5:
        return Claim(seat, state.pending.actual)
    muggins = [action for action in actions if isinstance(action, Muggins)]
    if muggins and (len(muggins) == len(actions) or rng.random() < 0.3):
        return rng.choice(muggins)
    others = [action for action in actions if not isinstance(action, Muggins)]
    return rng.choice(others)


def true_scores(state: MatchState) -> tuple[int, ...]:
    """The scores with an open window's over-claim taken off its claimant's side.

    A Muggins claim is pegged as claimed until its window closes, when an over-claim is taken
    back; the true scores are the ones that only ever rise.
    """
    window = state.window
    if window is None or window.claimed <= window.actual:
        return state.scores
    claimant_side = partners_of(state.seats, window.claimant)
    over = window.claimed - window.actual
    return tuple(
        score - over if seat in claimant_side else score for seat, score in enumerate(state.scores)
    )


def random_match(options: MatchOptions, seed: int, max_steps: int = 5000) -> Iterator[Step]:
    """Every step of one random match, from the first shuffle to the end of the match."""
    rng = random.Random(seed)
    state = new_match(options)
    for _ in range(max_steps):
        if state.phase == "match_over":
            return
        action = choose_action(state, rng)
        after, events = apply(state, action)
        yield Step(state, action, after, events)
        state = after
    raise AssertionError("the match did not end")
