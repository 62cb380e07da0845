"""URL routes for HTTP pages; websocket routes live in routing.py.

``/healthz`` is not routed here: ``cribbage_site.middleware.HealthCheckMiddleware`` answers it
before the Host header is validated.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from cribbage_site import views
from games import api as games_api

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("lobby/", include("lobby.urls")),
    path("matches/<int:match_id>/view.json", games_api.match_view_json, name="match_view_json"),
    path("matches/", include("games.urls")),
    path("admin/", admin.site.urls),
]
