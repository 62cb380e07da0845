"""Middleware of the site's own.

:class:`HealthCheckMiddleware` answers ``/healthz`` before anything looks at the ``Host``
header. Container health checks (Dockerfile, docker-compose.yml) and load balancers probe
``http://127.0.0.1:8000/healthz``, a host that production's ``ALLOWED_HOSTS`` rightly does not
list; going through the rest of the stack, ``CommonMiddleware`` would call
``request.get_host()`` and answer 400, so every replica would be marked unhealthy. Answering the
probe here, first in ``MIDDLEWARE``, keeps ``ALLOWED_HOSTS`` strict for every other path
without listing internal addresses (which change per container) in it. ``/metrics`` is
answered here for the same reason: Prometheus scrapes each replica by its internal address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from cribbage_site import health, metrics

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"


class HealthCheckMiddleware:
    """Serve ``/healthz`` and ``/metrics`` whatever the Host header; pass every other request on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == HEALTH_PATH:
            return health.healthz(request)
        if request.path == METRICS_PATH:
            return metrics.metrics(request)
        return self.get_response(request)
