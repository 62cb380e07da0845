"""Lobby test helpers: an empty cache for each test, and people marked present in the lobby."""

from __future__ import annotations

import pytest

from tests.support.caches import cache_empty


@pytest.fixture(autouse=True)
def empty_cache():
    """Chat rate limits live in the cache; every test starts with none used."""
    cache_empty()
    yield
    cache_empty()


@pytest.fixture
def lobby_presence():
    """Mark people as connected to the lobby (as their open lobby page would)."""
    from tests.support.presence import arrives

    def connect(*users):
        for user in users:
            arrives(user)

    return connect
