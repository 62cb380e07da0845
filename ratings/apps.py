"""The ratings app: Glicko-2 ratings, leaderboards and statistics, fed by games' hook."""

from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"

    def ready(self) -> None:
        from games.profile_sections import profile_section_register
        from ratings import hooks  # noqa: F401 - connects the receiver of the match hook
        from ratings.selectors import profile_ratings_section

        profile_section_register(profile_ratings_section)
