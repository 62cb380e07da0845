"""Who may use the social layer: signed-in members only (guests have no friends)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from social.errors import SocialError
from social.selectors import is_guest


def member_required(user: Any) -> User:
    """The signed-in member ``user``; anonymous visitors and guests are refused clearly."""
    if user is None or not user.is_authenticated:
        raise SocialError(
            "not_authenticated", "Log in to have friends and send challenges.", status=403
        )
    if is_guest(user):
        raise SocialError(
            "guest",
            "Guests have no friends list: sign up to add friends and send challenges.",
            status=403,
        )
    return user


def person_named(name: object) -> User:
    """The member called ``name`` (case-insensitive); a clear refusal for anything else."""
    if not isinstance(name, str) or not name.strip() or len(name) > 150:
        raise SocialError("bad_name", "Give a player's name.")
    person = get_user_model().objects.filter(username__iexact=name.strip(), is_active=True).first()
    if person is None:
        raise SocialError(
            "no_such_player", f"There is no player called {name.strip()!r}.", status=404
        )
    return person


def person_by_id(user_id: int) -> User:
    person = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if person is None:
        raise SocialError("no_such_player", "There is no such player.", status=404)
    return person
