"""How fast the profile and leaderboard pages answer with 100,000 finished matches and 10,000
players in the database.

Creates a throwaway database (PostgreSQL when DATABASE_URL points at it, else SQLite), seeds it
with bulk inserts: players of random true strength, finished rated matches between random pairs
(their seats, one RatingChange per player, rated through ratings.glicko2 as the hook would),
each player's rating and statistics rows. Then it times each page through Django's test client
(the whole view and template, no network), prints the median and the worst of the repeats and
the number of queries, and the query plans of the leaderboard's queries.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/ratings_pages.py
    .venv/bin/python benchmarks/ratings_pages.py --players 1000 --matches 10000   # SQLite, smaller
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from tests.support.servers import LiveDatabase

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        os.environ["DATABASE_URL"] = database.url
        os.environ.pop("REDIS_URL", None)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        os.environ["DEBUG"] = "false"  # production-like: no query log kept
        os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-0123456789-abcdefghijklmnop")
        os.environ.setdefault("ALLOWED_HOSTS", "testserver")
        try:
            run(args)
        finally:
            from django.db import connections

            connections.close_all()
            database.drop()


def seed(args: argparse.Namespace):
    """Bulk-insert the players, matches, seats, rating history, ratings and statistics."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from games.models import Match, Seat
    from ratings import glicko2
    from ratings.models import PlayerRating, PlayerStats, RatingChange

    rng = random.Random(args.seed)
    user_model = get_user_model()
    password = make_password(None)
    user_model.objects.bulk_create(
        [user_model(username=f"player{n:05d}", password=password) for n in range(args.players)],
        batch_size=5000,
    )
    users = list(user_model.objects.order_by("pk").values_list("pk", flat=True))
    strength = {user: rng.gauss(1500, 250) for user in users}
    # Some play a lot and most a little (Pareto), so the leaderboard has established players.
    activity = list(itertools.accumulate(rng.paretovariate(1.2) for _ in users))
    current = {user: glicko2.Rating() for user in users}
    played = dict.fromkeys(users, 0)
    start = timezone.now() - timedelta(days=365)
    step = timedelta(days=365) / args.matches
    matches, seats_of, changes = [], [], []
    for number in range(args.matches):
        a, b = rng.choices(users, cum_weights=activity, k=2)
        if a == b:
            b = users[(users.index(a) + 1) % len(users)]
        chance = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
        winner = 0 if rng.random() < chance else 1
        at = start + step * number
        matches.append(
            Match(
                status=Match.Status.FINISHED,
                rated=True,
                winner_seat=winner,
                match_scores=[7, 3] if winner == 0 else [3, 7],
                started_at=at - timedelta(minutes=20),
                finished_at=at,
                created_by_id=a,
            )
        )
        seats_of.append((a, b))
        ra, rb = current[a], current[b]
        score = 1.0 if winner == 0 else 0.0
        current[a] = glicko2.update(ra, [glicko2.Result(rb.rating, rb.deviation, score)])
        current[b] = glicko2.update(rb, [glicko2.Result(ra.rating, ra.deviation, 1 - score)])
        played[a] += 1
        played[b] += 1
        changes.append((a, ra, current[a], score, at))
        changes.append((b, rb, current[b], 1 - score, at))
    Match.objects.bulk_create(matches, batch_size=5000)
    match_ids = list(Match.objects.order_by("pk").values_list("pk", flat=True))
    Seat.objects.bulk_create(
        [
            Seat(match_id=match_id, number=n, user_id=user, joined_at=matches[i].started_at)
            for i, match_id in enumerate(match_ids)
            for n, user in enumerate(seats_of[i])
        ],
        batch_size=10000,
    )
    RatingChange.objects.bulk_create(
        [
            RatingChange(
                match_id=match_ids[i // 2],
                user_id=user,
                kind="six-2p",
                rating_before=before.rating,
                deviation_before=before.deviation,
                rating_after=after.rating,
                deviation_after=after.deviation,
                score=score,
                at=at,
            )
            for i, (user, before, after, score, at) in enumerate(changes)
        ],
        batch_size=10000,
    )
    now = timezone.now()
    limit = 75.0
    rows = []
    for user in users:
        value = current[user]
        days = glicko2.days_until_deviation(value, limit)
        rows.append(
            PlayerRating(
                user_id=user,
                kind="six-2p",
                rating=value.rating,
                deviation=value.deviation,
                volatility=value.volatility,
                matches=played[user],
                rated_at=now,
                listed_until=None if days is None else now + timedelta(days=days),
            )
        )
    PlayerRating.objects.bulk_create(rows, batch_size=5000)
    PlayerStats.objects.bulk_create(
        [
            PlayerStats(
                user_id=user,
                kind="six-2p",
                matches_won=played[user] // 2,
                matches_lost=played[user] - played[user] // 2,
                hands=played[user] * 20,
                hand_points=played[user] * 150,
                cribs=played[user] * 10,
                crib_points=played[user] * 45,
                play_points=played[user] * 70,
                highest_hand=24,
            )
            for user in users
        ],
        batch_size=5000,
    )
    best = max(users, key=lambda user: current[user].rating)
    middle = sorted(users, key=lambda user: current[user].rating)[len(users) // 2]
    return user_model.objects.get(pk=best), user_model.objects.get(pk=middle)


def timed(client, path: str, repeats: int) -> tuple[float, float, float, int]:
    """Median and worst wall time, median CPU time of this process (the view and template;
    unlike wall time, hardly changed by other processes on a busy machine), and queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(path, secure=True)  # warm: templates compiled, connection open
    times, cpu = [], []
    for _ in range(repeats):
        started, started_cpu = time.perf_counter(), time.process_time()
        response = client.get(path, secure=True)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    with CaptureQueriesContext(connection) as queries:
        client.get(path, secure=True)
    return statistics.median(times), max(times), statistics.median(cpu), len(queries)


def slowest_queries(client, path: str, count: int = 3) -> list[tuple[float, str]]:
    """The page's queries by database time (the median of five loads), slowest first."""
    from django.db import connection

    timings: dict[str, list[float]] = {}

    def timer(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            timings.setdefault(sql, []).append((time.perf_counter() - started) * 1000)

    with connection.execute_wrapper(timer):
        for _ in range(5):
            client.get(path, secure=True)
    ranked = sorted(((statistics.median(t), sql) for sql, t in timings.items()), reverse=True)
    return ranked[:count]


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    # No collectstatic in a throwaway run: plain static URLs instead of the hashed manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

    from ratings.selectors import leaderboard_rank, leaderboard_rows

    started = time.perf_counter()
    best, middle = seed(args)
    seconds = time.perf_counter() - started
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ANALYZE")
    print(
        f"{connection.vendor}: seeded {args.players} players and {args.matches} finished rated "
        f"matches in {seconds:.0f} s"
    )
    listed = leaderboard_rows(kind="six-2p").count()
    print(f"listed on the leaderboard: {listed}")
    anonymous, viewer = Client(), Client()
    viewer.force_login(middle)
    pages = [
        ("profile, best player", anonymous, f"/accounts/players/{best.username}/"),
        ("profile, median player", anonymous, f"/accounts/players/{middle.username}/"),
        ("leaderboard page 1", anonymous, "/ratings/six-2p/"),
        ("leaderboard last page", anonymous, "/ratings/six-2p/?page=999999"),
        ("leaderboard, signed in (own rank)", viewer, "/ratings/six-2p/"),
    ]
    print(f"load average before timing: {os.getloadavg()[0]:.1f}")
    print(f"{'page':38} {'median ms':>9} {'worst ms':>9} {'CPU ms':>7} {'queries':>8}")
    for label, client, path in pages:
        median, worst, cpu, queries = timed(client, path, args.repeats)
        print(f"{label:38} {median:9.1f} {worst:9.1f} {cpu:7.1f} {queries:8d}")
    print("\nslowest queries of the best player's profile:")
    for milliseconds, sql in slowest_queries(anonymous, pages[0][2]):
        print(f"{milliseconds:7.1f} ms  {sql[:150]}")
    if connection.vendor == "postgresql":
        from django.contrib.auth import get_user_model

        board = leaderboard_rows(kind="six-2p")
        mine = board.filter(user=middle).first() or board.first()
        print("\nplan of a leaderboard page:")
        print(board[:50].explain())
        print("\nplan of the rank count:")
        print(board.filter(rating__gt=mine.rating).explain())
        from ratings.models import RatingChange

        print("\nplan of a player's rating history (the chart):")
        latest = RatingChange.objects.filter(user=best, kind="six-2p").order_by("-at", "-pk")
        print(latest[:200].explain())
        from games.models import Seat

        print(f"(matches of the best player: {Seat.objects.filter(user=best).count()})")
        print(f"(rank of the median player: {leaderboard_rank(user=middle, kind='six-2p')})")
        del get_user_model


if __name__ == "__main__":
    main()
