"""Websocket routes of the lobby app (gathered into cribbage_site/routing.py)."""

from __future__ import annotations

from django.urls import path

from lobby.consumers import LobbyConsumer, MatchChatConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/chat/", MatchChatConsumer.as_asgi()),
]
