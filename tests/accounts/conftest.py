"""People for account tests: alice and bob are members, a guest is a fresh guest player."""

from __future__ import annotations

import pytest

from accounts import services
from tests.support.caches import cache_empty

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def empty_cache():
    """Rate limits live in the cache; every test starts with none used."""
    cache_empty()
    yield
    cache_empty()


@pytest.fixture
def alice(db):
    return services.member_create(username="alice", password=PASSWORD, email="alice@example.com")


@pytest.fixture
def bob(db):
    return services.member_create(username="bob", password=PASSWORD, email="bob@example.com")


@pytest.fixture
def guest(db):
    return services.guest_create()
