"""Bots playing whole games through the engine alone, for tests and the strength benchmark.

The driver stands where the server stands and orders things as it does: it holds the full
state and shuffles with its own generator as soon as the engine needs a deck, before any seat is
asked (the server runs the shuffle in the same transaction as the action that ended the hand, so
a bot is never asked between them; a Muggins call on the crib is decided after the next deal,
from the window's record of the crib). Then it asks each seat's bot for an action given only
that seat's view. A seat with a Muggins window is asked first, as the server asks the bot right
after the commit and a person would be shown the button before anything else happens. Points are tallied from the events, by source, so a benchmark can say where a level
gains (hand, crib, play, heels, Muggins).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from games.bots.base import Bot
from games.engine import (
    Action,
    MatchOptions,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.events import Event

SOURCES = ("hand", "crib", "play", "heels", "muggins")


@dataclass
class GameRecord:
    """How one game (or match) between bots went: the winner and every point by source."""

    winner: int
    scores: tuple[int, ...]
    hands: int = 0
    actions: int = 0
    points: list[dict[str, int]] = field(
        default_factory=lambda: [dict.fromkeys(SOURCES, 0) for _ in range(2)]
    )
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    thinking_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Time each seat's bot spent in ``choose_action``, and how many times it was asked."""
    decision_seconds: list[list[float]] = field(default_factory=lambda: [[], []])
    """Each ``choose_action`` call's wall time, by seat (the benchmark's median, p99, max)."""
    decision_cpu_seconds: list[list[float]] = field(default_factory=lambda: [[], []])
    """The same calls' CPU time: on a shared machine the wall time includes other work."""
    dealers: list[int] = field(default_factory=list)
    """Who dealt each hand, in order."""

    def tally(self, event: Event, dealer: int | None) -> None:
        """Add the points ``event`` pegged to the right seat and source."""
        data = event.data
        kind = event.type
        if kind == "hand_started":
            self.hands += 1
            self.dealers.append(data["dealer"])
        elif kind in ("card_played", "go_scored") and data.get("points"):
            self.points[data["seat"]]["play"] += data["points"]
        elif kind == "starter_cut" and data.get("heels"):
            assert dealer is not None, "the starter is cut after a hand started"
            self.points[dealer]["heels"] += data["heels"]
        elif kind == "hand_shown" and data.get("total") is not None:
            self.points[data["seat"]][data["kind"]] += data["total"]
        elif kind == "claim_made" and data["pegged"]:
            self.points[data["seat"]][data["subject"]] += data["pegged"]
        elif kind == "muggins_called":
            self.points[data["seat"]]["muggins"] += data["points"]


def play_match(
    bots: Sequence[Bot],
    *,
    options: MatchOptions,
    deck_rng: random.Random,
    bot_rngs: Sequence[random.Random],
    start_scores: tuple[int, ...] | None = None,
    hands: int | None = None,
) -> GameRecord:
    """Play a match (one game with ``match_target=1``) between ``bots`` (seat 0, seat 1, and seats 2 and 3 with ``options.players``).

    Every action goes through ``apply``, so an illegal move raises :class:`IllegalAction`.
    ``start_scores`` (by seat) starts the game from those scores instead of 0: a benchmark
    measures what a head start is worth in win share with it. ``hands``: stop once that many
    hands are over, before the next shuffle (the record's winner stays -1 if no one has won).
    """
    state = new_match(options)
    if start_scores is not None:
        state = replace(state, scores=start_scores)
    seats = len(bots)
    record = GameRecord(
        winner=-1,
        scores=(),
        points=[dict.fromkeys(SOURCES, 0) for _ in range(seats)],
        decisions=[0] * seats,
        thinking_seconds=[0.0] * seats,
        decision_seconds=[[] for _ in range(seats)],
        decision_cpu_seconds=[[] for _ in range(seats)],
    )
    dealer = None
    while state.phase != "match_over":
        action: Action | None = None
        if needs_shuffle(state):
            if hands is not None and record.hands >= hands:
                break
            action = Shuffle(shuffled_deck(deck_rng))
        else:
            caller = state.window.caller if state.window is not None else None
            for seat in sorted(seats_to_act(state), key=lambda seat: seat != caller):
                seat_view = view(state, seat)
                started, cpu_started = time.perf_counter(), time.process_time()
                action = bots[seat].choose_action(seat_view, seat, bot_rngs[seat])
                spent = time.perf_counter() - started
                record.thinking_seconds[seat] += spent
                record.decision_seconds[seat].append(spent)
                record.decision_cpu_seconds[seat].append(time.process_time() - cpu_started)
                record.decisions[seat] += 1
                if action is not None:
                    break
            if action is None:
                raise RuntimeError(f"no bot acted in phase {state.phase!r}")
        state, events = apply(state, action)
        record.actions += 1
        for event in events:
            if event.type == "hand_started":
                dealer = event.data["dealer"]
            record.tally(event, dealer)
    if state.winner is not None:
        record.winner = state.winner
    else:
        assert hands is not None, "a played-out match has a winner"
    record.scores = state.scores
    return record
