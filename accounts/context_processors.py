"""Puts the viewer's table preferences in every template, for the page's data attributes."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.selectors import table_preferences


def player_preferences(request: HttpRequest) -> dict:
    """``player_preferences``: card order and sound, from the profile (defaults for visitors).

    Lazy: the profile is only read if a template uses it.
    """
    from django.utils.functional import SimpleLazyObject

    return {"player_preferences": SimpleLazyObject(lambda: table_preferences(user=request.user))}
