from django.apps import AppConfig


class LearnConfig(AppConfig):
    """The place to learn: the hand counter, counting practice, the analysis board, puzzles."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "learn"

    def ready(self) -> None:
        from games.profile_sections import profile_section_register
        from learn import hooks  # noqa: F401 - connects the receiver of the match-analysed hook
        from learn.selectors import profile_puzzles_section

        profile_section_register(profile_puzzles_section)
