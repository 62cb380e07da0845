"""Whole matches played by the computer opponents, as action logs, for the review's tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.bots import bot_for_level
from games.engine import (
    Action,
    Claim,
    MatchOptions,
    Play,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.state import MatchState

ClaimPolicy = Callable[[MatchState, Claim], Claim]
PlayPolicy = Callable[[MatchState, Play], Play]


def bot_match(
    options: MatchOptions,
    seed: int,
    levels: tuple[str, str] = ("hard", "hard"),
    *,
    claims: ClaimPolicy | None = None,
    plays: PlayPolicy | None = None,
    stop_after: int | None = None,
) -> list[Action]:
    """The action log of a match between two bots with fixed seeds (shuffles included).

    ``claims`` may rewrite a bot's claim (to make counting errors), ``plays`` a bot's card (to
    make a weaker player); ``stop_after`` cuts the
    match short after that many actions.
    """
    rng = random.Random(seed)
    bots = [bot_for_level(level) for level in levels]
    state = new_match(options)
    actions: list[Action] = []
    while state.phase != "match_over" and (stop_after is None or len(actions) < stop_after):
        if needs_shuffle(state):
            action = Shuffle(shuffled_deck(rng))
        else:
            caller = state.window.caller if state.window is not None else None
            action = None
            for seat in sorted(seats_to_act(state), key=lambda seat: seat != caller):
                action = bots[seat].choose_action(view(state, seat), seat, rng)
                if action is not None:
                    break
            if isinstance(action, Claim) and claims is not None:
                action = claims(state, action)
            if isinstance(action, Play) and plays is not None:
                action = plays(state, action)
        state, _ = apply(state, action)
        actions.append(action)
    return actions
