"""The daily deal and the games played on it.

``DailyDeal``: one deck a day, the same for everyone; its commitment (SHA-256 of the deck and a
salt, ``games.fairness``) is shown from the day's first game on, the deck and salt only once the
day is over. ``SolitaireGame``: one player's one game on a day's deck (one per player per day,
so the day's leaderboard compares the same cards), its state the engine's
``SolitaireState.to_dict()``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class DailyDeal(models.Model):
    day = models.DateField(unique=True)
    deck = models.CharField(max_length=160)
    """The 52 cards, top first, space-separated ("AS 7H ..."); secret until the day is over."""
    salt = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-day"]

    def __str__(self) -> str:
        return f"daily deal {self.day}"


class SolitaireGame(models.Model):
    class Mode(models.TextChoices):
        AUTO = "auto", "Automatic counting"
        COUNT = "count", "Count it yourself"

    deal = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="games")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solitaire_games"
    )
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.AUTO)
    state = models.JSONField()
    score = models.PositiveSmallIntegerField(default=0)
    misses = models.PositiveSmallIntegerField(default=0)
    finished = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "player"], name="solitaire_one_game_a_day")
        ]
        indexes = [models.Index(fields=["deal", "finished", "score"], name="solitaire_board")]

    def __str__(self) -> str:
        return f"solitaire of {self.player_id} on {self.deal_id}"
