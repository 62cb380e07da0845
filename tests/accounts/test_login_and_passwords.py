"""Logging in (with its rate limit), changing and resetting passwords, and CSRF on every form."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def log_in(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_the_right_password_logs_in(client, alice):
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == alice.pk


def test_after_five_failures_even_the_right_password_is_refused_for_a_while(
    client, alice, settings
):
    settings.LOGIN_ATTEMPTS_PER_USER = 5
    for _ in range(5):
        assert log_in(client, "alice", "wrong").status_code == 200
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_on_one_name_do_not_lock_out_another(client, alice, bob):
    for _ in range(5):
        log_in(client, "alice", "wrong")
    assert log_in(client, "bob", PASSWORD).status_code == 302


def test_one_address_trying_many_names_is_stopped(client, alice, settings):
    settings.LOGIN_ATTEMPTS_PER_ADDRESS = 3
    for name in ["x1", "x2", "x3"]:
        log_in(client, name, "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_many_people_logging_in_from_one_address_are_not_stopped(client, alice, bob, settings):
    # The address limit counts failures: a club's players share one address.
    settings.LOGIN_ATTEMPTS_PER_ADDRESS = 3
    for _ in range(5):
        for name in ("alice", "bob"):
            assert log_in(client, name, PASSWORD).status_code == 302
    for name in ["x1", "x2", "x3"]:
        log_in(client, name, "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_a_success_before_the_limit_does_not_count_against_it(client, alice):
    for _ in range(4):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_changing_the_password_needs_the_old_one(client, alice):
    client.force_login(alice)
    refused = client.post(
        "/accounts/password_change/",
        {
            "old_password": "nope",
            "new_password1": "a fresh long passphrase",
            "new_password2": "a fresh long passphrase",
        },
    )
    assert refused.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
    accepted = client.post(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "a fresh long passphrase",
            "new_password2": "a fresh long passphrase",
        },
    )
    assert accepted.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("a fresh long passphrase")


def test_a_password_reset_mail_carries_a_link_that_sets_a_new_password(client, alice):
    response = client.post("/accounts/password_reset/", {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == "Reset your Cribbage Online password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert b"Choose a new password" in form_page.content
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "another long passphrase", "new_password2": "another long passphrase"},
    )
    assert done.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another long passphrase")


def test_a_reset_for_an_unknown_address_sends_nothing_and_reveals_nothing(client, alice):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []


@pytest.mark.parametrize(
    "path, data",
    [
        ("/accounts/login/", {"username": "alice", "password": PASSWORD}),
        ("/accounts/guest/", {"next": "/"}),
        ("/accounts/signup/", {"username": "zed", "password1": PASSWORD, "password2": PASSWORD}),
        ("/accounts/password_reset/", {"email": "alice@example.com"}),
        ("/accounts/logout/", {}),
    ],
)
def test_every_account_form_refuses_a_post_without_a_csrf_token(alice, path, data):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(path, data)
    assert response.status_code == 403


@pytest.mark.parametrize("path", ["/accounts/preferences/", "/accounts/password_change/"])
def test_signed_in_forms_refuse_a_post_without_a_csrf_token(alice, path):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    response = strict.post(path, {"sound_on": "", "old_password": PASSWORD})
    assert response.status_code == 403


def test_the_forms_carry_a_csrf_token(client):
    for path in [
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/guest/",
        "/accounts/password_reset/",
    ]:
        assert b"csrfmiddlewaretoken" in client.get(path).content
