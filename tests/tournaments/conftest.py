"""Tournament test helpers: a field of people, and rounds settled by resignation or by play."""

from __future__ import annotations

import random

import pytest

from games import engine, services
from games.models import Match
from games.services.recording import load_state
from tests.browser.conftest import table_users  # noqa: F401 - the browser test's people
from tests.server.driving import protocol_action
from tests.support.people import make_user
from tests.support.tasks import tasks_run_due
from tournaments.models import Pairing, Tournament
from tournaments.services.lifecycle import tournament_create, tournament_join


@pytest.fixture
def field(db):
    """``field(n)``: n people named p1, p2, ... (registration order = seeding when unrated)."""

    def make(count: int, start: int = 1):
        return [make_user(f"p{number}") for number in range(start, start + count)]

    return make


def tasks_settle() -> None:
    """Run the due tasks, and those they queue, until none is due (the test's transaction
    never commits, so nothing runs on commit: the test is the worker)."""
    for _ in range(1000):
        if not tasks_run_due():
            return
    raise AssertionError("tasks kept queueing tasks")


def tournament_full(creator, players, **options) -> Tournament:
    """A start-when-full tournament of ``players``, started (round 1 paired) by the last entry."""
    options = {"variant": "five", "match_target": 1, "capacity": len(players), **options}
    tournament = tournament_create(creator=creator, name="Test cup", **options)
    for person in players:
        tournament_join(tournament_id=tournament.pk, user=person)
    tasks_settle()
    tournament.refresh_from_db()
    return tournament


def open_tables(tournament: Tournament) -> list[Pairing]:
    tournament.refresh_from_db()
    return list(
        Pairing.objects.filter(
            round__tournament=tournament,
            round__number=tournament.current_round,
            finished=False,
            match__isnull=False,
        )
        .select_related("first__user", "second__user", "match")
        .order_by("table")
    )


def names(pairing: Pairing) -> tuple[str, str | None]:
    second = None if pairing.second is None else pairing.second.name
    return pairing.first.name, second


def round_tables(tournament: Tournament, number: int) -> list[tuple[str, str | None]]:
    tables = Pairing.objects.filter(round__tournament=tournament, round__number=number)
    return [
        names(p) for p in tables.select_related("first__user", "second__user").order_by("table")
    ]


def seed_of(name: str) -> int:
    return int(name[1:])


def round_settle(tournament: Tournament, winner=None) -> None:
    """End every open table of the current round by the loser's resignation.

    ``winner(first name, second name) -> name``; by default the lower number (p1 beats p2).
    """
    winner = winner or (lambda a, b: min(a, b, key=seed_of))
    for pairing in open_tables(tournament):
        a, b = names(pairing)
        loser = pairing.second if winner(a, b) == a else pairing.first
        services.match_resign(match_id=pairing.match_id, user=loser.user)
    tasks_settle()


def round_play(tournament: Tournament, rng: random.Random) -> None:
    """Play every open table of the current round to its end with random legal moves."""
    for pairing in open_tables(tournament):
        match_play(pairing.match, rng)
    tasks_settle()


def match_play(match: Match, rng: random.Random) -> None:
    users = {seat.number: seat.user for seat in match.seats.select_related("user")}
    for _ in range(5000):
        state = load_state(Match.objects.get(pk=match.pk))
        seats = sorted(seat for seat in engine.seats_to_act(state) if users[seat] is not None)
        if not seats:
            if engine.seats_to_act(state):  # the computer's turn
                tasks_settle()
                continue
            return
        seat = rng.choice(seats)
        action = protocol_action(rng.choice(engine.legal_actions(state, seat)))
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    raise AssertionError("the match did not end")
