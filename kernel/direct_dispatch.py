"""The seam where the site replaces a Channels internal: handing a message to its handler.

What it replaces: ``channels.consumer.AsyncConsumer.dispatch`` (Channels 4.3), which looks the
handler up with ``get_handler_name`` and then awaits ``aclose_old_connections()`` (Django's
``close_old_connections`` in the database thread) before *every* message; and, for a closing
socket, the same hop in ``AsyncWebsocketConsumer.websocket_disconnect``
(``kernel.websocket.SiteWebsocketConsumer.websocket_disconnect`` is that method without it).

Why: no consumer of the site touches the database on the event loop (every query runs inside
``database_sync_to_async``, which closes stale connections around itself), so the hop bought
nothing and cost a thread hop per message, queued behind the one database thread: it was the
largest item of the event loop's time, 3.2 -> 2.2 ms of Daphne a message in the echo benchmark
(docs/performance.md, "Framework seams").

On a Channels upgrade check: that ``get_handler_name`` still maps ``"a.b"`` to ``"a_b"`` and
refuses a leading underscore; that ``AsyncConsumer.dispatch`` still does only the lookup, the
cleanup and the call; and that ``websocket_disconnect`` still only leaves the groups and raises
``StopConsumer``. ``tests/site/test_framework_seams.py`` pins all three and fails when they
change; read the new versions, carry over what is not the cleanup, then update its pins.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from channels.consumer import get_handler_name

Handler = Callable[[dict[str, Any]], Awaitable[None]]


def handler_for(consumer: object, message: dict[str, Any]) -> Handler:
    """The consumer's method for ``message`` (``websocket.receive`` -> ``websocket_receive``),
    found as Channels finds it; ValueError for a message no method handles."""
    handler = getattr(consumer, get_handler_name(message), None)
    if handler is None:
        raise ValueError(f"No handler for message type {message['type']}")
    return handler
