"""What the site keeps about a player beyond Django's User: guest status and preferences.

Django's default User stays the identity (the project migrated with it); a one-to-one Profile
holds the rest, so a guest who signs up keeps the very same User row and therefore every match
that points at it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from kernel import match_options


class CardOrder(models.TextChoices):
    """The same three orders the game table offers (static/js/cards.js CARD_ORDERS)."""

    ASCENDING = "ascending", "Ascending"
    DESCENDING = "descending", "Descending"
    DEALT = "dealt", "As dealt"


class Profile(models.Model):
    """One per user; created on first need by ``accounts.services.profile_for``."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    is_guest = models.BooleanField(default=False)
    card_order = models.CharField(max_length=12, choices=CardOrder, default=CardOrder.ASCENDING)
    sound_on = models.BooleanField(default=True)
    # The options this player's new matches start from: the engine's choices and defaults.
    default_variant = match_options.variant_field()
    default_scoring = match_options.scoring_field()
    default_muggins = match_options.muggins_field()
    default_match_target = match_options.match_target_field()

    def __str__(self) -> str:
        kind = "guest" if self.is_guest else "member"
        return f"{self.user.get_username()} ({kind})"

    def default_options(self) -> dict:
        """The match options this player's forms start from, in MatchOptions.to_dict() shape."""
        return {
            "variant": self.default_variant,
            "scoring": self.default_scoring,
            "muggins": self.default_muggins,
            "match_target": self.default_match_target,
        }
