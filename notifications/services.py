"""Writes of the notification centre: storing a notice, marking read, the e-mail settings.

Storing runs inside the publisher's transaction (kernel/notices.py): the row, the decision
whether to mail it and the mail task all commit with the action that made the news true, or
not at all; the live send to the bell waits for the commit.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from kernel.notices import KINDS, Notice
from notifications import broadcast
from notifications.errors import NotificationError
from notifications.models import Notification, NotificationSettings
from notifications.selectors import notification_json, settings_for

DIGEST = "digest"
"""The unsubscribe link's kind for the daily digest (beside the notice kinds)."""


def _local_path(url: str) -> str:
    """A notice's link stays on this site: a path, never another host (``//evil``)."""
    if not url.startswith("/") or url.startswith("//") or "\\" in url:
        raise ValueError(f"a notice links to a path on this site, not {url!r}")
    return url[:300]


def notification_store(*, notice: Notice) -> Notification | None:
    """Store ``notice`` once per (recipient, key) and, after the commit, show it live.

    Returns the new row, or None when the key was already stored (nothing is sent again) or
    the recipient no longer exists.
    """
    recipient = User.objects.filter(pk=notice.recipient_id).only("pk", "email").first()
    if recipient is None:
        return None
    notification, created = Notification.objects.get_or_create(
        recipient=recipient,
        key=notice.key[:120],
        defaults={
            "kind": notice.kind,
            "text": notice.text[:300],
            "url": _local_path(notice.url),
            "actor_id": notice.actor_id,
        },
    )
    if not created:
        return None
    mail = _mail_decision(recipient=recipient, kind=notice.kind)
    if mail != Notification.Mail.NONE:
        Notification.objects.filter(pk=notification.pk).update(mail=mail)
        notification.mail = mail
    if mail == Notification.Mail.PENDING:
        from notifications.tasks import notification_mail

        notification_mail.enqueue(notification_id=notification.pk)
    broadcast.notification_send_on_commit(
        user_id=recipient.pk, notification=notification_json(notification)
    )
    return notification


def _mail_decision(*, recipient: User, kind: str) -> str:
    if not recipient.email:
        return Notification.Mail.NONE
    chosen = settings_for(user_id=recipient.pk)
    if kind not in chosen.email_kinds:
        return Notification.Mail.NONE
    return Notification.Mail.DIGEST if chosen.digest else Notification.Mail.PENDING


def notification_mark_read(*, user: User, notification_id: int) -> Notification:
    """Mark one of ``user``'s own notifications read; another's is "not found", unchanged."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update()
            .filter(pk=notification_id, recipient=user)
            .first()
        )
        if notification is None:
            raise NotificationError("not_found", "There is no such notification.", status=404)
        if notification.read_at is None:
            notification.read_at = timezone.now()
            notification.save(update_fields=["read_at"])
            broadcast.unread_changed_on_commit(user_id=user.pk)
        return notification


def notifications_mark_all_read(*, user: User) -> int:
    """Mark every unread notification of ``user`` read; how many."""
    with transaction.atomic():
        marked = Notification.objects.filter(recipient=user, read_at__isnull=True).update(
            read_at=timezone.now()
        )
        if marked:
            broadcast.unread_changed_on_commit(user_id=user.pk)
        return marked


def notification_settings_update(
    *, user: User, email_kinds: Iterable[str], digest: bool
) -> NotificationSettings:
    """Save which kinds ``user`` wants by e-mail and whether as a daily digest."""
    kinds = sorted(set(email_kinds))
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        raise NotificationError("bad_kind", f"no such kind of notification: {unknown[0]}")
    if kinds and not user.email:
        raise NotificationError(
            "no_email", "Add an e-mail address to your account to get notifications by mail."
        )
    row, _ = NotificationSettings.objects.update_or_create(
        user=user, defaults={"email_kinds": kinds, "digest": bool(digest)}
    )
    return row


def notification_unsubscribe(*, user_id: int, kind: str) -> None:
    """Stop the mail of ``kind`` (or the digest) for ``user_id``; doing it twice changes nothing."""
    with transaction.atomic():
        row, _ = NotificationSettings.objects.select_for_update().get_or_create(user_id=user_id)
        if kind == DIGEST:
            row.digest = False
        else:
            row.email_kinds = [chosen for chosen in row.email_kinds if chosen != kind]
        row.save(update_fields=["digest", "email_kinds"])


def notifications_prune(*, read_older_than_days: float, any_older_than_days: float) -> int:
    """Delete notifications read and made more than ``read_older_than_days`` ago, and any made
    more than ``any_older_than_days`` ago (someone away for a year does not come back to a
    year of "your turn"); how many. Nothing waiting to be mailed goes before its mail, unless it
    is past the second age. Run by housekeeping; deleting by age, so a second run removes
    nothing more."""
    now = timezone.now()
    read_cutoff = now - timedelta(days=read_older_than_days)
    any_cutoff = now - timedelta(days=any_older_than_days)
    waiting_mail = [Notification.Mail.PENDING, Notification.Mail.DIGEST]
    old_and_read = Q(created__lt=read_cutoff, read_at__isnull=False) & ~Q(mail__in=waiting_mail)
    deleted, _ = Notification.objects.filter(old_and_read | Q(created__lt=any_cutoff)).delete()
    return deleted
