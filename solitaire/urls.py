"""Solitaire's pages: today's deal, a day's leaderboard, the player's history, and the JSON
action endpoint the page posts to."""

from __future__ import annotations

from django.urls import path

from solitaire import views

app_name = "solitaire"

urlpatterns = [
    path("", views.today_page, name="today"),
    path("start/", views.start, name="start"),
    path("games/<int:game_id>/act/", views.act, name="act"),
    path("day/<str:day>/", views.day_page, name="day"),
    path("mine/", views.history_page, name="mine"),
]
