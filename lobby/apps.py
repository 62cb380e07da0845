"""The lobby app: it tells games where a private match's secret link is (games.privacy)."""

from __future__ import annotations

from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self) -> None:
        from games.privacy import private_link_finder_register
        from lobby.selectors import open_invitation_path

        private_link_finder_register(open_invitation_path)
        from lobby import hooks  # noqa: F401 - connects the receivers of the match hooks
