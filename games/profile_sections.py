"""Sections other apps add to a player's profile page, without games importing them.

The profile page (``games.views.player_profile``) is games' view; apps above games (ratings) plug
a section in at start-up, as the lobby plugs in the private-link finder (``games.privacy``). A
section is a function ``(player, *, viewer) -> ProfileSection | None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from django.contrib.auth.models import User


@dataclass(frozen=True)
class ProfileSection:
    """A template to include in the profile, and the context it is given (as ``section``)."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)


class SectionMaker(Protocol):
    """``maker(player, viewer=...)``: the section for ``player``'s page as ``viewer`` sees it."""

    def __call__(self, player: User, *, viewer: Any) -> ProfileSection | None: ...


_makers: list[SectionMaker] = []


def profile_section_register(maker: SectionMaker) -> None:
    """Add a section to every profile page (once: registering the same function again is a no-op)."""
    if maker not in _makers:
        _makers.append(maker)


def profile_sections(*, player: User, viewer: Any) -> list[ProfileSection]:
    """The registered sections for ``player``'s page as ``viewer`` sees it, in registration order."""
    made = (maker(player, viewer=viewer) for maker in _makers)
    return [section for section in made if section is not None]
