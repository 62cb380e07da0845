"""Websocket origin check that compares the whole origin: scheme, host and port.

Channels' ``AllowedHostsOriginValidator`` looks only at the origin's host name, so a page served
from ``http://localhost:1`` (another program on the player's machine) could open a game socket
with the player's cookies. This check accepts a socket only when its ``Origin`` is exactly the
site's own origin as the request reached the server (scheme from the connection, host and port
from the ``Host`` header, which must be in ``ALLOWED_HOSTS``), or is listed in
``CSRF_TRUSTED_ORIGINS``, the same list Django's CSRF check trusts. Behind a TLS-terminating
proxy that does not tell Daphne the scheme, list the public ``https://`` origin there.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _trusted(origin: str) -> bool:
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        entry = entry.lower()
        if entry == origin:
            return True
        scheme, _, host_pattern = entry.partition("://")
        if host_pattern.startswith("*.") and origin.startswith(f"{scheme}://"):
            host = origin[len(scheme) + 3 :]
            if host.endswith(host_pattern[1:]):
                return True
    return False


def origin_allowed(scope: dict[str, Any]) -> bool:
    """True when the socket's Origin is the site's own (scheme, host, port) or trusted."""
    origin = (_header(scope, b"origin") or "").strip().lower()
    host = (_header(scope, b"host") or "").strip().lower()
    if not origin or origin == "null" or not host:
        return False
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    return origin == f"{scheme}://{host}" or _trusted(origin)


class SameOriginValidator:
    """ASGI middleware: refuse (close before accept) a websocket from any other origin."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.application(scope, receive, send)
