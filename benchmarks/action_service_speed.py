"""CPU and wall time of the action service alone: no websocket, no event loop, one thread.

Creates a throwaway database (PostgreSQL when DATABASE_URL points at it, else SQLite), starts
N matches, and plays random legal moves through ``services.action_apply`` exactly as the
websocket consumer calls it (the worker thread's connection handling included), round-robin
over the matches so that consecutive actions touch different rows. Prints per action: wall
time, this process's CPU time, the PostgreSQL backend's CPU time (from /proc) and the statements
run, and the same split by kind of action (``--clock 300+3``: timed matches, whose every
action also charges the clock, logs ``clock_changed`` and queues the clock's check) (a play that ends a hand writes the shows, the
reveal of the deck and the next deal as well). ``--profile`` prints the top of a cProfile by cumulative time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python benchmarks/action_service_speed.py --matches 20 --actions 3000
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
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--clock",
        default="none",
        help="the matches' time control, 'none' or '<bank>+<increment>' in seconds (e.g. 300+3)",
    )
    args = parser.parse_args()

    from tests.support.servers import LiveDatabase

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        os.environ["DATABASE_URL"] = database.url
        os.environ.pop("REDIS_URL", None)  # no channel layer: broadcasts are not measured here
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        # Production-like: DEBUG off, so no query log and no debug cursor.
        os.environ["DEBUG"] = "false"
        os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-0123456789-abcdefghijklmnop")
        try:
            run(args)
        finally:
            from django.db import connections

            connections.close_all()
            database.drop()


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import close_old_connections, connection

    from games import engine, services
    from games.engine.options import TimeControl
    from games.models import Match, MatchEvent
    from kernel import sending

    # The frames are still rendered (in the worker thread, as on the server); only the hand-over
    # to the event loop is left out, since there is no server loop here.
    sending.group_send_reliably = lambda group, message: None

    users = get_user_model().objects
    players = []
    for index in range(args.matches):
        alice = users.create_user(username=f"bench-a{index}")
        bob = users.create_user(username=f"bench-b{index}")
        match = services.match_create(
            creator=alice, options={"match_target": 7}, clock=TimeControl.parse(args.clock)
        )
        services.match_join(match=match, user=bob)
        players.append((match.pk, (alice, bob)))
    rng = random.Random(args.seed)

    def next_move(match_id: int):
        """A random legal move and the match's sequence number before it, or None."""
        match = Match.objects.get(pk=match_id)
        state = engine.MatchState.from_dict(match.state)
        seats = sorted(engine.seats_to_act(state))
        if not seats:
            return None
        seat = rng.choice(seats)
        if state.pending is not None and state.pending.seat == seat:
            return seat, {"type": "claim", "points": state.pending.actual}, match.last_seq
        action = rng.choice(engine.legal_actions(state, seat))
        as_dict = engine.action_to_dict(action)
        return seat, {key: value for key, value in as_dict.items() if key != "seat"}, match.last_seq

    def database_cpu() -> float:
        """CPU seconds of this connection's PostgreSQL backend so far (0 elsewhere)."""
        if connection.vendor != "postgresql":
            return 0.0
        connection.ensure_connection()
        try:
            stat = Path(f"/proc/{connection.connection.info.backend_pid}/stat").read_text()
        except OSError:
            return 0.0
        fields = stat[stat.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    done = wall = cpu = backend = 0.0
    queries = 0
    # kind of action -> [count, wall, CPU, events written]
    by_kind: dict[str, list[float]] = {}

    def count_statement(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    counter = 0
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
    while done < args.actions:
        for match_id, seated in players:
            move = next_move(match_id)
            if move is None:
                continue
            seat, action, seq_before = move
            counter += 1
            started_backend = database_cpu()
            with connection.execute_wrapper(count_statement):
                started_wall, started_cpu = time.perf_counter(), time.process_time()
                if profiler:
                    profiler.enable()
                close_old_connections()  # as database_sync_to_async does around each call
                outcome = services.action_apply(
                    match_id=match_id, user=seated[seat], action=action, action_id=f"a{counter}"
                )
                close_old_connections()
                if profiler:
                    profiler.disable()
                took_wall = time.perf_counter() - started_wall
                took_cpu = time.process_time() - started_cpu
            wall += took_wall
            cpu += took_cpu
            backend += database_cpu() - started_backend
            done += 1
            events = outcome.seq - seq_before
            written = MatchEvent.objects.filter(match_id=match_id, seq__gt=seq_before)
            ends_hand = written.filter(type="hand_ended").exists()
            kind = action["type"] + (" (ends a hand)" if ends_hand else "")
            row = by_kind.setdefault(kind, [0, 0.0, 0.0, 0])
            row[0] += 1
            row[1] += took_wall
            row[2] += took_cpu
            row[3] += events
    print(
        f"{connection.vendor}, clock {args.clock}: {int(done)} actions over {args.matches} "
        "matches; per action: "
        f"wall {1000 * wall / done:.2f} ms, CPU {1000 * cpu / done:.2f} ms "
        f"(database backend {1000 * backend / done:.2f} ms), {queries / done:.2f} statements"
    )
    for kind, (count, kind_wall, kind_cpu, events) in sorted(by_kind.items()):
        print(
            f"  {kind}: {count} actions, wall {1000 * kind_wall / count:.2f} ms, "
            f"CPU {1000 * kind_cpu / count:.2f} ms, {events / count:.1f} events"
        )
    if profiler:
        import pstats

        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
