"""Websocket routes of the tournaments app (gathered into cribbage_site/routing.py)."""

from __future__ import annotations

from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
