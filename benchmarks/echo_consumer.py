"""A bare relay consumer for benchmarks/ws_load.py: the framework's ceiling on this stack.

Routed only when ``settings.BENCHMARK_ECHO`` is on (env ``BENCHMARK_ECHO=true``): it is no part
of any app, so cribbage_site/routing.py imports it only then. It does what
the match consumer does minus the game: it receives a frame and sends it through the channel
layer to every connection in the same room, so the benchmark measures the same path (websocket,
Daphne, channel layer, websocket) with no database and no rules.
"""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path

from kernel.socket_limits import TokenBucket
from kernel.websocket import SiteWebsocketConsumer


class EchoConsumer(SiteWebsocketConsumer):
    """The site's socket base (frames counted on arrival, handled in order) without its limits.

    The relay measures what the framework carries, so the per-socket frame rate and the
    per-address count of anonymous sockets (kernel/socket_limits.py), which closed the
    benchmark's 400 loopback sockets with 4429 and slowed each pair to 10 frames a second, do
    not apply to it. The work per frame is the same: a bucket is still taken from.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frame_bucket = TokenBucket(capacity=1e9, rate=1e9)

    async def websocket_connect(self, message: dict) -> None:
        # Not counted as an anonymous visitor of its address (the base's connect does that).
        await AsyncWebsocketConsumer.websocket_connect(self, message)

    async def connect(self) -> None:
        self.group = f"echo-{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "echo.frame", "text": text_data})

    async def echo_frame(self, message: dict) -> None:
        await self.send(text_data=message["text"])


websocket_urlpatterns = [path("ws/echo/<int:room>/", EchoConsumer.as_asgi())]
