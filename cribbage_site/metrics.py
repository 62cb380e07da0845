"""``/metrics``: the Prometheus endpoint, closed to the public, and the site-wide collectors.

Each Daphne process answers with its own instruments (kernel/metrics.py: actions, latency,
sockets, broadcast retries, and task run times when its worker is a thread of its own) followed
by figures read from the database at scrape time (:class:`SiteCollector`): matches in play by
kind, the task queue, the workers' check-ins, and this process's database pool. A worker
process serves its own instruments on ``WORKER_METRICS_PORT`` (cribbage_site/worker.py).

Who may read it (:func:`operator_allowed`, also used by ``/healthz?deep``): with
``METRICS_TOKEN`` set, a request carrying ``Authorization: Bearer <token>``; without one, a
request from loopback that no proxy forwarded (a proxy on the same host connects from loopback
too, and adds ``X-Forwarded-For``). Anyone else gets a plain 404, as for a page that does not
exist. The proxy in front refuses ``/metrics`` as well (deploy/Caddyfile).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from collections.abc import Iterator

from django.conf import settings
from django.db import connection
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from kernel.metrics import REGISTRY

logger = logging.getLogger(__name__)

# Figures of psycopg_pool's ``get_stats()`` exported, and what each means.
POOL_FIGURES = {
    "pool_size": "Connections the pool holds now (in use and idle).",
    "pool_available": "Idle connections ready to be handed out.",
    "requests_waiting": "Requests waiting for a connection now.",
    "requests_num": "Connections asked for since the pool opened.",
    "requests_errors": "Requests that got no connection (timeout, pool closed).",
    "connections_errors": "Failed attempts to open a connection to the database.",
    "connections_lost": "Connections found broken by the pool's check.",
    "usage_ms": "Milliseconds connections were in use, in total.",
}


def operator_allowed(request: HttpRequest) -> bool:
    """Whether ``request`` may read the operators' figures (metrics, the deep health check)."""
    token = settings.METRICS_TOKEN
    if token:
        offered = request.headers.get("Authorization", "")
        return hmac.compare_digest(offered.encode(), f"Bearer {token}".encode())
    if "X-Forwarded-For" in request.headers or "Forwarded" in request.headers:
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


class SiteCollector(Collector):
    """Figures read from the database at each scrape; a failing read is logged and skipped."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        for read in (self._matches, self._task_queue, self._workers, self._pool):
            try:
                yield from read()
            except Exception:  # noqa: BLE001 - a scrape shows what it can; /healthz says why
                logger.exception("metrics: %s failed", read.__name__)

    @staticmethod
    def _matches() -> Iterator[GaugeMetricFamily]:
        from games.models import Match, Seat

        family = GaugeMetricFamily(
            "cribbage_active_matches",
            "Matches in play, by seats, rated, and whether the computer plays a seat.",
            labels=["players", "rated", "computer"],
        )
        rows = (
            Match.objects.filter(status=Match.Status.ACTIVE)
            .annotate(computer=Exists(Seat.objects.filter(match=OuterRef("pk"), is_bot=True)))
            .values_list("players", "rated", "computer")
        )
        counts: dict[tuple[str, str, str], int] = {}
        for players, rated, computer in rows.iterator():
            key = (str(players), str(rated).lower(), str(computer).lower())
            counts[key] = counts.get(key, 0) + 1
        for key, count in sorted(counts.items()):
            family.add_metric(list(key), count)
        yield family

    @staticmethod
    def _task_queue() -> Iterator[GaugeMetricFamily]:
        from cribbage_site.task_queue import task_queue_figures

        figures = task_queue_figures()
        depth = GaugeMetricFamily(
            "cribbage_task_queue_depth",
            "Durable tasks by state: due (waiting for a worker), scheduled (later), running.",
            labels=["state"],
        )
        for state in ("due", "scheduled", "running"):
            depth.add_metric([state], getattr(figures, state))
        yield depth
        yield GaugeMetricFamily(
            "cribbage_task_queue_oldest_due_seconds",
            "How long the oldest due task has waited (0 when none is due).",
            value=figures.oldest_due_seconds,
        )

    @staticmethod
    def _workers() -> Iterator[GaugeMetricFamily]:
        from cribbage_site.worker_lease import worker_last_seen, workers_alive

        yield GaugeMetricFamily(
            "cribbage_workers_alive",
            "Workers whose lease (last check-in) has not lapsed.",
            value=len(workers_alive()),
        )
        last_seen = worker_last_seen()
        if last_seen is not None:
            yield GaugeMetricFamily(
                "cribbage_worker_last_checkin_age_seconds",
                "Seconds since any worker last checked in.",
                value=(timezone.now() - last_seen).total_seconds(),
            )

    @staticmethod
    def _pool() -> Iterator[GaugeMetricFamily]:
        pool = getattr(connection, "pool", None) if connection.vendor == "postgresql" else None
        yield GaugeMetricFamily(
            "cribbage_database_pool_enabled",
            "1 when this process takes connections from a psycopg_pool (PostgreSQL), else 0 "
            "(SQLite: one connection per thread, no pool figures).",
            value=1 if pool is not None else 0,
        )
        if pool is None:
            return
        stats = pool.get_stats()
        for name, help_text in POOL_FIGURES.items():
            yield GaugeMetricFamily(
                f"cribbage_database_pool_{name}", help_text, value=stats.get(name, 0)
            )


SITE_REGISTRY = CollectorRegistry(auto_describe=False)
SITE_REGISTRY.register(SiteCollector())


def metrics_text() -> bytes:
    """This process's instruments, then the site's figures, in Prometheus' text format."""
    return generate_latest(REGISTRY) + generate_latest(SITE_REGISTRY)


@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """The exposition for a scraper allowed in; a plain 404 for anyone else."""
    if not operator_allowed(request):
        return HttpResponse("Not found", status=404, content_type="text/plain")
    return HttpResponse(metrics_text(), content_type=CONTENT_TYPE_LATEST)
