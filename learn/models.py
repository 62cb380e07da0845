"""What the place to learn remembers: each account's counting progress and its answers."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class CountingProgress(models.Model):
    """One account's counting practice: its level, accuracy, streaks and what it misses.

    ``missed`` and ``over`` count, per kind of combination (fifteen, pair, run, flush, nobs),
    how many answers left points of that kind out or claimed points that were not there.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="counting_progress"
    )
    level = models.PositiveSmallIntegerField(default=1)
    right_at_level = models.PositiveSmallIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    missed = models.JSONField(default=dict)
    over = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"counting progress of user {self.user_id} (level {self.level})"

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


class CountingAttempt(models.Model):
    """One answered practice hand. ``nonce`` is the dealt hand's: one answer per deal counts."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="counting_attempts"
    )
    nonce = models.CharField(max_length=32)
    hand = models.CharField(max_length=16)
    starter = models.CharField(max_length=2)
    crib = models.BooleanField(default=False)
    level = models.PositiveSmallIntegerField()
    answered = models.JSONField()
    total = models.PositiveSmallIntegerField()
    correct = models.BooleanField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "nonce"], name="one_answer_per_practice_deal")
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return (
            f"counting answer {self.hand} | {self.starter} ({'right' if self.correct else 'wrong'})"
        )
