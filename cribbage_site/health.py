"""``/healthz``: is this server able to serve games right now?

It checks the two things a game needs: the database answers a query, and the channel layer
carries a message (sent to a fresh channel and received back), which is what proves Redis works
when ``REDIS_URL`` is set. It also reports the task workers' leases (cribbage_site/worker_lease.py):
how many workers are alive and when one last checked in; with ``HEALTHZ_REQUIRE_WORKER`` none
alive is a failure too. Load balancers and docker-compose probe it; any failure is a 503.

It also reads the task queue: the oldest due task waiting longer than
``HEALTHZ_QUEUE_LATE_SECONDS`` fails the check as "queue" (workers alive but not keeping up).

The plain answer is public (the probe cannot authenticate), so it names only the failing
components, in one word each. ``/healthz?deep``, for operators (the metrics' token, or loopback
unforwarded: cribbage_site/metrics.py), gives every component's figures; even there a failure
names only the exception's class, since its text can hold a database host, user or URL. The
full error goes to the server's log, where the operator looks next.

It is served by ``cribbage_site.middleware.HealthCheckMiddleware``, whatever the Host header.

Anyone may call it, so its answer is kept for ``HEALTHZ_CACHE_SECONDS`` (2 s by default) per
process: a flood of probes costs one database query and one channel-layer round trip per
period, not one per request. Requests that arrive while a check runs wait for that check
instead of starting their own. A probe every few seconds, as load balancers send, still sees a
fresh answer.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache

CHANNEL_LAYER_TIMEOUT_SECONDS = 2.0
# What ``/healthz?server`` (the proxy's check) asks: the parts that differ between servers.
SERVER_COMPONENTS = ("database", "channel_layer")

logger = logging.getLogger(__name__)


def _failure(component: str, error: Exception, **extra: object) -> dict:
    """A failed check as the public body shows it; the detail is logged, never returned."""
    logger.error("healthz: the %s check failed", component, exc_info=error)
    return {"ok": False, **extra, "error": type(error).__name__}


def check_database() -> dict:
    """Run ``SELECT 1``; the vendor and the time it took, or the failure."""
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - any failure makes the server unhealthy
        return _failure("database", error)
    return {
        "ok": True,
        "vendor": connection.vendor,
        "ms": round((time.perf_counter() - started) * 1000, 2),
    }


async def _round_trip(layer) -> None:
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz.ping", "at": time.time()})
    message = await layer.receive(channel)
    if message.get("type") != "healthz.ping":
        raise RuntimeError("the channel layer returned a different message")


def check_channel_layer() -> dict:
    """Send a message to a fresh channel and read it back; the backend, time, or the failure."""
    layer = get_channel_layer()
    # The dotted path, as in CHANNEL_LAYERS: says which library really carries the messages.
    backend = f"{type(layer).__module__}.{type(layer).__qualname__}" if layer is not None else None
    if layer is None:
        return {"ok": False, "backend": None, "error": "no channel layer configured"}
    started = time.perf_counter()

    async def probe() -> None:
        await asyncio.wait_for(_round_trip(layer), CHANNEL_LAYER_TIMEOUT_SECONDS)

    try:
        async_to_sync(probe)()
    except Exception as error:  # noqa: BLE001 - any failure makes the server unhealthy
        return _failure("channel layer", error, backend=backend)
    return {"ok": True, "backend": backend, "ms": round((time.perf_counter() - started) * 1000, 2)}


def check_worker() -> dict:
    """When a task worker last renewed its lease, and how many hold a live one.

    A worker unseen for ``TASK_WORKER_LEASE_SECONDS``, or none at all, fails the check only
    with ``HEALTHZ_REQUIRE_WORKER`` (docker-compose.yml sets it): a server whose worker is its
    own thread, or a process started after it, must be able to answer 200 first.
    """
    from cribbage_site.worker_lease import worker_last_seen, workers_alive

    try:
        last_seen = worker_last_seen()
        alive = len(workers_alive())
    except Exception as error:  # noqa: BLE001 - the database check reports and logs the cause
        required = settings.HEALTHZ_REQUIRE_WORKER
        return {"ok": not required, "required": required, "error": type(error).__name__}
    age = None if last_seen is None else round((timezone.now() - last_seen).total_seconds(), 1)
    report: dict[str, object] = {
        "ok": alive > 0 or not settings.HEALTHZ_REQUIRE_WORKER,
        "required": settings.HEALTHZ_REQUIRE_WORKER,
        "alive": alive,
        "last_seen_seconds_ago": age,
    }
    if alive == 0:
        report["warning"] = "no worker has checked in" if age is None else "no worker is alive"
    return report


def check_queue() -> dict:
    """The task queue's figures; failing when its oldest due task is later than allowed.

    ``HEALTHZ_QUEUE_LATE_SECONDS`` (0: never failing). A queue that cannot be read does not
    fail here: the database check names that failure.
    """
    from cribbage_site.task_queue import task_queue_figures

    allowed = settings.HEALTHZ_QUEUE_LATE_SECONDS
    try:
        figures = task_queue_figures()
    except Exception as error:  # noqa: BLE001 - the database check reports and logs the cause
        return {"ok": True, "error": type(error).__name__}
    late = bool(allowed) and figures.oldest_due_seconds > allowed
    return {"ok": not late, "late_after_seconds": allowed, **figures.as_dict()}


def run_checks() -> dict:
    """Check every component now; the deep answer's body (the public one is a part of it)."""
    checks = {
        "database": check_database(),
        "channel_layer": check_channel_layer(),
        "worker": check_worker(),
        "queue": check_queue(),
    }
    failing = [name for name, report in checks.items() if not report["ok"]]
    return {
        "status": "unavailable" if failing else "ok",
        "failing": failing,
        **checks,
        "redis_configured": bool(settings.REDIS_URL),
    }


