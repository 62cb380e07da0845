"""Puts the viewer's table preferences in every template, for the page's data attributes."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.selectors import card_order_home, table_preferences


def player_preferences(request: HttpRequest) -> dict:
    """``player_preferences``: card order and sound, from the profile (defaults for visitors);
    ``card_order_home``: where the table saves a card order chosen at it.

    Lazy: the profile is only read if a template uses it.
    """
    from django.utils.functional import SimpleLazyObject

    return {
        "player_preferences": SimpleLazyObject(lambda: table_preferences(user=request.user)),
        "card_order_home": SimpleLazyObject(lambda: card_order_home(user=request.user)),
    }
