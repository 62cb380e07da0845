"""Reads for account pages: what a player prefers. (Their matches are games' data: games/player_records.py.)"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from accounts.services import profile_for


def table_preferences(*, user: User | AnonymousUser) -> dict:
    """What the game page needs to know about a viewer's preferences (defaults for visitors)."""
    if not user.is_authenticated:
        return {"card_order": "ascending", "sound_on": True}
    profile = profile_for(user)
    return {"card_order": profile.card_order, "sound_on": profile.sound_on}


def card_order_home(*, user: User | AnonymousUser) -> str:
    """Where the table keeps a card order chosen at it: ``"account"`` for members (one
    setting, the profile's, so the preferences page and the table agree), ``"browser"`` for
    guests and visitors, whose accounts are throwaway or absent."""
    if not user.is_authenticated or profile_for(user).is_guest:
        return "browser"
    return "account"
