"""The client's address, trusting ``X-Forwarded-For`` only from the site's own proxies.

Per-address limits (guest creation, login attempts) are only as good as the address they key
on. Anyone can send an ``X-Forwarded-For`` header, so it is read only when the connection
itself comes from an address in ``TRUSTED_PROXIES`` (addresses or networks, e.g.
``10.0.0.0/8``); then the client is the right-most address in the header that is not one of
those proxies (a proxy appends what it saw, so the left part is the client's own claim).
Without trusted proxies, the address is the connection's: Daphne runs without
``--proxy-headers``, which would take the header's word for it.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[ipaddress._BaseNetwork, ...]:
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries)


def _parse(address: str) -> ipaddress._BaseAddress | None:
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def is_trusted_proxy(address: str) -> bool:
    parsed = _parse(address)
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    return parsed is not None and any(parsed in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The address per-address limits count against (never taken from an untrusted header)."""
    return _address_behind_proxies(
        request.META.get("REMOTE_ADDR", "") or "", request.META.get("HTTP_X_FORWARDED_FOR", "")
    )


def socket_client_address(scope: dict[str, Any]) -> str:
    """The same for a websocket: the scope's client address, or the trusted proxies' header."""
    client = scope.get("client") or ("", 0)
    forwarded = ""
    for name, value in scope.get("headers") or ():
        if name == b"x-forwarded-for":
            forwarded = value.decode("latin-1")
    return _address_behind_proxies(str(client[0] or ""), forwarded)


def _address_behind_proxies(remote: str, forwarded_header: str) -> str:
    if not is_trusted_proxy(remote):
        return remote
    forwarded = [part.strip() for part in forwarded_header.split(",") if part.strip()]
    for candidate in reversed(forwarded):
        if _parse(candidate) is None:
            return remote  # a malformed hop: do not guess past it
        if not is_trusted_proxy(candidate):
            return candidate
    return forwarded[0] if forwarded else remote
