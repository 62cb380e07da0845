"""E-mail of notifications: one mail per notification, or one digest a day, never twice.

The worker runs each as a durable task (notifications/tasks.py). Never twice: the task locks
the notification's row and, in that transaction, moves its ``mail`` from ``pending`` to
``sent`` (or ``skipped``: a "your turn" of a match already mailed within
``NOTIFICATIONS_YOUR_TURN_MAIL_EVERY_SECONDS``); the mail is handed to Django's e-mail backend
only after that commit. A second run finds it no longer pending and stands down. A mail server
that refuses it marks it ``failed``: at most once, not at least once, since a person mailed
twice about one challenge is worse than a bell they will see anyway.

Every mail carries a one-click unsubscribe link for its kind (a token signed with
``django.core.signing``, per user and kind) in its body and in ``List-Unsubscribe``, with
``List-Unsubscribe-Post`` (RFC 8058) so a mail client can unsubscribe without a page.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from kernel.notices import KINDS
from notifications.errors import NotificationError
from notifications.models import Notification
from notifications.selectors import settings_for
from notifications.services import DIGEST

logger = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
SUBJECTS = {
    "your_turn": "Your turn",
    "challenge": "You are challenged",
    "challenge_answered": "Your challenge was answered",
    "friend_request": "A friend request",
    "friend_accepted": "A friend request accepted",
    "tournament_starting": "A tournament is about to start",
    "round_paired": "Your tournament table is ready",
    "match_result": "A match result",
}


def unsubscribe_token(*, user_id: int, kind: str) -> str:
    """A token that stops ``kind`` (or the digest) for ``user_id``; it cannot be forged.

    >>> token = unsubscribe_token(user_id=7, kind="challenge")
    >>> unsubscribe_token_read(token)
    (7, 'challenge')
    """
    return signing.dumps([user_id, kind], salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_token_read(token: str) -> tuple[int, str]:
    """``(user_id, kind)`` of a token this site signed, or :class:`NotificationError`."""
    refused = NotificationError("bad_token", "This unsubscribe link is not valid.", status=400)
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature as error:
        raise refused from error
    if not (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], int)
        and (value[1] in KINDS or value[1] == DIGEST)
    ):
        raise refused
    return value[0], value[1]


def unsubscribe_url(*, user_id: int, kind: str) -> str:
    token = unsubscribe_token(user_id=user_id, kind=kind)
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=[token])


def _message(*, user: User, kind: str, subject: str, lines: list[str]) -> EmailMessage:
    unsubscribe = unsubscribe_url(user_id=user.pk, kind=kind)
    what = "the daily digest" if kind == DIGEST else f'"{SUBJECTS[kind].lower()}" mail'
    body = "\n".join(
        [
            f"Hello {user.get_username()},",
            "",
            *lines,
            "",
            f"To stop {what}, open: {unsubscribe}",
            f"Choose what you get by mail: {settings.SITE_URL}{reverse('notifications:settings')}",
        ]
    )
    return EmailMessage(
        subject=f"Cribbage Online: {subject}",
        body=body,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def _line(notification: Notification) -> str:
    return f"- {notification.text}: {settings.SITE_URL}{notification.url}"


def notification_mail_send(*, notification_id: int) -> str:
    """Mail one pending notification once; returns the state it was left in."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update()
            .select_related("recipient")
            .filter(pk=notification_id)
            .first()
        )
        if notification is None or notification.mail != Notification.Mail.PENDING:
            return "gone" if notification is None else notification.mail
        recipient = notification.recipient
        chosen = settings_for(user_id=recipient.pk)
        if not recipient.email or notification.kind not in chosen.email_kinds:
            state = Notification.Mail.NONE  # unsubscribed since, or the address was removed
        elif _turn_mailed_lately(notification):
            state = Notification.Mail.SKIPPED
        else:
            state = Notification.Mail.SENT
        notification.mail = state
        notification.emailed_at = timezone.now() if state == Notification.Mail.SENT else None
        notification.save(update_fields=["mail", "emailed_at"])
    if state != Notification.Mail.SENT:
        return state
    message = _message(
        user=recipient,
        kind=notification.kind,
        subject=SUBJECTS[notification.kind],
        lines=[_line(notification)],
    )
    return _deliver(message, ids=[notification.pk])


def _turn_mailed_lately(notification: Notification) -> bool:
    """At most one "your turn" mail per match (its page) per few hours."""
    if notification.kind != "your_turn":
        return False
    since = timezone.now() - timedelta(seconds=settings.NOTIFICATIONS_YOUR_TURN_MAIL_EVERY_SECONDS)
    return (
        Notification.objects.filter(
            recipient_id=notification.recipient_id,
            kind="your_turn",
            url=notification.url,
            mail=Notification.Mail.SENT,
            emailed_at__gte=since,
        )
        .exclude(pk=notification.pk)
        .exists()
    )


def _deliver(message: EmailMessage, *, ids: list[int]) -> str:
    try:
        message.send()
    except Exception:  # noqa: BLE001 - SMTP's errors are many; the claim stands, never resent
        logger.exception("mailing notifications %s failed", ids)
        Notification.objects.filter(pk__in=ids).update(mail=Notification.Mail.FAILED)
        return Notification.Mail.FAILED
    return Notification.Mail.SENT


def digests_send() -> int:
    """Mail each person their digest: one mail listing every notice waiting for it; how many
    mails. Each person's rows are claimed (locked, marked sent) before their mail goes."""
    recipients = (
        Notification.objects.filter(mail=Notification.Mail.DIGEST)
        .values_list("recipient_id", flat=True)
        .distinct()
    )
    return sum(_digest_send(user_id=user_id) for user_id in list(recipients))


def _digested_lately(last: datetime | None) -> bool:
    if last is None:
        return False
    # A little under the period, so a run a few seconds early still sends.
    return timezone.now() - last < timedelta(
        seconds=settings.NOTIFICATIONS_DIGEST_EVERY_SECONDS * 0.9
    )


def _digest_send(*, user_id: int) -> int:
    with transaction.atomic():
        rows = list(
            Notification.objects.select_for_update()
            .filter(recipient_id=user_id, mail=Notification.Mail.DIGEST)
            .order_by("created", "pk")
        )
        recipient = User.objects.filter(pk=user_id).first()
        chosen = settings_for(user_id=user_id)
        if _digested_lately(chosen.last_digest_at):
            return 0  # one a day, however often the task runs (a worker's start queues one)
        wanted = [row for row in rows if row.kind in chosen.email_kinds]
        if recipient is None or not recipient.email or not chosen.digest or not wanted:
            Notification.objects.filter(pk__in=[row.pk for row in rows]).update(
                mail=Notification.Mail.NONE
            )
            return 0
        now = timezone.now()
        Notification.objects.filter(pk__in=[row.pk for row in wanted]).update(
            mail=Notification.Mail.SENT, emailed_at=now
        )
        Notification.objects.filter(pk__in=[row.pk for row in rows if row not in wanted]).update(
            mail=Notification.Mail.NONE
        )
        chosen.last_digest_at = now
        if chosen.pk is not None:
            chosen.save(update_fields=["last_digest_at"])
    count = len(wanted)
    message = _message(
        user=recipient,
        kind=DIGEST,
        subject=f"your day: {count} notification{'s' if count != 1 else ''}",
        lines=[_line(row) for row in wanted],
    )
    return 1 if _deliver(message, ids=[row.pk for row in wanted]) == "sent" else 0
