"""Every refusal the site explains derives from one base class carrying a code and a message."""

from __future__ import annotations

import doctest

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts import services as account_services
from accounts.services import AccountError
from games import services as game_services
from games.protocol import ProtocolError, parse_frame
from games.services import ServiceError
from kernel import error_renderings as renderings_module
from kernel import errors as errors_module
from kernel import frames as frames_module
from kernel.error_renderings import SiteErrorMiddleware
from kernel.errors import SiteError
from lobby import services as lobby_services
from lobby.services import LobbyError


def test_each_apps_error_is_a_site_error_with_its_code_and_message():
    for error_class in (ServiceError, LobbyError, ProtocolError, AccountError):
        error = error_class("some_code", "Some message.")
        assert isinstance(error, SiteError)
        assert (error.code, error.message, str(error)) == (
            "some_code",
            "Some message.",
            "Some message.",
        )


def test_the_errors_that_were_value_errors_still_are():
    assert issubclass(LobbyError, ValueError) and issubclass(AccountError, ValueError)


def test_a_malformed_frame_is_refused_with_its_protocol_code():
    with pytest.raises(SiteError) as refused:
        parse_frame("not json")
    assert isinstance(refused.value, ProtocolError)
    assert refused.value.code == "bad_json"
    assert refused.value.frame()["code"] == "bad_json"


@pytest.mark.django_db
def test_services_of_every_app_refuse_with_a_code(alice):
    with pytest.raises(SiteError) as games_refusal:
        game_services.match_create(creator=None)
    assert games_refusal.value.code == "not_authenticated"
    with pytest.raises(SiteError) as lobby_refusal:
        lobby_services.seek_create(creator=None, options={})
    assert lobby_refusal.value.code == "not_authenticated"
    with pytest.raises(SiteError) as account_refusal:
        account_services.member_create(username="alice", password="a long enough password")
    assert account_refusal.value.code == "name_taken"
    with pytest.raises(SiteError) as preference_refusal:
        account_services.preferences_update(user=alice, colour="red")
    assert preference_refusal.value.code == "unknown_preference"


def test_the_examples_in_the_error_and_parser_modules_hold():
    for module in (errors_module, frames_module, renderings_module):
        assert doctest.testmod(module).failed == 0, module.__name__


@pytest.mark.django_db
def test_a_refusal_that_escapes_a_page_is_its_page_with_its_status(rf):
    refusal = SiteError("match_full", "Someone has already taken this seat.", status=409)
    request = rf.get("/")
    request.user = AnonymousUser()
    response = SiteErrorMiddleware(lambda request: None).process_exception(request, refusal)
    assert response is not None and response.status_code == 409
    page = response.content.decode()
    assert 'data-code="match_full"' in page and "Someone has already taken this seat." in page
    assert "Nothing was changed." in page
    assert (
        SiteErrorMiddleware(lambda request: None).process_exception(rf.get("/"), KeyError()) is None
    )
