"""Sign-ups per address and password-reset mail per address and per e-mail are limited."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, name):
    return client.post(
        "/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD, "email": ""},
    )


def test_one_address_cannot_make_accounts_in_a_row_past_the_limit(settings):
    settings.SIGNUPS_PER_ADDRESS = 3
    for number in range(3):
        assert sign_up(Client(), f"maker{number}").status_code == 302
    refused = sign_up(Client(), "maker3")
    assert refused.status_code == 429
    assert "Too many accounts were made from your network" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert not get_user_model().objects.filter(username="maker3").exists()


def test_another_address_may_still_sign_up(settings):
    settings.SIGNUPS_PER_ADDRESS = 1
    assert sign_up(Client(), "first").status_code == 302
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")
    assert sign_up(elsewhere, "second").status_code == 302


def ask_reset(client, email):
    return client.post("/accounts/password_reset/", {"email": email})


def test_reset_mail_to_one_e_mail_address_stops_at_the_limit(alice, settings):
    settings.PASSWORD_RESETS_PER_EMAIL = 3
    for number in range(3):
        answer = ask_reset(Client(REMOTE_ADDR=f"192.0.2.{number + 1}"), "alice@example.com")
        assert answer.status_code == 302
    refused = ask_reset(Client(REMOTE_ADDR="192.0.2.99"), "ALICE@example.com")
    assert refused.status_code == 429
    assert "Too many password-reset mails" in refused.content.decode()
    assert len(mail.outbox) == 3


def test_reset_mail_from_one_address_stops_at_the_limit_even_for_unknown_e_mails(alice, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS = 2
    assert ask_reset(Client(), "nobody@example.com").status_code == 302
    assert ask_reset(Client(), "someone@example.com").status_code == 302
    refused = ask_reset(Client(), "alice@example.com")
    assert refused.status_code == 429
    assert mail.outbox == []
