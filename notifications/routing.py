"""Websocket routes of the notifications app (gathered into cribbage_site/routing.py)."""

from __future__ import annotations

from django.urls import path

from notifications.consumers import NotificationConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]
