"""Rate limits that hold against attempts sent at once, the admin's login and forged headers.

Before: the block was checked before the ~0.4 s password hash and a failure counted after it,
with a read-then-write, so 16 simultaneous wrong passwords were all checked (limit 5); the
admin login had no limit; and a client-supplied X-Forwarded-For chose the address that
per-address limits counted against.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import RequestFactory

from accounts.forms import RateLimitedLoginForm
from accounts.throttle import Throttle
from kernel.addresses import client_address
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def run_together(count: int, work) -> list:
    """Run ``work`` in ``count`` threads released at the same instant; their results."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def runner(index: int) -> None:
        barrier.wait()
        results[index] = work()

    threads = [threading.Thread(target=runner, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_hits_from_many_threads_at_once_are_each_counted(monkeypatch):
    # A cache read costs a network round trip with Redis: make it slow enough that a count
    # read, compared and written back would let hits slip in between.
    backend = type(caches["default"])
    real_get = backend.get

    def slow_get(self, *args, **kwargs):
        value = real_get(self, *args, **kwargs)
        time.sleep(0.01)  # the answer is on its way back while other hits arrive
        return value

    monkeypatch.setattr(backend, "get", slow_get)
    throttle = Throttle("test-together", limit=10, window_seconds=300)
    results = run_together(50, lambda: throttle.hit("key"))
    assert results.count(True) == 10
    assert throttle.is_blocked("key")


def test_simultaneous_wrong_passwords_are_checked_no_more_often_than_the_limit(
    alice, settings, monkeypatch
):
    settings.LOGIN_ATTEMPTS_PER_USER = 5
    checked = []

    def slow_authenticate(request=None, **credentials):
        checked.append(credentials["username"])
        time.sleep(0.2)  # a production hash takes about this long
        return None

    monkeypatch.setattr("django.contrib.auth.forms.authenticate", slow_authenticate)
    factory = RequestFactory()

    def attempt() -> bool:
        request = factory.post("/accounts/login/", REMOTE_ADDR="203.0.113.9")
        form = RateLimitedLoginForm(request, data={"username": "alice", "password": "wrong"})
        return form.is_valid()

    results = run_together(16, attempt)
    assert results == [False] * 16
    assert len(checked) == 5


def test_the_admin_login_is_limited_like_the_sites(client, settings):
    settings.LOGIN_ATTEMPTS_PER_USER = 5
    get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)
    for _ in range(12):
        client.post("/admin/login/", {"username": "root", "password": "wrong"})
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert "Too many failed attempts" in response.content.decode()


def test_the_admin_login_still_works_within_the_limit(client):
    get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)
    client.post("/admin/login/", {"username": "root", "password": "wrong"})
    response = client.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def request_from(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_a_forwarded_header_from_an_unknown_peer_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    assert client_address(request_from("198.51.100.7", "1.2.3.4")) == "198.51.100.7"


def test_behind_a_trusted_proxy_the_client_is_the_last_untrusted_hop(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    # The client claims 1.2.3.4; the proxy appended the address it really saw.
    request = request_from("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.5")
    assert client_address(request) == "198.51.100.7"
    assert client_address(request_from("10.0.0.2")) == "10.0.0.2"
    assert client_address(request_from("10.0.0.2", "not-an-ip")) == "10.0.0.2"


def test_forging_the_header_does_not_buy_more_guests(client, settings):
    settings.GUEST_CREATIONS_PER_ADDRESS = 3
    settings.TRUSTED_PROXIES = []
    statuses = []
    for index in range(5):
        fresh = type(client)()
        response = fresh.post(
            "/accounts/guest/",
            {"next": "/lobby/"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{index}",
        )
        statuses.append(response.status_code)
    assert statuses == [302, 302, 302, 429, 429]


def test_the_image_does_not_let_daphne_take_the_forwarded_header_at_its_word():
    from tests.support.servers import PROJECT_DIR

    dockerfile = (PROJECT_DIR / "Dockerfile").read_text()
    assert "--proxy-headers" not in dockerfile
