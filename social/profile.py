"""The profile page's social section (games.profile_sections): friend, challenge, block, mute,
and the player's presence where the viewer may see it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.profile_sections import ProfileSection
from social import selectors


def profile_social_section(player: User, *, viewer: Any) -> ProfileSection | None:
    """Nothing for one's own page, for anonymous visitors or guests, and about guests."""
    if not getattr(viewer, "is_authenticated", False) or viewer.pk == player.pk:
        return None
    if selectors.is_guest(viewer) or selectors.is_guest(player):
        return None
    presence = None
    if selectors.presence_visible(person=player, viewer=viewer):
        presence = selectors.presences(users=[player])[player.pk]
    return ProfileSection(
        "social/_profile_section.html",
        {"player": player, "presence": presence, **selectors.relation(viewer=viewer, other=player)},
    )
