"""A published notice is stored once, in its publisher's transaction, and read by its owner only."""

from __future__ import annotations

import pytest
from django.db import transaction

from kernel.notices import Notice, publish
from notifications.errors import NotificationError
from notifications.models import Notification
from notifications.selectors import bell_state, unread_count
from notifications.services import notification_mark_read, notifications_mark_all_read
from tests.notifications.conftest import challenge

pytestmark = pytest.mark.django_db


def test_a_published_notice_is_stored_for_its_recipient(alice, bob):
    publish(challenge(alice, actor=bob))
    (stored,) = Notification.objects.all()
    assert (stored.recipient, stored.kind, stored.actor, stored.url) == (
        alice,
        "challenge",
        bob,
        "/lobby/",
    )
    assert stored.read_at is None and stored.mail == Notification.Mail.NONE
    assert unread_count(user_id=alice.pk) == 1 and unread_count(user_id=bob.pk) == 0


def test_the_same_key_published_twice_is_stored_once(alice):
    publish(challenge(alice, key="challenge:7"))
    publish(challenge(alice, key="challenge:7"))
    assert Notification.objects.filter(recipient=alice).count() == 1


def test_the_same_key_for_two_people_is_stored_for_each(alice, bob):
    publish(challenge(alice, key="match_result:3"))
    publish(challenge(bob, key="match_result:3"))
    assert Notification.objects.count() == 2


def test_a_rolled_back_action_tells_nobody(alice):
    with pytest.raises(RuntimeError), transaction.atomic():
        publish(challenge(alice))
        raise RuntimeError("the action failed after publishing")
    assert not Notification.objects.exists()


def test_a_notice_linking_off_the_site_is_refused(alice):
    with pytest.raises(ValueError):
        publish(challenge(alice, url="//evil.example/"))
    with pytest.raises(ValueError):
        publish(challenge(alice, url="https://evil.example/"))
    assert not Notification.objects.exists()


def test_an_unknown_kind_cannot_be_published(alice):
    with pytest.raises(ValueError):
        Notice(recipient_id=alice.pk, kind="spam", text="x", url="/", key="k")


def test_marking_read_one_and_all(alice):
    for number in range(3):
        publish(challenge(alice, key=f"challenge:{number}"))
    first = Notification.objects.filter(recipient=alice).last()
    notification_mark_read(user=alice, notification_id=first.pk)
    notification_mark_read(user=alice, notification_id=first.pk)  # again: nothing more
    assert unread_count(user_id=alice.pk) == 2
    assert notifications_mark_all_read(user=alice) == 2
    assert unread_count(user_id=alice.pk) == 0


def test_someone_elses_notification_is_not_found_and_stays_unread(alice, mallory):
    publish(challenge(alice))
    mine = Notification.objects.get(recipient=alice)
    with pytest.raises(NotificationError) as refused:
        notification_mark_read(user=mallory, notification_id=mine.pk)
    assert refused.value.code == "not_found" and refused.value.status == 404
    assert notifications_mark_all_read(user=mallory) == 0
    mine.refresh_from_db()
    assert mine.read_at is None


def test_the_bell_state_holds_the_count_and_the_latest_first(alice):
    for number in range(7):
        publish(challenge(alice, key=f"challenge:{number}"))
    state = bell_state(user_id=alice.pk)
    assert state["unread"] == 7
    assert len(state["latest"]) == 5
    assert [item["id"] for item in state["latest"]] == sorted(
        (item["id"] for item in state["latest"]), reverse=True
    )
