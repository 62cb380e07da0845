"""How long after a player's move the computer answers, with many matches against it at once.

Starts one Daphne process and worker process(es) (``manage.py run_worker``) on a fresh database
with Redis as the channel layer (REDIS_URL is required: a worker process reaches the sockets only
through it), creates N matches of a scripted player against the computer, and plays them for a
fixed time. For each of the computer's moves that answers a move of the player, it measures
the time between the two actions as the database recorded them (a client's clock would add
its own event loop's delays), and prints p50/p99 and how far p99 is beyond the bot's pause (``BOT_DELAY_SECONDS``).
The target (issue 24, item 8): at most 250 ms beyond the pause at p99.

Runs twice by default: paced (the player thinks ``--think`` seconds, the site's default pause)
and flat out (no think time, a 0.05 s pause: the load the worker can carry).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/bot_turn_latency.py --matches 100 --seconds 30 \\
        --workers 2 --threads 4

Results and the machine they came from go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")

from tests.support.match_client import MatchClient, create_matches  # noqa: E402
from tests.support.servers import (  # noqa: E402
    DaphneServer,
    LiveDatabase,
    WorkerProcess,
)

BOT_SEAT = 1
DEFAULT_BOT_DELAY = 0.8  # cribbage_site/settings.py BOT_DELAY_SECONDS


# The computer's answers, from the database: for each of its moves that came right after the
# player's, the time between the two actions' rows (both written in the action's transaction).
ANSWERS_SCRIPT = """
import json
from games.models import MatchAction
rows = MatchAction.objects.filter(match_id__in=IDS).order_by("match_id", "number")
answers, previous = [], None
for match_id, seat, at in rows.values_list("match_id", "seat", "created_at"):
    if previous and previous[0] == match_id and previous[1] == 0 and seat == BOT_SEAT:
        answers.append((at - previous[2]).total_seconds())
    previous = (match_id, seat, at)
print("ANSWERS" + json.dumps(answers))
"""


def bot_answers(env: dict[str, str], match_ids: list[int]) -> list[float]:
    script = ANSWERS_SCRIPT.replace("IDS", repr(match_ids)).replace("BOT_SEAT", str(BOT_SEAT))
    completed = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in completed.stdout.splitlines() if line.startswith("ANSWERS"))
    return json.loads(line[len("ANSWERS") :])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def play(server: DaphneServer, matches: list[dict], seconds: float, think: float) -> None:
    players = [
        MatchClient(
            server.ws_url, setup["match"], setup["sessions"][0], origin=server.url, think=think
        )
        for setup in matches
    ]
    await asyncio.gather(*(player.connect(timeout=60) for player in players))

    async def run(player: MatchClient) -> None:
        await asyncio.sleep(random.uniform(0, think))  # not every first move in one instant
        with contextlib.suppress(TimeoutError):  # the run's time is up, not an error
            await player.play_until_over(timeout=seconds)

    await asyncio.gather(*(run(player) for player in players))
    await asyncio.gather(*(player.close() for player in players))
    errors = sum(len(player.errors) for player in players)
    if errors:
        print(f"  errors: {errors}, e.g. {next(p.errors[0] for p in players if p.errors)}")


def run_once(args, directory: Path, database: LiveDatabase, think: float, delay: float) -> None:
    env = {
        "DATABASE_URL": database.url,
        "REDIS_URL": os.environ["REDIS_URL"],
        "DEBUG": "false",
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
        "TASK_WORKER_IN_SERVER": "false",
        "BOT_DELAY_SECONDS": str(delay),
        "TASK_WORKER_THREADS": str(args.threads),
        "ABANDON_AFTER_SECONDS": "600",
    }
    server = DaphneServer(env, log_path=directory / f"daphne-{think}.log")
    workers = [
        WorkerProcess(env, log_path=directory / f"worker-{think}-{n}.log", interval=0.05)
        for n in range(args.workers)
    ]
    # WorkerProcess defaults the pause to 0 for tests; the benchmark measures the site's.
    for worker in workers:
        worker.env["BOT_DELAY_SECONDS"] = str(delay)
    try:
        server.start(timeout=60)
        for worker in workers:
            worker.start(timeout=60)
        prefix = f"botlat{int(time.time())}-{think:g}-"
        matches = create_matches(server.env, args.matches, prefix=prefix, bot_level=args.level)
        asyncio.run(play(server, matches, args.seconds, think))
        answers = bot_answers(server.env, [setup["match"] for setup in matches])
    finally:
        for worker in workers:
            worker.stop()
        server.stop()
    label = f"{think:g} s think, {delay:g} s pause" if think else f"flat out, {delay:g} s pause"
    p50, p99 = percentile(answers, 0.5), percentile(answers, 0.99)
    print(
        f"{label}: {len(answers)} computer moves in {args.matches} matches; after the move that "
        f"called for it p50 {1000 * p50:.0f} ms, p99 {1000 * p99:.0f} ms, max "
        f"{1000 * max(answers, default=float('nan')):.0f} ms; p99 beyond the pause "
        f"{1000 * (p99 - delay):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30, help="each run's length")
    parser.add_argument("--think", type=float, default=3.0, help="the player's pause (s)")
    parser.add_argument("--delay", type=float, default=DEFAULT_BOT_DELAY, help="the bot's pause")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker")
    parser.add_argument("--level", default="medium", help="the computer's level")
    parser.add_argument("--skip-flat-out", action="store_true")
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        parser.error("REDIS_URL is required (a worker process reaches sockets through Redis)")
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        database = LiveDatabase(directory, os.environ.get("DATABASE_URL", ""))
        database.create()
        print(
            f"database {'PostgreSQL' if database.name else 'SQLite'}, {args.workers} worker "
            f"process(es) x {args.threads} thread(s), {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.1f}"
        )
        try:
            run_once(args, directory, database, args.think, args.delay)
            if not args.skip_flat_out:
                run_once(args, directory, database, 0.0, 0.05)
        finally:
            database.drop()


if __name__ == "__main__":
    main()
