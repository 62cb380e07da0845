"""Load test of real-time play: N concurrent matches of scripted players over real websockets.

Starts Daphne process(es) on a fresh database (PostgreSQL when DATABASE_URL points at it, else
SQLite) with Redis as the channel layer when REDIS_URL is set, creates N started matches, and
lets 2N scripted players (tests/support/match_client.py: the protocol as the page speaks it)
play for a fixed time. Prints actions per second, the latency from an action's send to the
opponent's receipt of its last event (p50/p90/p99/max, and the p99 of each 5 s of the run, which
shows bursts), and errors (must be zero). Paced matches start spread over one hand's time and
are measured after that warm-up, as on a live site; ``--together`` starts them all at once.

Then runs the same shape of load against a bare relay consumer (benchmarks/echo_consumer.py: websocket ->
channel layer -> websocket, no database, no rules) for the framework's ceiling on this stack,
and prints the ratio.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/ws_load.py --matches 200 --seconds 30 [--think 1 3 5]

Results and the machine they came from go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
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


@contextlib.contextmanager
def client_without_collector_pauses():
    """Keep the benchmark client's garbage collector from pausing it during a run.

    The 400 players share this one process (on a live site each is a browser of its own), and
    everything they receive is kept, so a full collection here came to stop them all for 30 to
    115 ms, stamping late every frame that arrived meanwhile: latency the server did not cause.
    Reference counting still frees what the run drops; the collector runs once afterwards.
    """
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


def server_env(database: LiveDatabase, *, echo: bool) -> dict[str, str]:
    """Production-like settings: DEBUG off (no query log), real secret, no HTTPS redirect."""
    env = {
        "DATABASE_URL": database.url,
        "DEBUG": "false",
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
        "BENCHMARK_ECHO": "true" if echo else "false",
        # The site's own settings (the password hasher included), not the tests' faster ones.
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env


def process_cpu_seconds(
    name_fragments: tuple[str, ...], pids: set[int]
) -> dict[tuple[str, int], float]:
    """CPU seconds (user + system) used so far, from /proc, per (process kind, pid).

    ``pids`` are our Daphne processes; the others are found by their command name, so
    PostgreSQL's per-connection backends and Redis are counted too. Linux only: elsewhere the
    result is empty and the report leaves the breakdown out.
    """
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    usage: dict[tuple[str, int], float] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        command = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / ticks
        pid = int(entry.name)
        if pid in pids:
            kind = "daphne"
        elif pid == os.getpid():
            kind = "client"
        else:
            kind = next((name for name in name_fragments if command.startswith(name)), "")
        if kind:
            usage[kind, pid] = seconds
    return usage


CPU_KINDS = ("postgres", "redis-server")


def cpu_report(
    before: dict[tuple[str, int], float], after: dict[tuple[str, int], float], count: int
) -> str:
    """Milliseconds of CPU per action (or message), by process kind and in all.

    A process that ended in between (a PostgreSQL backend) is left out: its time is unknown.
    """
    if not after:
        return "CPU breakdown unavailable (no /proc)"
    parts: dict[str, float] = {}
    for (kind, pid), seconds in after.items():
        parts[kind] = parts.get(kind, 0.0) + seconds - before.get((kind, pid), 0.0)
    total = sum(parts.values())
    shown = ", ".join(
        f"{kind} {1000 * seconds / max(count, 1):.2f}" for kind, seconds in sorted(parts.items())
    )
    return f"CPU ms each: {shown}; all {1000 * total / max(count, 1):.2f}"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(name: str, count: int, seconds: float, latencies: list[float], errors: int) -> float:
    rate = count / seconds
    ms = [value * 1000 for value in latencies] or [float("nan")]
    print(
        f"{name}: {count} in {seconds:.1f} s = {rate:.0f}/s; latency ms p50 {percentile(ms, 0.5):.1f} "
        f"p90 {percentile(ms, 0.9):.1f} p99 {percentile(ms, 0.99):.1f} max {max(ms):.1f}; errors {errors}"
    )
    return rate


# A hand is about ten moves a match (two discards, eight cards, the odd go), so with players
# starting at random moments over ten think times, the matches are spread over a whole hand.
HAND_MOVES = 10


async def run_matches(
    servers: list[DaphneServer],
    matches: list[dict],
    seconds: float,
    think: float,
    *,
    together: bool = False,
) -> float:
    """Play ``matches`` for ``seconds`` and report; paced runs measure a steady state.

    On a live site matches are at every stage at once. So each paced match starts at a random
    moment within one hand's time, and only actions sent after that warm-up count. With
    ``together`` every match starts at the same instant (a tournament round): 400 first
    discards within a second or so, the worst burst the site can see.
    """
    warm_up = 0.0 if together or not think else HAND_MOVES * think
    players: list[tuple[MatchClient, MatchClient]] = []
    for index, setup in enumerate(matches):
        pair = []
        for seat in (0, 1):
            server = servers[(index + seat) % len(servers)]  # with two servers, seats split
            pair.append(
                MatchClient(
                    server.ws_url,
                    setup["match"],
                    setup["sessions"][seat],
                    origin=server.url,
                    think=think,
                )
            )
        players.append(tuple(pair))
    everyone = [player for pair in players for player in pair]
    await asyncio.gather(*(player.connect(timeout=60) for player in everyone))
    server_pids = {server.process.pid for server in servers}
    began = time.perf_counter()
    started = began + warm_up
    finished = 0

    async def play(player: MatchClient, delay: float) -> None:
        nonlocal finished
        await asyncio.sleep(delay)
        try:
            await player.play_until_over(timeout=warm_up + seconds - delay)
            finished += 1
        except TimeoutError:
            pass

    async def cpu_at_start() -> dict[tuple[str, int], float]:
        await asyncio.sleep(warm_up)
        return process_cpu_seconds(CPU_KINDS, server_pids)

    delays = [random.uniform(0, warm_up) for _ in players]
    cpu_before, *_ = await asyncio.gather(
        cpu_at_start(),
        *(play(player, delays[index]) for index, pair in enumerate(players) for player in pair),
    )
    elapsed = time.perf_counter() - started
    cpu_after = process_cpu_seconds(CPU_KINDS, server_pids)
    latencies, actions = [], 0
    by_window: dict[int, list[float]] = {}
    for pair in players:
        for me, other in (pair, pair[::-1]):
            for action_id, sent in me.sent_at.items():
                seq = me.acked.get(action_id)
                if seq is None or sent < started:
                    continue
                actions += 1
                if seq in other.received_at:
                    latencies.append(other.received_at[seq] - sent)
                    window = by_window.setdefault(int((sent - started) // 5), [])
                    window.append(1000 * latencies[-1])
    errors = sum(len(player.errors) for player in everyone)
    throttled = sum(player.throttled for player in everyone)
    sent: dict[str, int] = {}
    for player in everyone:
        for kind, count in player.sent_types.items():
            sent[kind] = sent.get(kind, 0) + count
    print(f"  frames sent by type: {sent}")
    windows = [f"{percentile(by_window[w], 0.99):.0f}" for w in sorted(by_window)]
    print(f"  p99 ms of each 5 s: {' '.join(windows)}")
    codes = Counter(error.get("code") for player in everyone for error in player.errors)
    if codes:
        print(f"  errors by code: {dict(codes)}")
        example = next(player for player in everyone if player.errors)
        print(f"  e.g. seat {example.seat} of match {example.match_id}: {example.errors[0]}")
    await asyncio.gather(*(player.close() for player in everyone))
    label = f"match actions, {think:g} s think time" if think else "match actions, flat out"
    if think and together:
        label += ", all starting together"
    elif think:
        label += f" (after a {warm_up:g} s warm-up)"
    print(f"  {len(matches)} matches, {finished // 2} finished, {throttled} rate-limited resends")
    # The scripted players share the machine with the server: say what each part costs.
    print(f"  {cpu_report(cpu_before, cpu_after, actions)}")
    return report(label, actions, elapsed, latencies, errors)


async def run_echo(servers: list[DaphneServer], pairs: int, seconds: float) -> float:
    """Each pair of connections shares a room and bounces a message back and forth."""
    latencies: list[float] = []
    count = 0
    errors = 0
    deadline = time.perf_counter() + seconds

    async def pair(index: int) -> None:
        nonlocal count, errors
        sockets = []
        for seat in (0, 1):
            server = servers[(index + seat) % len(servers)]
            sockets.append(
                await websockets.connect(
                    f"{server.ws_url}/ws/echo/{index}/", additional_headers={"Origin": server.url}
                )
            )
        await asyncio.sleep(0.5)  # let every pair connect before the clock matters
        turn = 0
        while time.perf_counter() < deadline:
            sender, receiver = sockets[turn], sockets[1 - turn]
            sent = time.perf_counter()
            payload = json.dumps(
                {"type": "play", "card": "7C", "action_id": f"e{count}", "t": sent}
            )
            await sender.send(payload)
            try:
                while True:  # the relay reaches both; the sender's own copy is read later
                    await asyncio.wait_for(receiver.recv(), 5)
                    break
            except TimeoutError:
                errors += 1
                break
            latencies.append(time.perf_counter() - sent)
            count += 1
            try:  # the sender's own copy of the relay, read before it waits for the reply
                await asyncio.wait_for(sender.recv(), 5)
            except TimeoutError:
                errors += 1
                break
            turn = 1 - turn
        for sock in sockets:
            await sock.close()

    server_pids = {server.process.pid for server in servers}
    cpu_before = process_cpu_seconds(CPU_KINDS, server_pids)
    started = time.perf_counter()
    await asyncio.gather(*(pair(index) for index in range(pairs)))
    elapsed = time.perf_counter() - started
    print(f"  {cpu_report(cpu_before, process_cpu_seconds(CPU_KINDS, server_pids), count)}")
    return report("echo messages", count, elapsed, latencies, errors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--servers", type=int, default=1, help="Daphne processes (more than 1 needs REDIS_URL)"
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[1.0],
        help="seconds a player waits before each move: one paced run per value",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="start every paced match at the same instant instead of spread over a hand",
    )
    parser.add_argument("--skip-echo", action="store_true")
    args = parser.parse_args()
    if args.servers > 1 and not os.environ.get("REDIS_URL"):
        parser.error("more than one server needs REDIS_URL")

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        print(
            f"database {'PostgreSQL' if database.name else 'SQLite'}, channel layer "
            f"{'Redis' if os.environ.get('REDIS_URL') else 'in-memory'}, {args.servers} Daphne process(es), "
            f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
        )
        try:
            for echo in [False] if args.skip_echo else [False, True]:
                env = server_env(database, echo=echo)
                servers = [
                    DaphneServer(env, log_path=Path(directory) / f"daphne-{echo}-{n}.log")
                    for n in range(args.servers)
                ]
                for server in servers:
                    server.start(timeout=60)
                try:
                    if echo:
                        with client_without_collector_pauses():
                            echo_rate = asyncio.run(run_echo(servers, args.matches, args.seconds))
                    else:
                        # Paced like people (latency under a realistic load), then flat out (the
                        # most actions per second, compared with the echo ceiling); ``--think 0``
                        # runs flat out once.
                        for think in dict.fromkeys([*args.think, 0.0]):
                            started = time.perf_counter()
                            prefix = f"bench{int(started)}-{think:g}-"
                            matches = create_matches(servers[0].env, args.matches, prefix=prefix)
                            took = time.perf_counter() - started
                            print(f"  created {len(matches)} matches in {took:.1f} s")
                            with client_without_collector_pauses():
                                match_rate = asyncio.run(
                                    run_matches(
                                        servers,
                                        matches,
                                        args.seconds,
                                        think,
                                        together=args.together,
                                    )
                                )
                finally:
                    for server in servers:
                        server.stop()
        finally:
            database.drop()
    if not args.skip_echo:
        print(f"flat out: match actions / echo messages = {match_rate / echo_rate:.2f}")


if __name__ == "__main__":
    main()
