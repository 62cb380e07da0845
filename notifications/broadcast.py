"""The notification socket's per-user group, and what is sent to it after the commit.

Every page of a signed-in person opens ``/ws/notifications/`` (notifications/consumers.py),
which joins :func:`notifications_group`. A stored notice is sent there once its transaction
commits, through the site's one send path (kernel/sending.py), so a rolled-back action tells
nobody; marking read sends the new count, so the person's other tabs follow.
"""

from __future__ import annotations

from typing import Any

from kernel.sending import group_send_on_commit


def notifications_group(user_id: int) -> str:
    return f"notifications-user-{user_id}"


def notification_send_on_commit(*, user_id: int, notification: dict[str, Any]) -> None:
    """After the commit: a new notification for ``user_id``'s open pages (the bell, a toast)."""
    group_send_on_commit(
        notifications_group(user_id),
        {"type": "notifications.arrived", "notification": notification},
    )


def unread_changed_on_commit(*, user_id: int) -> None:
    """After the commit: ``user_id`` read some; each open page re-reads the count."""
    group_send_on_commit(notifications_group(user_id), {"type": "notifications.read"})
