"""A player's ack latency while anonymous sockets try to starve the server's database thread.

Starts one Daphne process (production settings) on a fresh database (PostgreSQL when
DATABASE_URL points at it, else SQLite; Redis when REDIS_URL is set), seats scripted players in
a few matches (tests/support/match_client.py) and measures, for each action, the time from
sending it to its ``ack``. First alone, then beside ``--hostile`` anonymous sockets from one
address: half on the lobby sending ``refresh`` 20 times a second, half watching a match and
sending ``sync`` from 0 and from 1 nine times a second, each reconnecting at once when refused
or closed. Prints p50/p90/p99/max of the ack latency for both runs and what the hostile sockets
got (answers, refusals, closes). The promise (docs/performance.md): p99 under 100 ms.

    .venv/bin/python benchmarks/hostile_sockets.py --hostile 50 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")

import websockets  # noqa: E402

from tests.support.match_client import MatchClient, create_matches  # noqa: E402
from tests.support.servers import DaphneServer, LiveDatabase  # noqa: E402


class TimedPlayer(MatchClient):
    """A scripted player that notes when each of its acks arrives."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.ack_latencies: list[float] = []

    async def handle(self, frame: dict) -> None:
        if frame.get("type") == "ack" and frame["action_id"] in self.sent_at:
            self.ack_latencies.append(time.perf_counter() - self.sent_at.pop(frame["action_id"]))
        await super().handle(frame)


async def play_for(player: TimedPlayer, seconds: float) -> None:
    with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
        await player.play_until_over(timeout=seconds)


async def hostile(
    url: str, origin: str, frames: list[dict], per_second: float, until: float, tally
):
    """One anonymous socket sending ``frames`` in turn, reconnecting whenever it is closed."""
    while time.monotonic() < until:
        try:
            async with websockets.connect(url, additional_headers={"Origin": origin}) as socket:
                tally["connected"] += 1

                async def read() -> None:
                    async for text in socket:
                        frame = json.loads(text)
                        tally[frame.get("code") or frame["type"]] += 1

                reader = asyncio.get_running_loop().create_task(read())
                try:
                    while time.monotonic() < until and not reader.done():
                        await socket.send(json.dumps(random.choice(frames)))
                        await asyncio.sleep(1 / per_second)
                finally:
                    reader.cancel()
            tally["closed"] += 1
        except (OSError, websockets.WebSocketException):
            tally["refused"] += 1
            await asyncio.sleep(0.05)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return f"only {len(values)} acks"
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100)
    return (
        f"{len(values)} acks: p50 {cut[49] * 1000:.0f} ms, p90 {cut[89] * 1000:.0f} ms, "
        f"p99 {cut[98] * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"
    )


async def hostile_crowd(ws_url: str, origin: str, watched: int, count: int, seconds: float):
    until = time.monotonic() + seconds
    tally: Counter = Counter()
    attacks = []
    for index in range(count):
        if KIND == "lobby" or (KIND == "both" and index % 2):
            url, frames, rate = f"{ws_url}/ws/lobby/", [{"type": "refresh"}], 20
        else:
            url, rate = f"{ws_url}/ws/matches/{watched}/", 9
            frames = [{"type": "sync", "seq": 0}, {"type": "sync", "seq": 1}]
        attacks.append(hostile(url, origin, frames, rate, until, tally))
    await asyncio.gather(*attacks)
    return tally


KIND = os.environ.get("HOSTILE_KIND", "both")  # "lobby", "match" or "both" (a diagnostic)


def hostile_process(ws_url, origin, watched, count, seconds, results) -> None:
    """The attackers run in a process of their own, as they would on machines of their own:
    in the players' process their busy loop would delay the players' clients, not the server."""
    results.put(dict(asyncio.run(hostile_crowd(ws_url, origin, watched, count, seconds))))


async def run(server: DaphneServer, matches: list[dict], *, hostile_count: int, seconds: float):
    players = [
        TimedPlayer(
            server.ws_url, setup["match"], setup["sessions"][seat], origin=server.url, think=0.15
        )
        for setup in matches[1:]
        for seat in (0, 1)
    ]
    await asyncio.gather(*(player.connect(timeout=30) for player in players))
    results: multiprocessing.Queue = multiprocessing.Queue()
    attackers = multiprocessing.Process(
        target=hostile_process,
        args=(server.ws_url, server.url, matches[0]["match"], hostile_count, seconds, results),
    )
    if hostile_count:
        attackers.start()
        await asyncio.sleep(2)  # let them reach their steady state first
    await asyncio.gather(*(play_for(player, seconds - 4) for player in players))
    tally = Counter()
    if hostile_count:
        tally.update(await asyncio.get_running_loop().run_in_executor(None, results.get))
        attackers.join()
    for player in players:
        await player.close()
    return [value for player in players for value in player.ack_latencies], tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hostile", type=int, default=50)
    parser.add_argument("--players", type=int, default=2, help="matches of two scripted players")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        env = {
            "DATABASE_URL": database.url,
            "DEBUG": "false",
            "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "ERROR",
            "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
        }
        if os.environ.get("REDIS_URL"):
            env["REDIS_URL"] = os.environ["REDIS_URL"]
        server = DaphneServer(env, log_path=Path(directory) / "daphne.log").start(timeout=60)
        print(
            f"database {'PostgreSQL' if database.name else 'SQLite'}, channel layer "
            f"{'Redis' if env.get('REDIS_URL') else 'in-memory'}, {os.cpu_count()} CPUs, "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        try:
            for hostile_count in (0, args.hostile):
                # Fresh matches each run; the first is the one the hostile sockets watch, played
                # a few moves in so that a sync from 0 or 1 has events to replay.
                matches = create_matches(
                    server.env,
                    args.players + 1,
                    prefix=f"hostile{hostile_count}-{int(time.time())}-",
                    options={"match_target": 7},
                )
                cpu_before, wall_before = cpu_seconds(server.process.pid), time.monotonic()
                latencies, tally = asyncio.run(
                    run(server, matches, hostile_count=hostile_count, seconds=args.seconds)
                )
                busy = (cpu_seconds(server.process.pid) - cpu_before) / (
                    time.monotonic() - wall_before
                )
                print(
                    f"{hostile_count} hostile sockets: {percentiles(latencies)}; "
                    f"server CPU {busy:.0%} of one core"
                )
                if hostile_count:
                    print(f"  hostile sockets got: {dict(tally.most_common())}")
        finally:
            server.stop()
            log = (Path(directory) / "daphne.log").read_text(errors="replace").splitlines()
            if log:
                print("server log (last lines):", *log[-15:], sep="\n  ")
            database.drop()


if __name__ == "__main__":
    main()
