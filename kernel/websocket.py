"""The base class of every websocket consumer of the site: direct dispatch, limits counted on
arrival, and sockets that end with their session.

Channels (4.2 and later) runs Django's ``close_old_connections`` in a worker thread before
*every* message a consumer handles, for consumers that use the database from the event loop.
Ours never do: every query runs inside ``database_sync_to_async``, which closes stale
connections around itself, in its own thread. The extra step cost a thread hop per message
(for a match: per player, for every broadcast), queued behind the one thread that SQLite's
actions also use, and it was the largest single item of the event loop's time under load
(docs/performance.md). So our consumers hand each message straight to its handler, through the
one seam that knows Channels' internals (kernel/direct_dispatch.py: what to check on an upgrade).

Channels hands a consumer its next message only when the previous handler has finished, so a
rate limit checked in the handler counts frames when they are *handled*: while one slow query
runs, a flood piles up unseen and each frame then finds the bucket refilled. Here every client
frame is counted the moment it arrives (kernel/socket_limits.py) and, if allowed, queued
for a task that handles the connection's messages one at a time, in order, the group messages
too (a broadcast must not overtake the answer to a ``sync`` computed before it).

A handler that fails (a bug, a database that went away mid-query) ends the connection where
the client sees it: the error is logged once, an ``error`` frame with the code
``server_error`` says why (Daphne does not pass a close reason on), and the socket closes with
:data:`CLOSE_SERVER_ERROR`. The close must be a code the websocket library lets a server send
(1000 or 3000-4999: Daphne's autobahn refuses 1011 from an application, silently), or the
socket stays open, deaf to its group's events: a zombie. The page then reconnects and resyncs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from kernel.addresses import socket_client_address
from kernel.direct_dispatch import handler_for
from kernel.error_renderings import error_frame, error_frame_text
from kernel.errors import SiteError
from kernel.frames import FrameError, frame_action_id, frame_decode
from kernel.log_context import log_context, request_id_from
from kernel.metrics import OPEN_SOCKETS, socket_kind
from kernel.session_sockets import CLOSE_SESSION_ENDED, session_tag, user_sockets_group
from kernel.socket_limits import (
    TokenBucket,
    anonymous_database_sync_to_async,
    anonymous_sockets,
)

logger = logging.getLogger(__name__)

CLOSE_TOO_MANY_SOCKETS = 4429
# A handler failed: the server closed the socket; reconnecting is the cure (docs/protocol.md).
CLOSE_SERVER_ERROR = 4500
SERVER_ERROR_REASON = "the server failed handling a message; reconnect"
# Frames allowed to wait for their turn; more are refused as if over the rate.
MAX_WAITING_FRAMES = 10


def limit_frame(message: str) -> str:
    """A frame refused on arrival, before anything read it (so it answers no action id)."""
    return error_frame_text(SiteError("rate_limited", message))


class InjectedSocketFailure(RuntimeError):
    """Raised on purpose by a test run's ``TEST_SOCKET_FAILURE_FRAME`` (never in production)."""


