"""A clear 503 page, not a 500, when the rate limits cannot count (the cache is down).

The limits fail closed (accounts/throttle.py): logging in, making a guest or an account waits
until the cache is back. Any page that hits a limit may raise :class:`LimitsUnavailable`; this
middleware answers it with a page that says what happened and when to try again.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.throttle import LimitsUnavailable

RETRY_AFTER_SECONDS = 60


class LimitsUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, LimitsUnavailable):
            return None
        response = render(
            request, "accounts/limits_unavailable.html", {"message": exception.message}, status=503
        )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
