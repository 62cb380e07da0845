"""One refusal, three renderings: a socket frame, a JSON body, a page, each built here only.

After HackSoft's ``exception_handlers.py``: services raise a :class:`SiteError` (a stable
``code``, a ``message`` for the person, an HTTP ``status``); consumers and views never build an
error's shape themselves, they hand the error to one of these. The shapes (docs/protocol.md):

- socket: ``{"type": "error", "code": ..., "message": ..., "action_id": ...}``, always with the
  ``action_id`` it answers (``null`` when the frame carried none);
- JSON: ``{"error": code, "message": ...}`` with the error's status;
- page: templates/site_error.html with the error's status (and ``Retry-After`` when it has one).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from kernel.errors import SiteError


def error_frame(error: SiteError, *, action_id: str | None = None) -> dict[str, Any]:
    """The socket frame of ``error``, answering the client action ``action_id``.

    >>> error_frame(SiteError("bad_card", "no such card"), action_id="a1")
    {'type': 'error', 'code': 'bad_card', 'message': 'no such card', 'action_id': 'a1'}
    """
    return {"type": "error", "code": error.code, "message": error.message, "action_id": action_id}


def error_frame_text(error: SiteError, *, action_id: str | None = None) -> str:
    """:func:`error_frame` as the text a socket sends."""
    return json.dumps(error_frame(error, action_id=action_id), separators=(",", ":"))


def error_json(error: SiteError, *, status: int | None = None) -> JsonResponse:
    """The JSON answer of ``error``: ``{"error": code, "message": ...}`` with its status."""
    response = JsonResponse(
        {"error": error.code, "message": error.message},
        status=error.status if status is None else status,
    )
    _retry_after(response, error)
    return response


def error_page(
    request: HttpRequest, error: SiteError, *, status: int | None = None
) -> HttpResponse:
    """The page of ``error``: what was refused and that nothing changed, with its status."""
    response = render(
        request,
        "site_error.html",
        {"error": error},
        status=error.status if status is None else status,
    )
    _retry_after(response, error)
    return response


def _retry_after(response: HttpResponse, error: SiteError) -> None:
    if error.retry_after is not None:
        response["Retry-After"] = str(error.retry_after)


def json_errors(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer any :class:`SiteError` a JSON view raises with :func:`error_json`."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except SiteError as error:
            return error_json(error)

    return wrapped


class SiteErrorMiddleware:
    """Any :class:`SiteError` that escapes a page's view becomes :func:`error_page` (a JSON
    view answers its own, through :func:`json_errors`), never a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, SiteError):
            return None
        return error_page(request, exception)
