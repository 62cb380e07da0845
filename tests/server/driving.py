"""Playing matches through the service layer in tests: random legal moves, in any order."""

from __future__ import annotations

import random
from typing import Any

from games import engine, services
from games.models import Match, Seat
from games.services.recording import load_state


def protocol_action(action: Any) -> dict[str, Any]:
    """The client message for an engine action (the seat is never sent)."""
    data = engine.action_to_dict(action)
    data.pop("seat", None)
    return data


def users_by_seat(match: Match) -> dict[int, Any]:
    return {
        seat.number: seat.user for seat in Seat.objects.filter(match=match).select_related("user")
    }


def random_move(match: Match, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    """A random legal (seat, client message) for the match as stored, or None when it is over."""
    state = load_state(Match.objects.get(pk=match.pk))
    seats = sorted(engine.seats_to_act(state))
    if not seats:
        return None
    seat = rng.choice(seats)
    return seat, protocol_action(rng.choice(engine.legal_actions(state, seat)))


def play_random_match(match: Match, rng: random.Random, max_steps: int = 5000) -> int:
    """Play ``match`` to its end with random legal moves; returns the number of actions."""
    users = users_by_seat(match)
    for step in range(max_steps):
        move = random_move(match, rng)
        if move is None:
            return step
        seat, action = move
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    raise AssertionError("the match did not end")


def play_until_everyone_has_played(match: Match, rng: random.Random, max_steps: int = 500) -> None:
    """Random legal moves until every seat has played a card: past the point where a rated
    match that ends is a result and no longer an abort (docs/ratings.md)."""
    users = users_by_seat(match)
    for _ in range(max_steps):
        state = load_state(Match.objects.get(pk=match.pk))
        if state.phase == "match_over":
            return
        played = {event.public.get("seat") for event in match.events.filter(type="card_played")}
        if set(users) <= played:
            return
        move = random_move(match, rng)
        if move is None:
            return
        seat, action = move
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    raise AssertionError("not every seat played")
