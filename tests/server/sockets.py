"""Websocket clients for consumer tests: WebsocketCommunicator through the real ASGI app."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from cribbage_site.asgi import application

SAME_ORIGIN = b"http://127.0.0.1"
# How long a test waits for a frame that must come. Only a failure waits this long: a frame
# that comes ends the wait. At 5 s, whole matches played over the socket failed at load 20
# (an action's answer took longer); a frame that must not come is shown by frames_before.
RECEIVE_TIMEOUT = 30.0


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


class Player:
    """One connection to a match, recording every frame it receives."""

    def __init__(self, communicator: WebsocketCommunicator) -> None:
        self.communicator = communicator
        self.wire_frames: list[dict[str, Any]] = []  # as sent, an ``events`` batch as one
        self.frames: list[dict[str, Any]] = []  # as a client takes them: batches unpacked
        self._unread: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        await self.communicator.send_to(text_data=text)

    async def receive(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """The next frame; each event of an ``events`` batch counts as an ``event`` frame."""
        if not self._unread:
            frame = json.loads(await self.communicator.receive_from(timeout))
            self.wire_frames.append(frame)
            self._unread = list(frame["events"]) if frame["type"] == "events" else [frame]
        frame = self._unread.pop(0)
        self.frames.append(frame)
        return frame

    async def receive_until(self, predicate, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        while True:
            frame = await self.receive(timeout)
            if predicate(frame):
                return frame

    async def frames_before(
        self, predicate, timeout: float = RECEIVE_TIMEOUT
    ) -> list[dict[str, Any]]:
        """Every frame that arrives before the first one matching ``predicate`` (read too).

        How a test shows a frame did not come: it causes a later frame that must come and looks
        at what arrived first. Waiting a fixed time instead would let a late frame slip past.
        """
        start = len(self.frames)
        await self.receive_until(predicate, timeout)
        return self.frames[start:-1]

    async def close(self) -> None:
        await self.communicator.disconnect()


async def connect(
    match_id: int, user=None, *, origin: bytes = SAME_ORIGIN, path: str | None = None
):
    """Open a socket as ``user`` (None: anonymous); returns (connected, Player)."""
    headers = [(b"origin", origin), (b"host", b"127.0.0.1")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    communicator = WebsocketCommunicator(
        application, path or f"/ws/matches/{match_id}/", headers=headers
    )
    connected, _ = await communicator.connect()
    return connected, Player(communicator)


async def connect_and_hello(match_id: int, user) -> tuple[Player, dict[str, Any]]:
    connected, player = await connect(match_id, user)
    assert connected
    hello = await player.receive()
    assert hello["type"] == "hello"
    return player, hello
