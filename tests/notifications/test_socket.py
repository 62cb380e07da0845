"""The bell's socket: hello with the count, a new notice live after the commit, reads from other
tabs, only for its owner; pings answered, anything else an error that leaves it open."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.db import transaction

from kernel.notices import publish
from notifications.models import Notification
from notifications.services import notification_mark_read
from tests.notifications.conftest import challenge
from tests.server.sockets import connect

pytestmark = pytest.mark.django_db(transaction=True)
PATH = "/ws/notifications/"


@sync_to_async
def publish_committed(notice) -> None:
    with transaction.atomic():
        publish(notice)


async def bell(user):
    connected, page = await connect(0, user, path=PATH)
    assert connected
    hello = await page.receive()
    assert hello["type"] == "hello"
    return page, hello


async def test_a_notice_reaches_its_recipients_open_pages_live_and_nobody_elses(alice, mallory):
    await publish_committed(challenge(alice, key="challenge:0"))
    page, hello = await bell(alice)
    assert hello["unread"] == 1 and hello["latest"][0]["text"] == "bob challenges you to a match"
    other_tab, _ = await bell(alice)
    strangers_page, strangers_hello = await bell(mallory)
    assert strangers_hello == {"type": "hello", "unread": 0, "latest": []}

    await publish_committed(challenge(alice, key="challenge:1"))
    for tab in (page, other_tab):
        arrived = await tab.receive()
        assert arrived["type"] == "notification" and arrived["unread"] == 2
        assert arrived["notification"]["kind"] == "challenge"
        assert arrived["notification"]["url"] == "/lobby/"

    # Read on one tab: every tab's count follows.
    newest = await sync_to_async(Notification.objects.filter(recipient=alice).first)()
    await sync_to_async(notification_mark_read)(user=alice, notification_id=newest.pk)
    assert await page.receive() == {"type": "unread", "unread": 1}
    assert await other_tab.receive() == {"type": "unread", "unread": 1}

    # Mallory heard nothing of it: her next frame is the answer to her ping.
    await strangers_page.send({"type": "ping"})
    assert await strangers_page.receive() == {"type": "pong"}
    for tab in (page, other_tab, strangers_page):
        await tab.close()


async def test_a_rolled_back_notice_is_never_sent(alice):
    page, _ = await bell(alice)

    @sync_to_async
    def roll_back() -> None:
        with pytest.raises(RuntimeError), transaction.atomic():
            publish(challenge(alice, key="challenge:lost"))
            raise RuntimeError("the action failed")

    await roll_back()
    await page.send({"type": "ping"})
    assert await page.receive() == {"type": "pong"}
    await page.close()


@pytest.mark.parametrize(
    "frame", ["not json", "[1, 2]", '{"type": "read", "id": 1}', '{"a": ' * 40 + "1" + "}" * 40]
)
async def test_malformed_or_unknown_frames_get_an_error_and_the_socket_stays(alice, frame):
    page, _ = await bell(alice)
    await page.send(frame)
    error = await page.receive()
    assert error["type"] == "error" and error["code"] in {"bad_json", "unknown_type"}
    await page.send({"type": "ping"})
    assert await page.receive() == {"type": "pong"}
    await page.close()


async def test_a_visitor_signed_out_is_refused_and_closed(db):
    connected, page = await connect(0, None, path=PATH)
    assert connected
    refusal = await page.receive()
    assert refusal["type"] == "error" and refusal["code"] == "not_authenticated"
    closed = await page.communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4401}
