"""Websocket URL routes, gathered from each app so this file stays a table of contents."""

from __future__ import annotations

from django.conf import settings

from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from lobby.routing import websocket_urlpatterns as lobby_websocket_urlpatterns
from notifications.routing import websocket_urlpatterns as notifications_websocket_urlpatterns
from social.routing import websocket_urlpatterns as social_websocket_urlpatterns
from tournaments.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

websocket_urlpatterns: list = [
    *games_websocket_urlpatterns,
    *lobby_websocket_urlpatterns,
    *social_websocket_urlpatterns,
    *notifications_websocket_urlpatterns,
    *tournaments_websocket_urlpatterns,
]

if getattr(settings, "BENCHMARK_ECHO", False):
    # A bare echo consumer, only for benchmarks/ws_load.py's framework ceiling.
    from benchmarks.echo_consumer import websocket_urlpatterns as echo_websocket_urlpatterns

    websocket_urlpatterns += echo_websocket_urlpatterns
