"""The notification centre's durable tasks, run by the worker (``manage.py run_worker``).

Both are safe to run twice: each claims what it mails under a row lock, marking it sent in the
claiming transaction (notifications/mail.py). The digest keeps itself scheduled like
housekeeping: each run queues the next, and every worker at its start queues one if none waits
(:func:`notifications.schedule.digest_schedule`).
"""

from __future__ import annotations

from django.conf import settings
from django_tasks import task


@task()
def notification_mail(*, notification_id: int) -> str:
    """Mail one notification, once however often this runs."""
    from notifications.mail import notification_mail_send

    return notification_mail_send(notification_id=notification_id)


@task()
def digests_send() -> int:
    """Mail the day's digests, then queue tomorrow's run."""
    from notifications.mail import digests_send as send
    from notifications.schedule import digest_schedule

    sent = send()
    digest_schedule(delay_seconds=settings.NOTIFICATIONS_DIGEST_EVERY_SECONDS)
    return sent
