"""The site's Prometheus metrics: one registry per process, and the instruments that feed it.

Each process (a Daphne server, a worker) counts what it does itself: actions applied, how long
they took from the service's start to the commit and to the channel layer's acceptance of the
first broadcast, open sockets by consumer, broadcast retries, task run times. Figures that
belong to the whole site (matches in play, the task queue, workers' check-ins, the database
pool) are read at scrape time by collectors the composition root registers
(cribbage_site/metrics.py), so no process keeps a count another process would have to
decrement. docs/operations.md, "Metrics", says how to scrape several processes.

The kernel owns the instruments so that its own seams (sending, the socket base) and the apps
above can record into them without importing the composition root.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import (
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    PROCESS_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
)

# Not prometheus_client's global registry: tests and the worker register collectors of their
# own, and this one holds exactly what /metrics exposes.
REGISTRY = CollectorRegistry(auto_describe=True)
for _collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
    REGISTRY.register(_collector)

# People act every few seconds; a bot's move or a resend is a few milliseconds; a busy
# database makes it hundreds.
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

ACTIONS = Counter(
    "cribbage_actions",
    "Actions handled by the action service, by outcome (applied, duplicate, refused).",
    ["outcome"],
    registry=REGISTRY,
)
ACTION_LATENCY = Histogram(
    "cribbage_action_latency_seconds",
    "From the action service's start to the commit (stage=committed) and to the channel "
    "layer accepting its first broadcast (stage=sent).",
    ["stage"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
OPEN_SOCKETS = Gauge(
    "cribbage_open_sockets",
    "Websockets open in this process, by consumer.",
    ["kind"],
    registry=REGISTRY,
)
BROADCAST_RETRIES = Counter(
    "cribbage_broadcast_retries",
    "Group sends the channel layer refused and that were tried again (kernel/sending.py).",
    registry=REGISTRY,
)
BROADCASTS_LOST = Counter(
    "cribbage_broadcasts_lost",
    "Group sends given up after the retry window.",
    registry=REGISTRY,
)
TASK_RUN_TIME = Histogram(
    "cribbage_task_run_seconds",
    "Durable tasks run by this process's worker, by task and outcome.",
    ["task", "outcome"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
WORKER_CHECKINS = Counter(
    "cribbage_worker_checkins",
    "Heartbeats this process's worker wrote (its lease renewals), by outcome.",
    ["outcome"],
    registry=REGISTRY,
)

# The action being handled in this context: its start, and whether a send has already been
# timed for it (an action's commit may broadcast to several groups; its first send counts).
_action: contextvars.ContextVar[list | None] = contextvars.ContextVar("action", default=None)


@contextmanager
def action_timing() -> Iterator[float]:
    """Mark the code inside as one action's handling; yields its start (``perf_counter``)."""
    started = time.perf_counter()
    token = _action.set([started, False])
    try:
        yield started
    finally:
        _action.reset(token)


def action_send_claim() -> float | None:
    """The start of the action this context handles, the first time a send asks; else None."""
    action = _action.get()
    if action is None or action[1]:
        return None
    action[1] = True
    return action[0]


def socket_kind(consumer: object) -> str:
    """The ``kind`` label of a consumer's sockets: its class name less "Consumer"."""
    name = type(consumer).__name__
    return (name.removesuffix("Consumer") or name).lower()


# Series that exist from the start (at 0), so a rate over them is 0, not "no data".
for _outcome in ("applied", "duplicate", "refused"):
    ACTIONS.labels(outcome=_outcome)
for _stage in ("committed", "sent"):
    ACTION_LATENCY.labels(stage=_stage)
for _outcome in ("ok", "failed"):
    WORKER_CHECKINS.labels(outcome=_outcome)
