from django.apps import AppConfig


class SolitaireConfig(AppConfig):
    """Solitaire Cribbage and the daily deal: above games (it uses the pure engine and the
    shuffle commitments), beside the lobby; nothing below imports it."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "solitaire"
