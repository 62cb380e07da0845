"""The lobby app: it tells games where a private match's secret link is (games.privacy), and
the kernel where a reported chat line is (kernel.chat_lines)."""

from __future__ import annotations

from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self) -> None:
        from games.privacy import private_link_finder_register
        from lobby.selectors import open_invitation_path

        private_link_finder_register(open_invitation_path)
        from kernel.chat_lines import chat_line_finder_register
        from lobby.chat_evidence import chat_line_evidence_find

        chat_line_finder_register(chat_line_evidence_find)
        from lobby import hooks  # noqa: F401 - connects the receivers of the match hooks
