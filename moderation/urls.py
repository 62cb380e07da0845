"""Reports and warnings; staff act in the admin (moderation/admin.py)."""

from __future__ import annotations

from django.urls import path

from moderation import views

app_name = "moderation"

urlpatterns = [
    path("report/player/<username:username>/", views.report_player, name="report_player"),
    path("report/line.json", views.report_line, name="report_line"),
    path("warnings/<int:warning_id>/read/", views.warning_read, name="warning_read"),
]
