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

import json
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from cribbage_site.session_sockets import CLOSE_SESSION_ENDED, session_tag, user_sockets_group


class SiteWebsocketConsumer(AsyncWebsocketConsumer):
    """An ``AsyncWebsocketConsumer`` that never touches the database on the event loop, and
    closes when its session ends (cribbage_site/session_sockets.py)."""

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            # Channels joins ``self.groups`` before calling connect() and leaves them on close.
            self.groups = [*self.groups, user_sockets_group(user.pk)]
        await super().websocket_connect(message)

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The person logged out (this session, or any when ``session`` is None) or changed
        their password: say so and close; the page reconnects as whoever its cookie says."""
        session = self.scope.get("session")
        own = session_tag(getattr(session, "session_key", None))
        if message.get("session") not in (None, own):
            return
        ended = {
            "type": "error",
            "code": "session_ended",
            "message": "You were signed out; reconnecting.",
            "action_id": None,
        }
        await self.send(text_data=json.dumps(ended))
        await self.close(code=CLOSE_SESSION_ENDED)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
