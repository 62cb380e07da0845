"""With the rate limits' cache down (Redis unreachable), logins and new guests get a clear 503
page: the limits fail closed (accounts/throttle.py), and never answer with a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.accounts.conftest import PASSWORD
from tests.support.servers import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_down(settings):
    """The cache pointed at a loopback port nothing listens on."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
        }
    }
    yield
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture(autouse=True)
def empty_cache():
    """Replaces the accounts tests' fixture: clearing a cache that is down would fail."""
    yield


def test_logging_in_while_the_cache_is_down_is_a_clear_503_page(alice, redis_down):
    browser = Client(raise_request_exception=False)
    response = browser.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 503
    assert "try again in a minute" in response.content.decode()
    assert response["Retry-After"] == "60"
    assert "_auth_user_id" not in browser.session


def test_becoming_a_guest_while_the_cache_is_down_is_a_clear_503_page(redis_down):
    users_before = get_user_model().objects.count()
    response = Client(raise_request_exception=False).post("/accounts/guest/", {"next": "/"})
    assert response.status_code == 503
    assert "try again in a minute" in response.content.decode()
    assert get_user_model().objects.count() == users_before
