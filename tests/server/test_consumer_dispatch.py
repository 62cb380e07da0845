"""Every websocket consumer dispatches messages without Channels' per-message connection hop."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.urls import URLPattern

from benchmarks.echo_consumer import websocket_urlpatterns as echo_urlpatterns
from cribbage_site.routing import websocket_urlpatterns
from kernel.websocket import SiteWebsocketConsumer
from tests.server.sockets import connect_and_hello

pytestmark = pytest.mark.django_db(transaction=True)


def routed_consumers(patterns: list) -> list[type]:
    return [
        pattern.callback.consumer_class for pattern in patterns if isinstance(pattern, URLPattern)
    ]


def test_every_routed_consumer_and_the_benchmark_echo_use_the_site_base():
    consumers = routed_consumers([*websocket_urlpatterns, *echo_urlpatterns])
    assert len(consumers) >= 4
    assert all(issubclass(consumer, SiteWebsocketConsumer) for consumer in consumers), consumers


async def test_a_broadcast_and_a_client_frame_reach_their_handlers_without_a_thread_hop(
    match, alice, bob, monkeypatch
):
    hops = []

    async def counted_cleanup() -> None:
        hops.append(1)

    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted_cleanup)
    try:
        player, hello = await connect_and_hello(match.pk, alice)
        seat_view = hello["view"]
        await player.send({"type": "ping"})
        assert (await player.receive())["type"] == "pong"
        await player.send({"type": "discard", "cards": seat_view["cards"][:2], "action_id": "a-1"})
        frames = [await player.receive() for _ in range(2)]
        assert {frame["type"] for frame in frames} == {"ack", "event"}
        await player.close()
    finally:
        await database_sync_to_async(connections.close_all)()
    assert hops == []
