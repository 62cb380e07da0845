"""Limits on making accounts and on sending password-reset mail, and the page that says so.

Each sign-up is a user row and each reset request an e-mail the site sends in its own name: a
script could make thousands of accounts from one address, or flood one person's inbox (and the
site's mail reputation) with reset mail. Sign-ups are counted per client address; reset mail per
address and per e-mail address asked for, whether or not an account has it, so the limit says
nothing about who has an account. The counters are the shared ``Throttle`` (accounts/throttle.py).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.throttle import Throttle


def signup_throttle() -> Throttle:
    """New accounts per client address: 10 an hour (a family or a classroom shares one)."""
    return Throttle(
        "signup-address",
        getattr(settings, "SIGNUPS_PER_ADDRESS", 10),
        getattr(settings, "SIGNUP_WINDOW_SECONDS", 3600),
    )


def password_reset_throttles() -> tuple[Throttle, Throttle]:
    """Reset mail per client address (10 an hour) and per e-mail address (3 an hour)."""
    window = getattr(settings, "PASSWORD_RESET_WINDOW_SECONDS", 3600)
    return (
        Throttle("reset-address", getattr(settings, "PASSWORD_RESETS_PER_ADDRESS", 10), window),
        Throttle("reset-email", getattr(settings, "PASSWORD_RESETS_PER_EMAIL", 3), window),
    )


def first_refusal(hits: list[tuple[Throttle, str]]) -> tuple[Throttle, str] | None:
    """Count one hit on each (throttle, key) in order; the first that is over its limit, if any.

    Stops at the first refusal, so a request refused per address uses none of the e-mail's.
    """
    for throttle, key in hits:
        if not throttle.hit(key):
            return throttle, key
    return None


def too_many_page(
    request: HttpRequest, *, title: str, message: str, throttle: Throttle, key: str
) -> HttpResponse:
    """The 429 page: what was refused and how long to wait (also in ``Retry-After``)."""
    seconds = throttle.retry_after(key)
    minutes = max(1, round(seconds / 60))
    response = render(
        request,
        "accounts/too_many.html",
        {"title": title, "message": message, "minutes": minutes},
        status=429,
    )
    response["Retry-After"] = str(max(1, seconds))
    return response
