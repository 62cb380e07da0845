"""The notification centre's rows: what each person was told, and how they want to hear it.

A :class:`Notification` is one ``kernel.notices.Notice`` stored for its recipient; ``key`` is
unique per recipient, so a notice published twice (a task run twice, an action retried) is
stored once. Its e-mail state records the one decision about mail, taken under a row lock by
the worker (notifications/mail.py), so a notification is never mailed twice.

:class:`NotificationSettings` is this app's own, keyed by user: accounts knows people only.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from kernel.notices import KINDS

KIND_CHOICES = [(kind, kind.replace("_", " ")) for kind in KINDS]


class Notification(models.Model):
    class Mail(models.TextChoices):
        NONE = "none", "not mailed"  # not opted in, or no address
        PENDING = "pending", "to be mailed"  # a mail task is queued
        DIGEST = "digest", "waiting for the digest"
        SENT = "sent", "mailed"
        SKIPPED = "skipped", "batched with an earlier mail"
        FAILED = "failed", "the mail server refused it"

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32, choices=KIND_CHOICES)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300)
    key = models.CharField(max_length=120)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    mail = models.CharField(max_length=8, choices=Mail.choices, default=Mail.NONE)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["recipient", "key"], name="notification_unique_key"),
        ]
        indexes = [
            models.Index(fields=["recipient", "read_at"], name="notification_unread"),
            models.Index(fields=["mail", "recipient"], name="notification_mail"),
            # Housekeeping deletes by age every hour (notifications_prune).
            models.Index(fields=["created"], name="notification_created"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.recipient_id}: {self.text}"


class NotificationSettings(models.Model):
    """Which kinds a person wants by e-mail (none until they opt in), and the daily digest."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email_kinds = models.JSONField(default=list, blank=True)
    digest = models.BooleanField(default=False)
    last_digest_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"notification settings of {self.user_id}"
