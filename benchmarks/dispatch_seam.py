"""The direct dispatch seam (kernel/direct_dispatch.py) against the Channels dispatch it
replaces, in one run on one machine: per message, the event loop's wall time for Channels'
``AsyncConsumer.dispatch`` (the handler lookup, then ``aclose_old_connections`` in the database
thread, then the handler) and for ``handler_for`` (the lookup and the handler).

The database thread is Django's one thread-sensitive thread, shared with every other sync call of
the process, so a busy server queues this hop behind real work: ``--busy`` keeps that thread
occupied with short sync calls meanwhile, as actions on SQLite do.

    python benchmarks/dispatch_seam.py --messages 5000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--busy", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-0123456789-abcdefghijklmnop")
    import django

    django.setup()
    asyncio.run(run(args))


async def run(args: argparse.Namespace) -> None:
    from asgiref.sync import sync_to_async
    from channels.consumer import AsyncConsumer

    from kernel.direct_dispatch import handler_for

    class Consumer(AsyncConsumer):
        async def match_event(self, message) -> None:
            return None

    consumer = Consumer()
    message = {"type": "match.event"}

    async def channels_way() -> None:
        await consumer.dispatch(message)

    async def direct_way() -> None:
        await handler_for(consumer, message)(message)

    stop = asyncio.Event()

    async def keep_the_database_thread_busy() -> None:
        work = sync_to_async(lambda: time.sleep(0.0005), thread_sensitive=True)
        while not stop.is_set():
            await work()

    busy = asyncio.create_task(keep_the_database_thread_busy()) if args.busy else None
    results: dict[str, list[float]] = {"channels dispatch": [], "direct dispatch": []}
    for _ in range(args.rounds):  # interleaved, so a load that changes affects both alike
        for name, way in (("channels dispatch", channels_way), ("direct dispatch", direct_way)):
            started = time.perf_counter()
            for _ in range(args.messages):
                await way()
            results[name].append((time.perf_counter() - started) / args.messages * 1e6)
    stop.set()
    if busy is not None:
        await busy
    print(f"{args.messages} messages x {args.rounds} rounds, busy database thread: {args.busy}")
    for name, runs in results.items():
        each = ", ".join(f"{value:.1f}" for value in runs)
        print(f"{name}: median {statistics.median(runs):.1f} us a message (rounds: {each})")


if __name__ == "__main__":
    main()
