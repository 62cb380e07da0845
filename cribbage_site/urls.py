"""URL routes for HTTP pages; websocket routes live in routing.py.

``/healthz`` is not routed here: ``cribbage_site.middleware.HealthCheckMiddleware`` answers it
before the Host header is validated.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path, register_converter

from cribbage_site import views
from games import api as games_api
from games import views as games_views
from kernel.converters import TokenConverter, UsernameConverter
from lobby import views as lobby_views
from review import views as review_views

# Before the apps' URL modules are included below: their routes name these converters.
register_converter(TokenConverter, "token")
register_converter(UsernameConverter, "username")
urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("games/", games_views.my_matches, name="my_matches"),
    # Pages that compose two apps live in the higher one and keep their old addresses here.
    path(
        "accounts/players/<username:username>/", games_views.player_profile, name="player_profile"
    ),
    path(
        "accounts/players/<username:username>/matches/",
        review_views.finished_matches,
        name="finished_matches",
    ),
    path("accounts/", include("accounts.urls")),
    path("lobby/", include("lobby.urls")),
    path("ratings/", include("ratings.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("solitaire/", include("solitaire.urls")),
    path("notifications/", include("notifications.urls")),
    path("", include("learn.urls")),
    path("", include("social.urls")),
    path("moderation/", include("moderation.urls")),
    path("matches/<int:match_id>/view.json", games_api.match_view_json, name="match_view_json"),
    path("matches/<int:match_id>/log.json", games_api.match_log_json, name="match_log_json"),
    path("matches/<int:match_id>/hint.json", games_api.match_hint_json, name="match_hint_json"),
    path("matches/new/", lobby_views.match_new, name="match_new"),
    path("matches/", include("games.urls")),
    path("matches/", include("review.urls")),
    path("admin/", admin.site.urls),
]
