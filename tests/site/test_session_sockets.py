"""Sockets end with the session: logout and a password change close the person's open sockets."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connections
from django.test import Client

from accounts import services as accounts_services
from cribbage_site.asgi import application
from games import services as game_services
from kernel.session_sockets import CLOSE_SESSION_ENDED

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "correct horse battery staple"
OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


@pytest.fixture(autouse=True)
async def close_worker_connections():
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def alice(transactional_db):
    return accounts_services.member_create(
        username="alice", password=PASSWORD, email="alice@example.com"
    )


@pytest.fixture
def bob(transactional_db):
    return accounts_services.member_create(
        username="bob", password=PASSWORD, email="bob@example.com"
    )


def signed_in_browser(user) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


async def open_socket(browser: Client, path: str) -> WebsocketCommunicator:
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    socket = WebsocketCommunicator(
        application,
        path,
        headers=[
            (b"origin", b"http://127.0.0.1"),
            (b"host", b"127.0.0.1"),
            (b"cookie", cookie.encode()),
        ],
    )
    connected, _ = await socket.connect()
    assert connected
    hello = json.loads(await socket.receive_from())
    assert hello["type"] == "hello"
    return socket


async def closed_with_session_ended(socket: WebsocketCommunicator) -> bool:
    """Reads up to the close; True if it said ``session_ended`` and closed with its code."""
    said_so = False
    while True:
        output = await socket.receive_output(5)
        if output["type"] == "websocket.close":
            return said_so and output.get("code") == CLOSE_SESSION_ENDED
        frame = json.loads(output["text"])
        said_so = said_so or frame.get("code") == "session_ended"


async def test_a_game_socket_opened_before_logout_cannot_act_after_it(alice, bob):
    match = await sync_to_async(game_services.match_create)(creator=alice, options=OPTIONS)
    await sync_to_async(game_services.match_join)(match=match, user=bob)
    browser = await sync_to_async(signed_in_browser)(alice)
    socket = await open_socket(browser, f"/ws/matches/{match.pk}/")
    response = await sync_to_async(browser.post)("/accounts/logout/")
    assert response.status_code == 302
    assert await closed_with_session_ended(socket)


async def test_logout_closes_only_the_sockets_of_the_session_that_ended(alice):
    phone = await sync_to_async(signed_in_browser)(alice)
    laptop = await sync_to_async(signed_in_browser)(alice)
    on_phone = await open_socket(phone, "/ws/lobby/")
    on_laptop = await open_socket(laptop, "/ws/lobby/")
    await sync_to_async(phone.post)("/accounts/logout/")
    assert await closed_with_session_ended(on_phone)
    await on_laptop.send_to(text_data='{"type": "ping"}')
    while (frame := json.loads(await on_laptop.receive_from(5)))["type"] != "pong":
        assert frame["type"] == "online"  # people coming and going: news, not a close
    await on_laptop.disconnect()


async def test_a_password_change_closes_every_socket_of_the_person(alice):
    thief = await sync_to_async(signed_in_browser)(alice)
    owner = await sync_to_async(signed_in_browser)(alice)
    stolen = await open_socket(thief, "/ws/lobby/")
    response = await sync_to_async(owner.post)(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "a brand new passphrase 42",
            "new_password2": "a brand new passphrase 42",
        },
    )
    assert response.status_code == 302
    assert await closed_with_session_ended(stolen)
