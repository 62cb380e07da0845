"""Websocket routes of the social app (gathered into cribbage_site/routing.py)."""

from __future__ import annotations

from django.urls import path

from social.consumers import ChallengeConsumer

websocket_urlpatterns = [
    path("ws/challenges/<int:challenge_id>/", ChallengeConsumer.as_asgi()),
]
