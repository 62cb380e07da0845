"""HTTP pages of the games app; the match websocket is routed in games/routing.py."""

from __future__ import annotations

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("computer/", views.play_computer, name="computer"),
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/join/", views.match_join_view, name="join"),
    path("<int:match_id>/fill/", views.match_fill_view, name="fill"),
]
