"""A websocket is accepted only from the site's own origin: scheme, host and port all count.

Channels' host-only check let ``http://localhost:1`` (any program on the player's machine) open
a game socket with the player's cookies.
"""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from cribbage_site.asgi import application
from kernel.origin import origin_allowed


def scope(origin: str | None, host: str = "127.0.0.1:8000", scheme: str = "ws") -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:8000",  # the site itself
        "HTTP://127.0.0.1:8000",  # origins compare without case
    ],
)
def test_the_sites_own_origin_is_accepted(origin):
    assert origin_allowed(scope(origin))


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:1",  # same host, another port
        "http://localhost:8000",  # another allowed host name is another origin
        "https://127.0.0.1:8000",  # another scheme
        "http://127.0.0.1",  # default port is not 8000
        "http://evil.example",
        "null",
        "",
        None,
    ],
)
def test_any_other_origin_is_refused(origin):
    assert not origin_allowed(scope(origin))


def test_a_secure_socket_expects_an_https_origin():
    assert origin_allowed(scope("https://127.0.0.1:8000", scheme="wss"))
    assert not origin_allowed(scope("http://127.0.0.1:8000", scheme="wss"))


def test_a_host_outside_allowed_hosts_is_refused_even_with_a_matching_origin():
    assert not origin_allowed(scope("http://evil.example", host="evil.example"))


def test_origins_trusted_for_csrf_are_trusted_for_sockets(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://cribbage.example", "https://*.games.example"]
    settings.ALLOWED_HOSTS = ["internal", "127.0.0.1"]
    # Behind a TLS proxy the server sees ws:// on an internal host; the page is on https.
    assert origin_allowed(scope("https://cribbage.example", host="internal"))
    assert origin_allowed(scope("https://eu.games.example", host="internal"))
    assert not origin_allowed(scope("http://cribbage.example", host="internal"))
    assert not origin_allowed(scope("https://games.example.evil", host="internal"))


@pytest.mark.django_db(transaction=True)
async def test_the_application_closes_a_socket_from_another_port_before_accepting():
    communicator = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"http://localhost:1"), (b"host", b"localhost:8000")],
    )
    connected, _ = await communicator.connect()
    assert not connected
    same = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"http://localhost:8000"), (b"host", b"localhost:8000")],
    )
    connected, _ = await same.connect()
    assert connected
    await same.disconnect()
