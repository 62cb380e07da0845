"""The people the server, lobby and page tests play with, shared by every area that needs them.

Alice and Bob sit down to play, Carol watches (or makes a third), Mallory is the stranger who
tries what she should not. Engine and bot tests name seats, not people, and account tests make
members through the accounts service: their own conftests define fixtures of the same names.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model


def make_user(name: str):
    """A registered player with a password (``<name>-password-123``)."""
    return get_user_model().objects.create_user(username=name, password=f"{name}-password-123")


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    """Not seated unless a test seats her: a spectator or a third player."""
    return make_user("carol")


@pytest.fixture
def mallory(db):
    """A stranger to every match: she may not see or take what is private."""
    return make_user("mallory")