class SiteWebsocketConsumer(AsyncWebsocketConsumer):
    """An ``AsyncWebsocketConsumer`` that never touches the database on the event loop, counts
    frames on arrival, and closes when its session ends (kernel/session_sockets.py)."""

    groups: list[str]  # Channels' class attribute: the groups joined on connect, left on close

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frame_bucket = TokenBucket()
        self.anonymous_address: str | None = None
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._handler_task: asyncio.Task | None = None
        self._waiting_frames = 0
        self._background: set[asyncio.Task] = set()
        self._failed = False
        self._counted_open = False
        # The connection's request id, on every line its handlers log (kernel/log_context.py):
        # the handshake's X-Request-ID when a proxy gave one, else a new one (set in __call__).
        self.request_id = ""

    async def __call__(self, scope, receive, send) -> None:
        headers = dict(scope.get("headers") or [])
        self.request_id = request_id_from(headers.get(b"x-request-id", b"").decode("latin-1"))
        try:
            await super().__call__(scope, receive, send)
        finally:
            # Counted once its connect was handled, uncounted here however it ended: the gauge
            # is this process's own, and goes with it if the process dies.
            if self._counted_open:
                OPEN_SOCKETS.labels(kind=socket_kind(self)).dec()
            # Ended without a disconnect message (the server stopped the application, a test
            # dropped it): the task must not outlive the consumer.
            if self._handler_task is not None and not self._handler_task.done():
                self._handler_task.cancel()
            for task in self._background:
                task.cancel()

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task:
        """Run ``coroutine`` beside the handlers (a presence lease's renewals): cancelled when
        the consumer ends however it ends, so nothing outlives its socket."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    def reads(self, function: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
        """``database_sync_to_async(function)`` for a read this socket asks for: on the shared
        database thread for people signed in, on the anonymous sockets' own thread for visitors
        (kernel/socket_limits.py), so their reads queue behind each other, never in
        front of a player's action."""
        if self.anonymous_address is None:
            return database_sync_to_async(function)
        return anonymous_database_sync_to_async(function)

    async def dispatch(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "websocket.connect":
            await self._handle_or_close(message)
        elif kind == "websocket.disconnect":
            await self._stop_handling()
            await self._handle(message)
        elif kind == "websocket.receive":
            refusal = self._arrival_refusal()
            if refusal is not None:
                await self.send(text_data=limit_frame(refusal))
                return
            self._waiting_frames += 1
            self._enqueue(message)
        else:
            self._enqueue(message)

    def _arrival_refusal(self) -> str | None:
        if not self.frame_bucket.take():
            return "too many messages; slow down"
        if self.anonymous_address is not None and not anonymous_sockets.take(
            self.anonymous_address
        ):
            return "too many messages from your network; slow down or log in"
        if self._waiting_frames >= MAX_WAITING_FRAMES:
            return "the server is busy with your earlier messages; slow down"
        return None

    def _enqueue(self, message: dict[str, Any]) -> None:
        if self._handler_task is None:
            self._handler_task = asyncio.get_running_loop().create_task(self._handle_in_order())
        self._queue.put_nowait(message)

    async def _handle_in_order(self) -> None:
        while (message := await self._queue.get()) is not None:
            if message["type"] == "websocket.receive":
                self._waiting_frames -= 1
            if not await self._handle_or_close(message):
                return

    async def _handle_or_close(self, message: dict[str, Any]) -> bool:
        """Handle ``message``; if its handler fails, log it once and close the socket visibly
        (error frame, then :data:`CLOSE_SERVER_ERROR`). Returns whether it was handled."""
        try:
            self._inject_failure(message)
            await self._handle(message)
        except Exception:
            if not self._failed:
                self._failed = True
                logger.exception("websocket handler failed on %s", message["type"])
                await self._close_failed()
            return False
        return True

    async def _close_failed(self) -> None:
        # Daphne answers with the disconnect that ends this consumer (and its presence lease).
        failed = SiteError("server_error", SERVER_ERROR_REASON)
        with contextlib.suppress(Exception):
            await self.send(text_data=error_frame_text(failed))
        with contextlib.suppress(Exception):
            await self.close(code=CLOSE_SERVER_ERROR, reason=SERVER_ERROR_REASON)

    @staticmethod
    def _inject_failure(message: dict[str, Any]) -> None:
        marker = settings.TEST_SOCKET_FAILURE_FRAME
        if marker and message["type"] == "websocket.receive" and message.get("text") == marker:
            raise InjectedSocketFailure("a test asked this handler to fail")

    async def _stop_handling(self) -> None:
        """The client is gone: drop what waits, let the message being handled finish."""
        if self._handler_task is None:
            return
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await self._handler_task
        self._handler_task = None

    async def _handle(self, message: dict[str, Any]) -> None:
        with log_context(request_id=self.request_id):
            await handler_for(self, message)(message)

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            # Channels joins ``self.groups`` before calling connect() and leaves them on close.
            self.groups = [*self.groups, user_sockets_group(user.pk)]
        else:
            address = socket_client_address(self.scope)
            if not anonymous_sockets.open(address):
                await self.accept()
                await self.send(
                    text_data=limit_frame(
                        "too many connections from your network; close some or log in"
                    )
                )
                await self.close(code=CLOSE_TOO_MANY_SOCKETS)
                return
            self.anonymous_address = address
        OPEN_SOCKETS.labels(kind=socket_kind(self)).inc()
        self._counted_open = True
        await super().websocket_connect(message)

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        """Channels' own, less its ``close_old_connections`` in the database thread (a hop per
        closed socket, which reconnecting sockets made a load): ours query only in worker
        threads, which close their connections themselves."""
        if self.anonymous_address is not None:
            anonymous_sockets.close(self.anonymous_address)
            self.anonymous_address = None
        for group in self.groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        await self.disconnect(message["code"])
        raise StopConsumer()

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The person logged out (this session, or any when ``session`` is None) or changed
        their password: say so and close; the page reconnects as whoever its cookie says."""
        session = self.scope.get("session")
        own = session_tag(getattr(session, "session_key", None))
        if message.get("session") not in (None, own):
            return
        ended = SiteError("session_ended", "You were signed out; reconnecting.")
        await self.send(text_data=error_frame_text(ended))
        await self.close(code=CLOSE_SESSION_ENDED)


class PushSocketConsumer(SiteWebsocketConsumer):
    """A socket the server pushes on and the client only keeps alive (a tournament page, the
    bell, a challenge): ``ping`` is answered ``pong``; anything else, however malformed (the
    shared parser's size and depth limits: one deeply nested frame once left such a socket a
    zombie), is answered with an ``error`` frame, and the socket stays open."""

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload, separators=(",", ":")))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            frame = frame_decode(text_data)
        except FrameError as error:
            await self.send_json(error_frame(error))
            return
        if frame.get("type") == "ping":
            await self.send_json({"type": "pong"})
            return
        refusal = SiteError("unknown_type", "this socket takes only ping")
        await self.send_json(error_frame(refusal, action_id=frame_action_id(frame)))
