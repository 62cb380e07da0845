"""The Content-Security-Policy header: the page may load and run only what the site serves.

The templates have no inline scripts or styles and the pages fetch nothing from elsewhere, so
the policy is strict: everything from the site's own origin, websockets to the site's own host,
no plugins, no framing, forms only to the site. An injected ``<script>`` (inline or from
another origin) would not run, whatever a template bug let through.

Why a middleware of our own, not django-csp: the one thing that varies is the websocket origin
(``ws://host`` or ``wss://host``, from the request itself, so it follows the Host the person
used), and the rest is a constant; these lines do that without a dependency and its settings.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"
BASE_POLICY = (
    "default-src 'self'",
    "img-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)


def content_security_policy(request: HttpRequest) -> str:
    """The policy for ``request``'s page: ``connect-src`` names the site's own websocket origin.

    ('self' covers ws:// and wss:// on the same host in CSP Level 3, but not in every browser
    yet, so the origin is written out.)
    """
    try:
        host = request.get_host()
    except DisallowedHost:  # answered 400 anyway; its page opens no socket
        return "; ".join((*BASE_POLICY, "connect-src 'self'"))
    scheme = "wss" if request.is_secure() else "ws"
    return "; ".join((*BASE_POLICY, f"connect-src 'self' {scheme}://{host}"))


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every response that does not already carry one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = content_security_policy(request)
        return response
