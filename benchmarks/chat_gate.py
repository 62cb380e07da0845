"""What the social layer's chat gate costs: one listener's hear check for one line (asked for
every listener of every line the lobby relays), and the history a page gets on arrival,
filtered for one listener.

Creates a throwaway database (PostgreSQL when DATABASE_URL points at it, else SQLite), seeds it
with players who each muted and blocked a few others and a chat room's history, then times
``kernel.chat_gates.hears`` with the social app's checks registered, the lobby consumer's
per-line question (``hears_nobody`` and ``hears``), and ``lobby.selectors.chat_recent`` with and
without a listener. Prints the median and the 95th percentile of each, in microseconds.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/chat_gate.py
    .venv/bin/python benchmarks/chat_gate.py --players 200          # SQLite, smaller
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--silenced-each", type=int, default=5, help="mutes and blocks per player")
    parser.add_argument("--repeats", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from tests.support.servers import LiveDatabase

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        os.environ["DATABASE_URL"] = database.url
        os.environ.pop("REDIS_URL", None)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        os.environ["DEBUG"] = "false"
        os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-0123456789-abcdefghijklmnop")
        try:
            run(args)
        finally:
            from django.db import connections

            connections.close_all()
            database.drop()


def timed(call, repeats: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95)]


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from kernel import chat_gates
    from lobby.models import ChatMessage
    from lobby.selectors import chat_recent
    from social.models import Block, ChatMute

    rng = random.Random(args.seed)
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"player{n:05d}") for n in range(args.players)]
    )
    ids = [user.pk for user in users]
    mutes, blocks = set(), set()
    for user_id in ids:
        for other in rng.sample(ids, args.silenced_each):
            if other != user_id:
                mutes.add((user_id, other))
        for other in rng.sample(ids, args.silenced_each):
            if other != user_id:
                blocks.add((user_id, other))
    ChatMute.objects.bulk_create([ChatMute(muter_id=a, muted_id=b) for a, b in mutes])
    Block.objects.bulk_create([Block(blocker_id=a, blocked_id=b) for a, b in blocks])
    speakers = rng.sample(ids, 20)
    ChatMessage.objects.bulk_create(
        [
            ChatMessage(room="lobby", author_id=rng.choice(speakers), text=f"line {n}")
            for n in range(50)
        ]
    )
    pairs = [(rng.choice(ids), rng.choice(ids)) for _ in range(args.repeats)]
    pair_iter = iter(pairs * 3)

    def one_hear() -> None:
        listener, speaker = next(pair_iter)
        chat_gates.hears(listener, speaker)

    def one_line() -> None:
        listener, speaker = next(pair_iter)
        if not chat_gates.hears_nobody(listener):
            chat_gates.hears(listener, speaker)

    engine = django.db.connection.vendor
    print(f"database: {engine}; {args.players} players, {len(mutes)} mutes, {len(blocks)} blocks")
    for label, call, repeats in (
        ("hears(listener, speaker)", one_hear, args.repeats),
        ("a relayed line, per listener", one_line, args.repeats),
        ("chat_recent, anonymous (50 lines)", lambda: chat_recent(room="lobby"), 200),
        (
            "chat_recent for a listener (50 lines, 20 speakers)",
            lambda: chat_recent(room="lobby", listener_id=rng.choice(ids)),
            200,
        ),
    ):
        median, p95 = timed(call, repeats)
        print(f"{label:55s} median {median:8.0f} us   p95 {p95:8.0f} us")


if __name__ == "__main__":
    main()
