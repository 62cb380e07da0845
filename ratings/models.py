"""What the ratings app stores: one rating and one set of statistics per player and kind of play,
the history of rating changes, and which finished matches have been counted.

A kind of play is a key such as "six-2p" (``ratings.kinds``). Everything here is derived from the
matches' own logs, so ``manage.py ratings_recompute`` can rebuild it from scratch.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.strategy.review.claims import counting_accuracy_percent
from ratings import glicko2


class PlayerRating(models.Model):
    """A player's Glicko-2 rating in one kind of play, as of their last rated match.

    ``deviation`` is as it stood after that match; it grows with time away, so pages show it
    aged to now (``ratings.selectors``). ``listed_until`` is the moment the aged deviation
    passes the leaderboard's limit (null: it is already past it), so the leaderboard is one
    indexed range query instead of a computation per player.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    rating = models.FloatField(default=glicko2.START_RATING)
    deviation = models.FloatField(default=glicko2.START_DEVIATION)
    volatility = models.FloatField(default=glicko2.START_VOLATILITY)
    matches = models.PositiveIntegerField(default=0)
    rated_at = models.DateTimeField(null=True, blank=True)
    listed_until = models.DateTimeField(null=True, blank=True)

    # Not stored: a leaderboard page's rows get their place and their rating aged to today
    # (ratings.selectors.leaderboard_page), for the template.
    rank: int
    now: glicko2.Rating

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="player_rating_unique_kind")
        ]
        indexes = [
            models.Index(fields=["kind", "-rating"], name="player_rating_board"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} rating of user {self.user_id}: {self.rating:.0f}/{self.deviation:.0f}"

    @property
    def value(self) -> glicko2.Rating:
        return glicko2.Rating(self.rating, self.deviation, self.volatility)


class RatingChange(models.Model):
    """One rated match's effect on one player: the history chart's points, and the key that
    makes the update happen once (unique per match and player)."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    score = models.FloatField()  # 1 won, 0 lost (three players: 0.5 for a loser's draw with the other loser; the mean of its pairwise results, docs/ratings.md)
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="rating_change_unique_match")
        ]
        indexes = [models.Index(fields=["user", "kind", "at"], name="rating_change_history")]

    def __str__(self) -> str:
        return f"match {self.match_id}: user {self.user_id} {self.rating_before:.0f}->{self.rating_after:.0f}"


class PlayerStats(models.Model):
    """Counters for one player and kind of play over every finished match (rated or not).

    Averages are kept as sums and counts so each match only adds. Average luck and discard
    accuracy will come from the review's analysis (not built yet): they will be two more
    sum/count pairs filled by the same tally (docs/ratings.md, "Statistics").
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    matches_won = models.PositiveIntegerField(default=0)
    matches_lost = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    games_lost = models.PositiveIntegerField(default=0)
    skunks_given = models.PositiveIntegerField(default=0)
    skunks_taken = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    hand_points = models.PositiveIntegerField(default=0)
    cribs = models.PositiveIntegerField(default=0)
    crib_points = models.PositiveIntegerField(default=0)
    play_points = models.PositiveIntegerField(default=0)
    highest_hand = models.PositiveSmallIntegerField(default=0)
    twenty_nines = models.PositiveIntegerField(default=0)
    claims = models.PositiveIntegerField(default=0)
    claims_exact = models.PositiveIntegerField(default=0)
    # {"easy": {"won": 3, "lost": 1}, ...}: matches against each computer level.
    computer_record = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="player_stats_unique_kind")
        ]

    def __str__(self) -> str:
        return f"{self.kind} statistics of user {self.user_id}"

    @staticmethod
    def _ratio(total: int, count: int) -> float | None:
        return total / count if count else None

    @property
    def average_hand(self) -> float | None:
        return self._ratio(self.hand_points, self.hands)

    @property
    def average_crib(self) -> float | None:
        return self._ratio(self.crib_points, self.cribs)

    @property
    def average_play(self) -> float | None:
        return self._ratio(self.play_points, self.hands)

    @property
    def counting_accuracy(self) -> float | None:
        """Counting accuracy (manual scoring), in per cent: the review's definition, one place
        (:func:`games.strategy.review.claims.counting_accuracy_percent`)."""
        return counting_accuracy_percent(self.claims_exact, self.claims)


class TalliedMatch(models.Model):
    """This finished match has been counted (statistics, and its rating if rated): the key that
    makes the hook's work happen once per match, however often the hook is sent."""

    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    tallied_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"match {self.match_id} tallied"
