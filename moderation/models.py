"""Reports of players and chat lines, what staff did about them, and who may not chat now.

A reported chat line is copied into its report with the lines around it (`context`), so the
evidence outlives the line; the line is named by its id only (it is the lobby's row, an app
this one does not import).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Report(models.Model):
    """One person's report of a player, or of a line that player wrote in chat."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIONED = "actioned", "Acted on"
        DISMISSED = "dismissed", "Dismissed"

    class Reason(models.TextChoices):
        ABUSE = "abuse", "Abuse or harassment"
        HATE = "hate", "Hateful language"
        SPAM = "spam", "Spam or advertising"
        CHEATING = "cheating", "Cheating or collusion"
        NAME = "name", "Offensive name"
        OTHER = "other", "Something else"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=20, choices=Reason.choices)
    details = models.CharField(max_length=500, blank=True)
    chat_line_id = models.BigIntegerField(null=True, blank=True)
    chat_room = models.CharField(max_length=40, blank=True)
    chat_text = models.CharField(max_length=500, blank=True)
    # The lines around the reported one, oldest first: [{"id", "author", "text", "at"}, ...].
    context = models.JSONField(default=list, blank=True)
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(default=timezone.now)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["status", "created_at"], name="report_queue")]
        constraints = [
            # A person reports one line once; the second try is told kindly (services).
            models.UniqueConstraint(
                fields=["reporter", "chat_line_id"],
                condition=Q(chat_line_id__isnull=False),
                name="report_line_once",
            )
        ]

    def __str__(self) -> str:
        said = f': "{self.chat_text[:40]}"' if self.chat_text else ""
        return f"Report {self.pk} of {self.reported}{said} ({self.get_reason_display()})"


class ChatRestriction(models.Model):
    """A staff mute (until a time) or chat ban (no end) on one person; lifted by setting
    `lifted_at`, so the history stays."""

    class Kind(models.TextChoices):
        MUTE = "mute", "Muted"
        BAN = "ban", "Banned from chat"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    until = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "lifted_at"], name="restriction_user")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.user_id} until {self.until or 'lifted'}"


class StaffWarning(models.Model):
    """A warning from staff, shown to its person as a banner on their next page until read."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    seen_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Warning to {self.user_id}: {self.text[:30]}"


class StaffAction(models.Model):
    """The audit: one row per staff action anywhere in the admin (kernel.staff_audit).

    The staff member's name is copied, so the record reads the same after their account goes.
    """

    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    staff_name = models.CharField(max_length=150)
    action = models.CharField(max_length=40)
    target = models.CharField(max_length=200)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["-created_at"], name="staff_action_latest")]

    def __str__(self) -> str:
        return f"{self.staff_name}: {self.action} {self.target}"
