from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self) -> None:
        from lobby import hooks  # noqa: F401 - connects the receivers of the match hooks
