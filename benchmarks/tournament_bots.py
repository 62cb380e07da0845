"""A large tournament played to the end by the computer, through the service layer.

Creates a throwaway database (PostgreSQL when DATABASE_URL points at it, else SQLite), enters
``--players`` people in a start-when-full tournament, and plays every match with the easy bot
choosing each seat's moves (``games.bots``, from that seat's view) through
``action_apply_for_seat``, as the worker plays a computer seat. The durable tasks (the start, the
match-finished hooks, the next rounds) run in this process, as a worker would run them.
Checks every round: each active player at exactly one table (or the bye), no rematch, at most
one bye and never twice to the same player. Prints per round: the time to pair it and open its
tables (the ``tournament_round_next`` task), and the time to play its matches; at the end the
time to read the standings from the database (the median of five).

    .venv/bin/python benchmarks/tournament_bots.py --players 256 --kind swiss --rounds 8
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--kind", default="swiss", choices=["swiss", "knockout", "acc"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from tests.support.servers import LiveDatabase

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        os.environ["DATABASE_URL"] = database.url
        os.environ.pop("REDIS_URL", None)  # no channel layer: broadcasts go nowhere
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        os.environ["DEBUG"] = "false"
        os.environ["BOT_DELAY_SECONDS"] = "0"
        os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-0123456789-abcdefghijklmnop")
        try:
            run(args)
        finally:
            from django.db import connections

            connections.close_all()
            database.drop()


def run(args: argparse.Namespace) -> None:
    import logging

    import django

    django.setup()
    logging.getLogger("django_tasks").setLevel(logging.WARNING)  # a line per task otherwise
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    from games import bots, engine
    from games.models import Match
    from games.services.actions import action_apply_for_seat
    from kernel import sending
    from tests.support.tasks import tasks_run_due
    from tournaments.models import Pairing, Tournament
    from tournaments.selectors import standings_lines
    from tournaments.services.lifecycle import tournament_create, tournament_join

    sending.group_send_reliably = lambda group, message: None
    rng = random.Random(args.seed)
    bot = bots.bot_for_level("easy", rng)

    def settle() -> float:
        started = time.perf_counter()
        while tasks_run_due():
            pass
        return time.perf_counter() - started

    def play(match_id: int) -> int:
        actions = 0
        while True:
            match = Match.objects.get(pk=match_id)
            state = engine.MatchState.from_dict(match.state)
            seats = sorted(engine.seats_to_act(state))
            if not seats:
                return actions
            seat = seats[0]
            action = engine.action_to_dict(bot.choose_action(engine.view(state, seat), seat))
            action.pop("seat", None)
            action_apply_for_seat(
                match_id=match_id, seat=seat, action=action, action_id=f"b{match.last_seq}"
            )
            actions += 1

    users = get_user_model().objects
    people = [users.create_user(username=f"bench-{n}") for n in range(args.players)]
    options = {"rounds": args.rounds} if args.kind in ("swiss", "acc") else {}
    cup = tournament_create(
        creator=people[0],
        name="Benchmark",
        kind=args.kind,
        variant="five",
        match_target=1,
        capacity=args.players,
        duplicate=args.duplicate,
        no_show_seconds=3600,
        **options,
    )
    for person in people:
        tournament_join(tournament_id=cup.pk, user=person)
    started_all = time.perf_counter()
    opening = settle()
    played: set[frozenset] = set()
    byes: set[int] = set()
    total_actions = 0
    while True:
        cup.refresh_from_db()
        number = cup.current_round
        tables = list(Pairing.objects.filter(round__tournament=cup, round__number=number))
        active = set(cup.entries.filter(withdrawn_at__isnull=True).values_list("pk", flat=True))
        seen = [p.first_id for p in tables] + [p.second_id for p in tables if p.second_id]
        if cup.kind != Tournament.Kind.KNOCKOUT:
            assert sorted(seen) == sorted(active), f"round {number}: not everyone plays once"
        assert len(seen) == len(set(seen)), f"round {number}: someone plays twice"
        round_byes = [p.first_id for p in tables if p.second_id is None]
        if cup.kind != Tournament.Kind.KNOCKOUT:
            assert len(round_byes) <= 1 and not (set(round_byes) & byes), "bad bye"
        byes.update(round_byes)
        for pairing in tables:
            if pairing.second_id is not None:
                pair = frozenset((pairing.first_id, pairing.second_id))
                assert pair not in played, f"round {number}: a rematch"
                played.add(pair)
        started = time.perf_counter()
        matches = [p.match_id for p in tables if p.match_id is not None]
        round_actions = sum(play(match_id) for match_id in matches)
        total_actions += round_actions
        playing = time.perf_counter() - started
        advancing = settle()
        print(
            f"round {number}: {len(matches)} matches, {round_actions} actions played in "
            f"{playing:.1f} s ({playing / max(1, round_actions) * 1000:.1f} ms an action); "
            f"results, pairing and opening the next round {advancing:.2f} s"
        )
        cup.refresh_from_db()
        if cup.status == Tournament.Status.FINISHED:
            break
        assert cup.current_round == number + 1, "the next round was not paired"
    elapsed = time.perf_counter() - started_all
    unfinished = Pairing.objects.filter(round__tournament=cup, finished=False).count()
    assert unfinished == 0
    assert not Match.objects.filter(~Q(status=Match.Status.FINISHED)).exists()
    times = []
    for _ in range(5):
        started = time.perf_counter()
        standings_lines(cup)
        times.append(time.perf_counter() - started)
    print(
        f"the final standings from the database (the page's read): {sorted(times)[2] * 1000:.1f} ms"
    )
    print(
        f"{args.players} players, {args.kind}, {cup.current_round} rounds: start and round 1 "
        f"opened in {opening:.2f} s; whole tournament {elapsed:.1f} s, {total_actions} actions; "
        "every round paired correctly"
    )


if __name__ == "__main__":
    main()
