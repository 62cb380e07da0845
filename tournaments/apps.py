"""The tournaments app: tournaments run by the server (docs/tournaments.md)."""

from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from games.competition import (
            everyone_absent_register,
            no_show_rule_register,
            results_count_check_register,
        )
        from games.decks import deck_source_register
        from games.privacy import sealed_finder_register
        from games.table_banners import table_banner_register
        from tournaments import hooks  # noqa: F401 - connects the receiver of the match hook
        from tournaments.selectors import (
            duplicate_tables_sealed,
            match_is_tournament_table,
            table_has_no_show_rule,
        )
        from tournaments.services.decks import DUPLICATE_DECKS, DuplicateDecks
        from tournaments.services.rounds import table_everyone_absent
        from tournaments.table_banner import tournament_table_banner

        deck_source_register(name=DUPLICATE_DECKS, source=DuplicateDecks())
        results_count_check_register(match_is_tournament_table)
        no_show_rule_register(table_has_no_show_rule)
        everyone_absent_register(table_everyone_absent)
        sealed_finder_register(duplicate_tables_sealed)
        table_banner_register(tournament_table_banner)
