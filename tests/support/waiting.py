"""Waiting on a condition instead of sleeping a fixed time: the one place the suite polls.

A test that needs something to have happened asks for it here, with a deadline that only bounds
a failure; on a quiet machine the wait ends as soon as the condition holds, on a loaded one it
stretches as far as it must (a fixed sleep is too long on the first and too short on the second).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

POLL_SECONDS = 0.01


def wait_until(
    condition: Callable[[], T], *, timeout: float, message: str = "", every: float = POLL_SECONDS
) -> T:
    """Call ``condition`` until it returns something true, and return that; AssertionError
    (naming ``message``) when ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    while True:
        answer = condition()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting: {message}; last {answer!r}")
        time.sleep(every)


async def until(
    condition: Callable[[], T], *, timeout: float, message: str = "", every: float = POLL_SECONDS
) -> T:
    """:func:`wait_until` on an event loop: the loop runs other tasks between the checks."""
    deadline = time.monotonic() + timeout
    while True:
        answer = condition()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting: {message}; last {answer!r}")
        await asyncio.sleep(every)
