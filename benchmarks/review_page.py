"""How fast the review page answers: its first view (the analysis computed and stored) and every
later view (the stored analysis read), for whole 121-point matches.

Creates a throwaway database (PostgreSQL when DATABASE_URL points at it, else SQLite) and
stores ``--matches`` finished single-game six-card matches between two hard computer players
(fixed seeds, the same logs as benchmarks/review_analysis.py), as the site stores them: the
action log, the shuffles with their salts and commitments, the final snapshot. Then, through
Django's test client (the whole view and template, no network), it times each match's first
view and ``--repeats`` later views, and apart from the page the stored read alone
(``match_analysis_get``) and the timeline's rebuild from the log. Prints medians and worsts in
milliseconds, the queries of a later view and the page's size.

    .venv/bin/python benchmarks/review_page.py [--matches 5] [--repeats 20]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/review_page.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=20)
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


def store_match(options, actions, alice, bob):
    """A finished match as the services leave one: seats, action log, shuffles, snapshot."""
    from django.utils import timezone

    from games import engine
    from games.fairness import commitment_for, new_salt
    from games.models import Match, MatchAction, Seat, Shuffle

    state, _ = engine.replay(options, actions)
    now = timezone.now()
    match = Match.objects.create(
        status=Match.Status.FINISHED,
        state=state.to_dict(),
        winner_seat=state.winner,
        finish_reason="points",
        match_scores=list(state.match_scores),
        action_count=len(actions),
        started_at=now,
        finished_at=now,
        **options.to_dict(),
    )
    Seat.objects.create(match=match, number=0, user=alice)
    Seat.objects.create(match=match, number=1, user=bob)
    MatchAction.objects.bulk_create(
        MatchAction(match=match, number=number, payload=engine.action_to_dict(action))
        for number, action in enumerate(actions, start=1)
    )
    shuffles = []
    for action in actions:
        if isinstance(action, engine.Shuffle):
            deck = [str(card) for card in action.deck]
            salt = new_salt()
            purpose = "cut_for_deal" if not shuffles else "deal"
            shuffles.append(
                Shuffle(
                    match=match,
                    number=len(shuffles) + 1,
                    purpose=purpose,
                    deck=deck,
                    salt=salt,
                    commitment=commitment_for(deck, salt),
                    revealed=True,
                )
            )
    Shuffle.objects.bulk_create(shuffles)
    return match


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import engine
    from review.analysis import match_actions, match_analysis_get, match_options
    from review.models import MatchAnalysis
    from review.timeline import timeline_build
    from tests.strategy.review.matches import bot_match

    # No collectstatic in a throwaway run: plain static URLs instead of the hashed manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    users = get_user_model().objects
    alice = users.create_user(username="alice-bench", password=None)
    bob = users.create_user(username="bob-bench", password=None)
    options = engine.MatchOptions.from_dict({"variant": "six", "match_target": 1})
    client = Client()
    client.force_login(alice)
    client.get("/")  # warm: the URLconf, templates, a connection

    first, later, reads, timelines, sizes, queries = [], [], [], [], [], 0
    for number in range(args.matches):
        match = store_match(options, bot_match(options, args.seed + number), alice, bob)
        path = f"/matches/{match.pk}/review/"
        started = time.perf_counter()
        response = client.get(path, secure=True)
        first.append(time.perf_counter() - started)
        assert response.status_code == 200
        assert MatchAnalysis.objects.filter(match=match).exists(), "the first view stores it"
        sizes.append(len(response.content))
        for _ in range(args.repeats):
            started = time.perf_counter()
            assert client.get(path, secure=True).status_code == 200
            later.append(time.perf_counter() - started)
            started = time.perf_counter()
            match_analysis_get(match=match)
            reads.append(time.perf_counter() - started)
        started = time.perf_counter()
        timeline_build(options=match_options(match=match), actions=match_actions(match=match))
        timelines.append(time.perf_counter() - started)
        with CaptureQueriesContext(connection) as captured:
            client.get(path, secure=True)
        queries = len(captured)

    print(f"database: {connection.vendor}; {args.matches} matches, {args.repeats} later views each")
    print(
        f"first view (analysis computed and stored): median {ms(statistics.median(first))} ms, worst {ms(max(first))} ms"
    )
    print(
        f"later view (stored analysis read):         median {ms(statistics.median(later))} ms, worst {ms(max(later))} ms"
    )
    print(
        f"stored read alone (match_analysis_get):    median {ms(statistics.median(reads))} ms, worst {ms(max(reads))} ms"
    )
    print(
        f"timeline rebuilt from the log:             median {ms(statistics.median(timelines))} ms"
    )
    print(
        f"queries of a later view: {queries}; page size median {statistics.median(sizes) / 1024:.0f} KiB"
    )


if __name__ == "__main__":
    main()
