"""The server drops an oversized websocket message before buffering it.

The sockets answer any frame over 4 KB with an error frame; Daphne's own default
would still read (and hold) a message of up to 1 MiB first. The server's cap
(``WEBSOCKET_MAX_MESSAGE_BYTES``) makes it fail such a connection
(close code 1009, or a dropped connection) instead.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
import websockets
from django.conf import settings

from tests.support.servers import PROJECT_DIR

pytestmark = pytest.mark.slow


async def open_lobby_socket(server):
    return await websockets.connect(
        f"{server.ws_url}/ws/lobby/", origin=server.url, max_size=None, open_timeout=10
    )


async def test_a_message_past_the_servers_cap_closes_the_connection_unread(site_server):
    socket = await open_lobby_socket(site_server)
    try:
        await socket.send("x" * (settings.WEBSOCKET_MAX_MESSAGE_BYTES * 4))
        # Without the cap the consumer would read it and answer an error frame, keeping the
        # socket open; with it, Autobahn fails the connection (1009, or dropped outright).
        received = []
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(20):
                received.append(json.loads(await asyncio.wait_for(socket.recv(), 10)))
        assert not any(frame.get("type") == "error" for frame in received)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    finally:
        await socket.close()


async def test_a_message_under_the_cap_but_over_the_protocols_limit_gets_a_clear_error(
    site_server,
):
    socket = await open_lobby_socket(site_server)
    try:
        await socket.send(json.dumps({"type": "refresh", "pad": "y" * 6000}))
        for _ in range(20):
            frame = json.loads(await asyncio.wait_for(socket.recv(), 10))
            if frame.get("type") == "error":
                break
        assert frame["type"] == "error"
        assert frame["code"] == "bad_frame"  # the lobby socket's code for a frame it refuses
    finally:
        await socket.close()


def test_the_images_daphne_command_uses_the_same_cap_as_the_settings():
    dockerfile = (Path(PROJECT_DIR) / "Dockerfile").read_text()
    command = re.search(r"^CMD (.*)$", dockerfile, re.M).group(1)
    size = str(settings.WEBSOCKET_MAX_MESSAGE_BYTES)
    assert f"--websocket-max-message-size {size}" in command
    assert f"--websocket-max-frame-size {size}" in command
