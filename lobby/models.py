"""What the lobby stores: open seeks, private invitations, chat and rematch offers (presence
is the games app's ``PresenceLease``).

Matches themselves belong to the match server (``games.models``); these rows only say how
players found each other, and point at the match that came of it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from kernel import match_options


class Seek(models.Model):
    """A public offer to play with given options; the first other player to accept gets the match.

    A seek for three or four players fills seat by seat: the first to accept makes the match
    (``match``), the next ones join it, and the seek stays open until its last seat is taken.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        CANCELLED = "cancelled", "Cancelled"
        EXPIRED = "expired", "Expired (creator left)"

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks"
    )
    variant = match_options.variant_field()
    scoring = match_options.scoring_field()
    muggins = match_options.muggins_field()
    match_target = match_options.match_target_field()
    players = match_options.players_field()
    deal = match_options.deal_field()
    # The time control of the match it makes (games.engine.options.TimeControl).
    clock_kind = match_options.clock_kind_field()
    clock_bank = match_options.clock_bank_field()
    clock_increment = match_options.clock_increment_field()
    # Rated: the match it makes moves both ratings (the ratings app). Its creator may open it
    # only to opponents rated within [rating_min, rating_max] (either end may be open).
    rated = models.BooleanField(default=False)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["status", "created_at"], name="seek_status_created")]

    def __str__(self) -> str:
        return f"seek {self.pk} by {self.creator_id} ({self.status})"

    @property
    def time_control(self) -> match_options.TimeControl:
        return match_options.clock_fields_of(self)

    @property
    def options(self) -> dict:
        return {
            "variant": self.variant,
            "scoring": self.scoring,
            "muggins": self.muggins,
            "match_target": self.match_target,
            **({"players": self.players} if self.players != match_options.DEFAULT_PLAYERS else {}),
            **({"deal": self.deal} if self.deal != "standard" else {}),
        }


class Invitation(models.Model):
    """A private match reached only through its secret link; whoever opens it first takes the seat."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        CANCELLED = "cancelled", "Cancelled"

    token = models.CharField(max_length=43, unique=True)
    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, related_name="invitation")
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"invitation to match {self.match_id} ({self.status})"


class ChatMessage(models.Model):
    """One chat line. ``room`` is "lobby", or "match-<id>-players" / "match-<id>-spectators".

    Stored as typed; escaping happens where it is shown (templates autoescape, the browser
    inserts text nodes), so the record stays exactly what the person wrote.
    """

    room = models.CharField(max_length=40)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["room", "-id"], name="chat_room_latest")]

    def __str__(self) -> str:
        return f"{self.room}: {self.text[:30]}"


class RematchOffer(models.Model):
    """One player's offer, after a finished match, to play again with the same options."""

    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="rematch_offer"
    )
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    new_match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rematch of match {self.match_id}"
