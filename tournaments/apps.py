"""The tournaments app: tournaments run by the server (docs/tournaments.md)."""

from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from games.decks import deck_source_register
        from games.table_banners import table_banner_register
        from tournaments import hooks  # noqa: F401 - connects the receiver of the match hook
        from tournaments.services.decks import DUPLICATE_DECKS, DuplicateDecks
        from tournaments.table_banner import tournament_table_banner

        deck_source_register(name=DUPLICATE_DECKS, source=DuplicateDecks())
        table_banner_register(tournament_table_banner)
