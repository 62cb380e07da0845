"""The review app: read-only pages over finished matches (docs/review.md)."""

from __future__ import annotations

from django.apps import AppConfig


class ReviewConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "review"

    def ready(self) -> None:
        from games.decks import deck_source_register
        from games.profile_sections import profile_section_register
        from review import hooks  # noqa: F401 - connects the receiver of the match hook
        from review.deals import REPLAY_SOURCE, ReplayDecks
        from review.finished import profile_finished_section

        profile_section_register(profile_finished_section)
        # Registered in every process (servers and workers), so whichever draws the next deck
        # of a "play this deal" match finds the source.
        deck_source_register(name=REPLAY_SOURCE, source=ReplayDecks())