_lock = threading.Lock()
# (monotonic time it was taken, body) of the last check in this process.
_last: tuple[float, dict] | None = None


def forget_last_result() -> None:
    """Make the next request check again (tests that break a component call this)."""
    global _last
    with _lock:
        _last = None


def current_result() -> dict:
    """The last check's body while it is fresh, else a new check (one at a time)."""
    global _last
    with _lock:
        if _last is None or time.monotonic() - _last[0] >= settings.HEALTHZ_CACHE_SECONDS:
            _last = (time.monotonic(), run_checks())
        return _last[1]


def public_body(result: dict) -> dict:
    """What anyone may read: the status and the failing components' names, no figures."""
    return {"status": result["status"], "failing": result["failing"]}


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 when every component works, else 503 naming the failing ones ("worker", "queue",
    "database", "channel_layer"). ``?deep`` adds each component's figures, for operators only
    (cribbage_site.metrics.operator_allowed); anyone else asking for it gets a 404."""
    from cribbage_site.metrics import operator_allowed

    deep = "deep" in request.GET
    if deep and not operator_allowed(request):
        return HttpResponse("Not found", status=404, content_type="text/plain")
    result = current_result()
    if "server" in request.GET:
        return server_answer(result)
    body = result if deep else public_body(result)
    return JsonResponse(body, status=200 if result["status"] == "ok" else 503)


def server_answer(result: dict) -> JsonResponse:
    """``/healthz?server``: only what this server itself needs (its database connections and
    its channel layer), for the proxy choosing between servers. A dead worker or a late queue
    is the whole site's trouble, not this server's: taking every server out of the proxy for it
    would end the human matches that still work, so the proxy's check leaves it out."""
    failing = [name for name in result["failing"] if name in SERVER_COMPONENTS]
    body = {"status": "unavailable" if failing else "ok", "failing": failing}
    return JsonResponse(body, status=503 if failing else 200)
