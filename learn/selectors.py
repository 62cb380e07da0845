"""Reads for other apps' pages: the puzzle section of a player's profile."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.profile_sections import ProfileSection
from learn.models import PuzzleAttempt, PuzzleRating


def profile_puzzles_section(player: User, *, viewer: Any) -> ProfileSection | None:
    """The player's puzzle rating and latest answers (nothing for someone who never tried one)."""
    rating = PuzzleRating.objects.filter(user=player).first()
    if rating is None:
        return None
    recent = PuzzleAttempt.objects.filter(user=player).select_related("puzzle")[:10]
    return ProfileSection("learn/_profile_section.html", {"rating": rating, "recent": recent})
