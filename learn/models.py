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


class Puzzle(models.Model):
    """A decision from a finished match where one answer is clearly best: a throw or a card.

    ``position`` is what the deciding seat saw, taken from the engine's view for that seat (never
    the hidden cards); ``choices`` maps every choice (``"2H 9C"`` for a throw, ``"7H"`` for a
    card) to its value; ``answer`` is the best choice's key. A public puzzle (``owner`` empty)
    is offered to everyone; an owned one is that player's own mistake, offered to them alone.
    """

    class Kind(models.TextChoices):
        DISCARD = "discard", "What to throw"
        PLAY = "play", "What to play"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    key = models.CharField(max_length=80, unique=True)
    source_match_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="own_puzzles",
    )
    position = models.JSONField()
    choices = models.JSONField()
    answer = models.CharField(max_length=16)
    by_chance = models.BooleanField(default=False)
    margin = models.FloatField()
    themes = models.JSONField(default=list)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["owner", "created_at"])]

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.kind}, {'public' if self.owner_id is None else 'own'})"


class PuzzleAttempt(models.Model):
    """One solver's one answer to one puzzle: it counts once, and moves both ratings."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_attempts"
    )
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts_made")
    chosen = models.CharField(max_length=16)
    correct = models.BooleanField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "puzzle"], name="one_attempt_per_puzzle")
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"attempt of puzzle {self.puzzle_id} by user {self.user_id}"


class PuzzleRating(models.Model):
    """A solver's puzzle rating (Glicko-2, apart from the game ratings)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_rating"
    )
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"puzzle rating of user {self.user_id}: {round(self.rating)}"


class DailyPuzzle(models.Model):
    """The one puzzle everyone is offered on a day (UTC), chosen once and kept."""

    day = models.DateField(unique=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"daily puzzle of {self.day}"
