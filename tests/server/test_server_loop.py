"""The fast path of kernel/server_loop.py: a worker thread finds the server's event loop.

``server_loop`` reads where asgiref's ``SyncToAsync`` records the loop that called it, which is
not a public API. If an asgiref upgrade moves it, every broadcast and bot turn quietly falls
back to waiting on the loop (the slow path docs/performance.md measured); these tests fail then.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from kernel.server_loop import server_loop, start_on_server_loop


# database_sync_to_async closes stale connections around the call, so it needs the database.
@pytest.mark.django_db(transaction=True)
async def test_a_worker_thread_of_database_sync_to_async_finds_the_running_loop():
    found = await database_sync_to_async(server_loop)()
    assert found is asyncio.get_running_loop()


async def test_a_thread_sensitive_and_a_free_worker_thread_both_find_it():
    loop = asyncio.get_running_loop()
    assert await sync_to_async(server_loop)() is loop
    assert await sync_to_async(server_loop, thread_sensitive=False)() is loop


@pytest.mark.django_db(transaction=True)
async def test_work_handed_over_from_a_worker_thread_runs_on_the_loop_without_waiting():
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    ran_on: list[asyncio.AbstractEventLoop] = []

    async def work() -> None:
        ran_on.append(asyncio.get_running_loop())
        done.set()

    def in_worker_thread() -> bool:
        return start_on_server_loop(work, what="a test's work")

    assert await database_sync_to_async(in_worker_thread)() is True
    await asyncio.wait_for(done.wait(), 5)
    assert ran_on == [loop]


def test_plain_synchronous_code_has_no_server_loop_and_does_the_work_itself():
    started = start_on_server_loop(lambda: None, what="never started")  # type: ignore[arg-type, return-value]
    assert server_loop() is None
    assert started is False
