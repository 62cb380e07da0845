"""The base class of every websocket consumer of the site.

Channels (4.2 and later) runs Django's ``close_old_connections`` in a worker thread before
*every* message a consumer handles, for consumers that use the database from the event loop.
Ours never do: every query runs inside ``database_sync_to_async``, which closes stale
connections around itself, in its own thread. The extra step cost a thread hop per message
(for a match: per player, for every broadcast), queued behind the one thread that SQLite's
actions also use, and it was the largest single item of the event loop's time under load
(docs/performance.md). So our consumers hand each message straight to its handler.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class SiteWebsocketConsumer(AsyncWebsocketConsumer):
    """An ``AsyncWebsocketConsumer`` that never touches the database on the event loop."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
