"""How long after a player's move the computer answers, with many matches against it at once.

Starts one Daphne process on a fresh database and N matches of a scripted player against the
computer, and plays them for a fixed time. For each of the computer's moves that answers a move
of the player, it measures the time between the two actions as the database recorded them (a
client's clock would add its own event loop's delays), and prints p50/p95/p99, how far p99 is
beyond the bot's pause (``BOT_DELAY_SECONDS``), how many matches played to the end of the run
and finished, and where the time went: the worker's lag behind each turn's due time and the
turn's own run (the bot's decision, its transaction, the send). The target (issue 24, item 8):
at most 250 ms beyond the pause at p99, 100 matches at a 3 s think.

Two stacks, chosen by the environment:

- self-contained (no REDIS_URL): SQLite in a temporary directory (or DATABASE_URL) and the
  in-memory channel layer, the worker a thread of the server, as ``scripts/run-site`` runs it;
  needs nothing but Python and the project's packages:

      .venv/bin/python benchmarks/bot_turn_latency.py

- production's (REDIS_URL set, DATABASE_URL usually PostgreSQL): ``--workers`` worker
  processes (``manage.py run_worker``, ``--threads`` each) beside the server:

      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
          .venv/bin/python benchmarks/bot_turn_latency.py --workers 2 --threads 4

Runs twice by default: paced (the player thinks ``--think`` seconds, the site's default pause)
and flat out (no think time, a 0.05 s pause: the load the worker can carry). The workers poll
at the site's own ``TASK_WORKER_INTERVAL`` unless ``--interval`` says otherwise. Results and the
machine they came from go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
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
DEFAULT_INTERVAL = 0.5  # cribbage_site/settings.py TASK_WORKER_INTERVAL
CONNECT_AT_ONCE = 20  # sockets opened together: a loaded machine times out a hundred at once


# From the database: for each computer move that came right after the player's, the time
# between the two actions' rows (both written in the action's transaction); each bot turn's
# lag behind its due time (claimed minus run_after) and its run (finished minus claimed); how
# many of the matches finished.
ANSWERS_SCRIPT = """
import json
from django_tasks_db.models import DBTaskResult
from games.models import Match, MatchAction
ids = IDS
rows = MatchAction.objects.filter(match_id__in=ids).order_by("match_id", "number")
answers, previous = [], None
for match_id, seat, at in rows.values_list("match_id", "seat", "created_at"):
    if previous and previous[0] == match_id and previous[1] == 0 and seat == BOT_SEAT:
        answers.append((at - previous[2]).total_seconds())
    previous = (match_id, seat, at)
lags, runs = [], []
turns = DBTaskResult.objects.filter(
    task_path="games.tasks.bot_turn", status="SUCCESSFUL"
).values_list("run_after", "started_at", "finished_at", "args_kwargs")
for run_after, started, finished, arguments in turns:
    if arguments["kwargs"]["match_id"] in ids:
        lags.append((started - run_after).total_seconds())
        runs.append((finished - started).total_seconds())
