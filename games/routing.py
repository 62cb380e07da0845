"""Websocket routes of the games app (gathered into cribbage_site/routing.py)."""

from __future__ import annotations

from django.urls import path

from games.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
