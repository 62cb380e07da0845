from django.apps import AppConfig


class LearnConfig(AppConfig):
    """The place to learn: the hand counter, counting practice and the analysis board."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "learn"
