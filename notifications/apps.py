"""The notification centre: it stores every ``kernel.notices`` Notice, shows it live in the
bell, mails it to those who opted in, and publishes the match results itself."""

from __future__ import annotations

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"

    def ready(self) -> None:
        from notifications import receivers  # noqa: F401 - connects the notice and match hooks
