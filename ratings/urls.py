"""Routes of the ratings app, under /ratings/."""

from __future__ import annotations

from django.urls import path

from ratings import views

app_name = "ratings"
urlpatterns = [
    path("<slug:kind>/", views.leaderboard, name="leaderboard"),
]
