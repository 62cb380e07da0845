"""HTTP routes of the notification centre, under /notifications/."""

from __future__ import annotations

from django.urls import path, re_path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("<int:notification_id>/read/", views.notification_read, name="read"),
    path("<int:notification_id>/open/", views.notification_open, name="open"),
    path("read-all/", views.notifications_read_all, name="read_all"),
    path("read.json", views.notifications_read_json, name="read_json"),
    path("settings/", views.notification_settings, name="settings"),
    # A signed token (django.core.signing): base64 pieces joined by ":"; nothing else gets in.
    re_path(
        r"^unsubscribe/(?P<token>[A-Za-z0-9_:.-]{1,200})/$",
        views.unsubscribe,
        name="unsubscribe",
    ),
]
