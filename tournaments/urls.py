"""Tournament pages, under /tournaments/."""

from __future__ import annotations

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("<int:tournament_id>/live/", views.tournament_live, name="live"),
    path(
        "<int:tournament_id>/tables/<int:match_id>/end/",
        views.tournament_table_end,
        name="table_end",
    ),
    path("<int:tournament_id>/join/", views.tournament_join_view, name="join"),
    path("<int:tournament_id>/withdraw/", views.tournament_withdraw_view, name="withdraw"),
    path("<int:tournament_id>/cancel/", views.tournament_cancel_view, name="cancel"),
]
