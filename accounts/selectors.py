"""Reads for account pages: what a player prefers. (Their matches are games' data: games/player_records.py.)"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from accounts.services import profile_for


def table_preferences(*, user: AbstractBaseUser) -> dict:
    """What the game page needs to know about a viewer's preferences (defaults for visitors).

    ``card_order_saved`` says where the table keeps a card order chosen at it: ``"account"``
    for members (one setting, the profile's, so the preferences page and the table agree), or
    ``"browser"`` for guests and visitors, whose accounts are throwaway or absent.
    """
    if not user.is_authenticated:
        return {"card_order": "ascending", "sound_on": True, "card_order_saved": "browser"}
    profile = profile_for(user)
    return {
        "card_order": profile.card_order,
        "sound_on": profile.sound_on,
        "card_order_saved": "browser" if profile.is_guest else "account",
    }
