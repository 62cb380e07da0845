"""Puts the bell's unread count in every page of a signed-in person (the header's bell), so
it is right before any script runs; the socket keeps it live from then on."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from notifications.selectors import unread_count


def notifications_bell(request: HttpRequest) -> dict:
    """``notifications_unread``: lazy, so a page that shows no bell never counts."""
    user = request.user
    if not user.is_authenticated:
        return {}
    return {"notifications_unread": SimpleLazyObject(lambda: unread_count(user_id=user.pk))}
