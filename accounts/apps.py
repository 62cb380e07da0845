from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        # Logout and password change close the person's open websockets.
        from kernel.session_sockets import session_sockets_watch

        session_sockets_watch()
