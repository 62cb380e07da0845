"""A request id on every request, its log lines and its response (``X-Request-ID``).

A proxy in front may already have given the request an id (nginx's ``$request_id``, Caddy's
``{http.request.uuid}``): it is kept when it is a plain token, so one id follows the request
from the proxy's log to the site's; otherwise the site makes one. Every line logged while the
request is handled carries it (kernel/log_context.py), and one line says how it ended.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from kernel.log_context import log_context, request_id_from

HEADER = "X-Request-ID"
logger = logging.getLogger("cribbage_site.requests")


class RequestIdMiddleware:
    """First in ``MIDDLEWARE``: sets the request id for everything after it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_from(request.headers.get(HEADER))
        started = time.perf_counter()
        with log_context(request_id=request_id):
            response = self.get_response(request)
            logger.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "status": response.status_code,
                    "duration_ms": round(1000 * (time.perf_counter() - started), 1),
                },
            )
        response[HEADER] = request_id
        return response
