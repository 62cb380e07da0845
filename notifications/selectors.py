"""Reads of the notification centre: the bell's count and latest, the page, the settings."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet

from notifications.models import Notification, NotificationSettings

BELL_LATEST = 5
PAGE_SIZE = 20


def notification_json(notification: Notification) -> dict[str, Any]:
    """What the bell's script is told about one notification (never another person's)."""
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "text": notification.text,
        "url": notification.url,
        "created": notification.created.isoformat(),
        "read": notification.read_at is not None,
    }


def notifications_for(*, user: User) -> QuerySet[Notification]:
    return Notification.objects.filter(recipient=user)


def unread_count(*, user_id: int) -> int:
    return Notification.objects.filter(recipient_id=user_id, read_at__isnull=True).count()


def bell_state(*, user_id: int) -> dict[str, Any]:
    """The socket's ``hello``: the unread count and the latest few."""
    latest = Notification.objects.filter(recipient_id=user_id)[:BELL_LATEST]
    return {
        "type": "hello",
        "unread": unread_count(user_id=user_id),
        "latest": [notification_json(row) for row in latest],
    }


def settings_for(*, user_id: int) -> NotificationSettings:
    """The person's settings, unsaved defaults (no mail) when they never chose any."""
    found = NotificationSettings.objects.filter(user_id=user_id).first()
    return found if found is not None else NotificationSettings(user_id=user_id)
