"""What the review app stores: a finished match's analysis, its share link, and the link from a
match started with another's deals ("play this deal") back to the original."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Match


class MatchAnalysis(models.Model):
    """The analysis of one finished match (games.strategy.review), computed once and kept.

    A finished match never changes, so the analysis is a pure function of its log and the
    analysis version: a newer version is recomputed on the next view.
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveSmallIntegerField()
    data = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"analysis v{self.version} of match {self.match_id}"


class ShareLink(models.Model):
    """A secret link that opens a private match's review to anyone holding it.

    Made by either player; revoking deletes the row, so the old token stops working at once.
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    token = models.CharField(max_length=64, unique=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"share link of match {self.match_id}"


class DealReplay(models.Model):
    """``match`` is dealt the decks of ``original``, in order ("play this deal")."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    original = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"match {self.match_id} replays the deals of match {self.original_id}"


class MatchTimeline(models.Model):
    """The replay's timeline of one finished match (review.timeline), built once and kept.

    Rebuilding it replays the whole log (tens of milliseconds for a long match); a finished
    match never changes, so later views read it. A newer ``TIMELINE_VERSION`` rebuilds it.
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveSmallIntegerField()
    data = models.JSONField()

    def __str__(self) -> str:
        return f"timeline v{self.version} of match {self.match_id}"
