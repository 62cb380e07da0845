"""Social test helpers: an empty cache (the rate limits), the notices published, a guest."""

from __future__ import annotations

import pytest

from tests.support.caches import cache_empty


@pytest.fixture(autouse=True)
def empty_cache():
    cache_empty()
    yield
    cache_empty()


@pytest.fixture
def notices():
    """Every kernel.notices Notice published while the test runs, in order."""
    from kernel.notices import notice_published

    told: list = []

    def receive(sender, notice, **kwargs):
        told.append(notice)

    notice_published.connect(receive, weak=False)
    yield told
    notice_published.disconnect(receive)


@pytest.fixture
def guest(db):
    from accounts.services import guest_create

    return guest_create()


@pytest.fixture
def friends(alice, bob):
    """alice and bob are friends."""
    from social.services.friends import friend_request_accept, friend_request_send

    request = friend_request_send(sender=alice, to=bob)
    friend_request_accept(user=bob, request_id=request.pk)
    return alice, bob
