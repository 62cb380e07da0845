"""Signing a visitor in as a guest from any app's view, with a limit per client address.

Games' and the lobby's pages make a visitor a guest on the click that needs a player; they call
this rather than another app's view (views never import views). It knows people only.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

from accounts.services import guest_create
from accounts.throttle import Throttle
from kernel.addresses import client_address

BACKEND = "django.contrib.auth.backends.ModelBackend"


def safe_next(request: HttpRequest, fallback: str = "/") -> str:
    """The ``next`` target if it points at this site, else ``fallback`` (no open redirects)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def guest_throttle() -> Throttle:
    """New guests per client address: each is a user row, so a script must not make thousands.

    Generous (50 per 10 minutes by default) because a classroom or an office shares one
    address; settings ``GUEST_CREATIONS_PER_ADDRESS`` and ``GUEST_CREATION_WINDOW_SECONDS``.
    """
    return Throttle(
        "guest-address",
        getattr(settings, "GUEST_CREATIONS_PER_ADDRESS", 50),
        getattr(settings, "GUEST_CREATION_WINDOW_SECONDS", 600),
    )


def guest_sign_in(request: HttpRequest) -> HttpResponse | None:
    """Make the visitor a guest and log them in; or, if their address has made too many guests
    lately, the 429 page to return instead (nothing is created then)."""
    address = client_address(request)
    throttle = guest_throttle()
    if not throttle.hit(address):
        minutes = max(1, round(throttle.retry_after(address) / 60))
        response = render(
            request,
            "accounts/guest_throttled.html",
            {"minutes": minutes, "next": safe_next(request)},
            status=429,
        )
        response["Retry-After"] = str(throttle.retry_after(address))
        return response
    user = guest_create()
    login(request, user, backend=BACKEND)
    return None
