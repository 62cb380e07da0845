"""Notifications by e-mail through a real SMTP server (aiosmtpd on loopback): opt-in per kind,
once per notification however often the task runs, "your turn" batched per match, the daily
digest, and the one-click unsubscribe link (a forged or tampered one changes nothing)."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import signing
from django.test import Client
from django.utils import timezone

from kernel.notices import publish
from notifications.errors import NotificationError
from notifications.mail import UNSUBSCRIBE_SALT, unsubscribe_token
from notifications.models import Notification
from notifications.selectors import settings_for
from notifications.services import notification_settings_update
from notifications.tasks import digests_send, notification_mail
from tests.notifications.conftest import challenge, your_turn
from tests.support.tasks import tasks_run_due

pytestmark = pytest.mark.django_db


def mail_state(key: str) -> str:
    return Notification.objects.get(key=key).mail


def link_in(body: str, marker: str) -> str:
    line = next(line for line in body.splitlines() if marker in line)
    return line.split(marker, 1)[1].strip()


def test_an_opted_in_notice_is_mailed_once_with_a_working_unsubscribe_link(dora, smtp_inbox):
    notification_settings_update(user=dora, email_kinds=["challenge"], digest=False)
    publish(challenge(dora, key="challenge:1"))
    assert mail_state("challenge:1") == "pending"
    tasks_run_due()
    (message,) = smtp_inbox.messages
    assert smtp_inbox.recipients == [["dora@example.test"]]
    assert message["Subject"] == "Cribbage Online: You are challenged"
    assert message["To"] == "dora@example.test"
    body = message.get_content()
    assert "bob challenges you to a match: http://127.0.0.1:8000/lobby/" in body
    unsubscribe = link_in(body, "open: ")
    assert message["List-Unsubscribe"].strip() == f"<{unsubscribe}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail_state("challenge:1") == "sent"

    # The task run again (a worker re-running it after a crash): no second mail.
    assert notification_mail.call(notification_id=Notification.objects.get().pk) == "sent"
    assert len(smtp_inbox.messages) == 1

    # One click on the link (nobody signed in) stops challenges by mail, and only those.
    notification_settings_update(user=dora, email_kinds=["challenge", "your_turn"], digest=False)
    page = Client().get(urlsplit(unsubscribe).path)
    assert page.status_code == 200 and "challenge" in page.content.decode()
    assert settings_for(user_id=dora.pk).email_kinds == ["your_turn"]
    publish(challenge(dora, key="challenge:2"))
    assert mail_state("challenge:2") == "none"


def test_a_mail_clients_one_click_post_unsubscribes_without_a_csrf_token(dora):
    notification_settings_update(user=dora, email_kinds=["match_result"], digest=False)
    token = unsubscribe_token(user_id=dora.pk, kind="match_result")
    client = Client(enforce_csrf_checks=True)
    answer = client.post(f"/notifications/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert settings_for(user_id=dora.pk).email_kinds == []


@pytest.mark.parametrize(
    "forge",
    [
        lambda dora: "not-a-token",
        lambda dora: signing.dumps([dora.pk, "challenge"], salt="another-salt"),
        lambda dora: signing.dumps([dora.pk, "challenge"], salt=UNSUBSCRIBE_SALT, key="x" * 50),
        # A real token for another kind with its payload swapped: the signature no longer fits.
        lambda dora: (
            signing.dumps([dora.pk, "your_turn"], salt=UNSUBSCRIBE_SALT).split(":", 1)[0]
            + ":"
            + unsubscribe_token(user_id=dora.pk, kind="challenge").split(":", 1)[1]
        ),
        # Signed, but naming no kind of notice.
        lambda dora: signing.dumps([dora.pk, "everything"], salt=UNSUBSCRIBE_SALT),
    ],
)
def test_a_forged_or_tampered_unsubscribe_token_is_refused_and_changes_nothing(dora, forge):
    notification_settings_update(user=dora, email_kinds=["challenge", "your_turn"], digest=True)
    answer = Client().get(f"/notifications/unsubscribe/{forge(dora)}/")
    assert answer.status_code == 400
    assert "not valid" in answer.content.decode()
    chosen = settings_for(user_id=dora.pk)
    assert chosen.email_kinds == ["challenge", "your_turn"] and chosen.digest


def test_nobody_is_mailed_without_opting_in_or_without_an_address(dora, alice, smtp_inbox):
    publish(challenge(dora, key="challenge:1"))  # dora never opted in
    with pytest.raises(NotificationError):
        notification_settings_update(user=alice, email_kinds=["challenge"], digest=False)
    publish(challenge(alice, key="challenge:2"))
    tasks_run_due()
    assert smtp_inbox.messages == []
    assert set(Notification.objects.values_list("mail", flat=True)) == {"none"}


def test_at_most_one_your_turn_mail_per_match_every_few_hours(dora, smtp_inbox, settings):
    settings.NOTIFICATIONS_YOUR_TURN_MAIL_EVERY_SECONDS = 3 * 3600
    notification_settings_update(user=dora, email_kinds=["your_turn"], digest=False)
    publish(your_turn(dora, match_url="/matches/1/", key="your_turn:1:5"))
    publish(your_turn(dora, match_url="/matches/1/", key="your_turn:1:9"))
    publish(your_turn(dora, match_url="/matches/2/", key="your_turn:2:3"))
    tasks_run_due()
    assert len(smtp_inbox.messages) == 2
    assert mail_state("your_turn:1:9") == "skipped"
    # Hours later the same match may mail again.
    Notification.objects.filter(mail="sent").update(emailed_at=timezone.now() - timedelta(hours=4))
    publish(your_turn(dora, match_url="/matches/1/", key="your_turn:1:20"))
    tasks_run_due()
    assert len(smtp_inbox.messages) == 3


def test_the_digest_lists_the_days_notices_in_one_mail_once(dora, smtp_inbox):
    notification_settings_update(user=dora, email_kinds=["challenge", "match_result"], digest=True)
    for number in range(3):
        publish(challenge(dora, key=f"challenge:{number}"))
    tasks_run_due()
    assert smtp_inbox.messages == []  # nothing one by one
    assert digests_send.call() == 1
    (digest,) = smtp_inbox.messages
    assert digest["Subject"] == "Cribbage Online: your day: 3 notifications"
    assert digest.get_content().count("bob challenges you") == 3
    assert "/notifications/unsubscribe/" in digest["List-Unsubscribe"]
    # Run twice (or a worker's start queueing one more): no second mail that day.
    publish(challenge(dora, key="challenge:late"))
    assert digests_send.call() == 0
    assert len(smtp_inbox.messages) == 1
    assert mail_state("challenge:late") == "digest"  # waits for tomorrow's


def test_a_refused_mail_is_marked_failed_and_never_resent(dora, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1  # nothing listens there
    settings.EMAIL_TIMEOUT = 2
    notification_settings_update(user=dora, email_kinds=["challenge"], digest=False)
    publish(challenge(dora, key="challenge:1"))
    tasks_run_due()
    assert mail_state("challenge:1") == "failed"
    assert notification_mail.call(notification_id=Notification.objects.get().pk) == "failed"