finished = Match.objects.filter(pk__in=ids, status=Match.Status.FINISHED).count()
print("ANSWERS" + json.dumps({"answers": answers, "lags": lags, "runs": runs, "finished": finished}))
"""


def database_figures(env: dict[str, str], match_ids: list[int]) -> dict:
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


def milliseconds(values: list[float]) -> str:
    return ", ".join(
        f"{name} {1000 * percentile(values, share):.0f} ms"
        for name, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
    )


async def play(server: DaphneServer, matches: list[dict], seconds: float, think: float) -> int:
    """Connect a player to each match and play for ``seconds``; how many played to the end."""
    players = [
        MatchClient(
            server.ws_url, setup["match"], setup["sessions"][0], origin=server.url, think=think
        )
        for setup in matches
    ]
    failed: list[BaseException] = []
    connected: list[MatchClient] = []
    for start in range(0, len(players), CONNECT_AT_ONCE):
        batch = players[start : start + CONNECT_AT_ONCE]
        outcomes = await asyncio.gather(
            *(player.connect(timeout=60) for player in batch), return_exceptions=True
        )
        for player, outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                failed.append(outcome)
            else:
                connected.append(player)

    async def run(player: MatchClient) -> bool:
        await asyncio.sleep(random.uniform(0, think))  # not every first move in one instant
        try:
            await player.play_until_over(timeout=seconds)
        except TimeoutError:
            return True  # the run's time is up, not an error
        except Exception as error:  # a dropped socket: counted, and the others play on
            failed.append(error)
            return False
        return True

    played = await asyncio.gather(*(run(player) for player in connected))
    await asyncio.gather(*(player.close() for player in connected), return_exceptions=True)
    errors = [error for player in connected for error in player.errors]
    if errors:
        print(f"  error frames: {len(errors)}, e.g. {errors[0]}")
    if failed:
        print(f"  players that failed: {len(failed)}, e.g. {failed[0]!r}")
    return sum(played)


def stack_environment(args, database: LiveDatabase, delay: float) -> dict[str, str]:
    env = {
        "DATABASE_URL": database.url,
        "DEBUG": "false",
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
        "BOT_DELAY_SECONDS": str(delay),
        "TASK_WORKER_INTERVAL": str(args.interval),
        "TASK_WORKER_THREADS": str(args.threads),
        "ABANDON_AFTER_SECONDS": "600",
    }
    if os.environ.get("REDIS_URL"):
        env.update(REDIS_URL=os.environ["REDIS_URL"], TASK_WORKER_IN_SERVER="false")
    else:  # the embedded default: the worker is a thread of the server (scripts/run-site)
        env.update(REDIS_URL="", TASK_WORKER_IN_SERVER="true")
    return env


def run_once(args, directory: Path, database: LiveDatabase, think: float, delay: float) -> None:
    env = stack_environment(args, database, delay)
    server = DaphneServer(env, log_path=directory / f"daphne-{think}.log")
    worker_count = args.workers if env["REDIS_URL"] else 0
    workers = [
        WorkerProcess(env, log_path=directory / f"worker-{think}-{n}.log", interval=args.interval)
        for n in range(worker_count)
    ]
    # WorkerProcess defaults the pause to 0 for tests; the benchmark measures the site's.
    for worker in workers:
        worker.env["BOT_DELAY_SECONDS"] = str(delay)
    started = time.monotonic()
    try:
        server.start(timeout=60)
        for worker in workers:
            worker.start(timeout=60)
        prefix = f"botlat{int(time.time())}-{think:g}-"
        matches = create_matches(server.env, args.matches, prefix=prefix, bot_level=args.level)
        played = asyncio.run(play(server, matches, args.seconds, think))
        figures = database_figures(server.env, [setup["match"] for setup in matches])
    finally:
        for worker in workers:
            worker.stop()
        server.stop()
    answers = figures["answers"]
    if not answers:  # no computer move at all: the worker is broken, not slow; say why
        for log in sorted(directory.glob("*.log")):
            print(f"--- the end of {log.name}:\n" + "\n".join(log.read_text().splitlines()[-15:]))
        raise SystemExit("the computer never moved: see the logs above")
    label = f"{think:g} s think, {delay:g} s pause" if think else f"flat out, {delay:g} s pause"
    p99 = percentile(answers, 0.99)
    print(
        f"{label}: {played} of {args.matches} matches played to the end of the run "
        f"({figures['finished']} finished), {len(answers)} computer moves in "
        f"{time.monotonic() - started:.0f} s; after the move that called for it "
        f"{milliseconds(answers)}, max {1000 * max(answers, default=float('nan')):.0f} ms; "
        f"p99 beyond the pause {1000 * (p99 - delay):.0f} ms"
    )
    print(
        f"  where it went: the worker's lag behind each turn's due time {milliseconds(figures['lags'])}; "
        f"the turn's run (decision, transaction, send) {milliseconds(figures['runs'])}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60, help="the paced run's length")
    parser.add_argument("--flat-out-seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=3.0, help="the player's pause (s)")
    parser.add_argument("--delay", type=float, default=DEFAULT_BOT_DELAY, help="the bot's pause")
    parser.add_argument(
        "--workers", type=int, default=2, help="worker processes (with REDIS_URL only)"
    )
    parser.add_argument("--threads", type=int, default=4, help="threads per worker process")
    parser.add_argument(
        "--interval",
        type=float,
        default=DEFAULT_INTERVAL,
        help="the workers' TASK_WORKER_INTERVAL (the longest an idle worker sleeps)",
    )
    parser.add_argument("--level", default="medium", help="the computer's level")
    parser.add_argument("--skip-flat-out", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        database = LiveDatabase(directory, os.environ.get("DATABASE_URL", ""))
        database.create()
        shape = (
            f"{args.workers} worker process(es) x {args.threads} thread(s), Redis"
            if os.environ.get("REDIS_URL")
            else "the worker a thread of the server, in-memory channel layer"
        )
        print(
            f"database {'PostgreSQL' if database.name else 'SQLite'}, {shape}, worker interval "
            f"{args.interval:g} s, {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.1f}"
        )
        try:
            run_once(args, directory, database, args.think, args.delay)
            if not args.skip_flat_out:
                flat = argparse.Namespace(**{**vars(args), "seconds": args.flat_out_seconds})
                run_once(flat, directory, database, 0.0, 0.05)
        finally:
            database.drop()


if __name__ == "__main__":
    main()
