"""Friends, friend requests, blocks, personal mutes, challenges and each person's social settings.

Keyed by user: accounts knows people only, so what people choose about each other lives here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from kernel import match_options

USER = settings.AUTH_USER_MODEL


class SocialSettings(models.Model):
    """A person's privacy and chat choices (a missing row means every default: all off)."""

    user = models.OneToOneField(
        USER, primary_key=True, on_delete=models.CASCADE, related_name="social_settings"
    )
    presence_friends_only = models.BooleanField(
        default=False,
        help_text="Only friends see whether you are online, playing or when you were last seen.",
    )
    challenges_friends_only = models.BooleanField(
        default=False, help_text="Only friends may challenge you."
    )
    matches_friends_only = models.BooleanField(
        default=False, help_text="Only friends see the list of matches on your profile."
    )
    mute_all_chat = models.BooleanField(
        default=False, help_text="Hide every chat line but your own, in the lobby and at matches."
    )
    public_puzzles_from_private = models.BooleanField(
        default=False,
        help_text=(
            "A clear-cut decision of a private match may become a public puzzle (what the seat "
            "saw, no names) only if every player in it allows it."
        ),
    )

    def __str__(self) -> str:
        return f"social settings of user {self.user_id}"


class FriendRequest(models.Model):
    """One person asking another to be friends; at most one pending per direction."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        CANCELLED = "cancelled"

    from_user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    to_user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["from_user", "to_user"],
                condition=Q(status="pending"),
                name="friend_request_one_pending",
            ),
            models.CheckConstraint(
                condition=~Q(from_user=F("to_user")), name="friend_request_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"friend request {self.from_user_id} -> {self.to_user_id} ({self.status})"


class Friendship(models.Model):
    """Two people who are friends: one row per pair, the lower user id first."""

    first = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="friendship_pair"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="friendship_ordered"),
        ]

    def __str__(self) -> str:
        return f"friends {self.first_id} and {self.second_id}"


class Block(models.Model):
    """``blocker`` wants nothing to do with ``blocked``: no challenges, requests, chat or presence."""

    blocker = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    blocked = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_pair"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocked {self.blocked_id}"


class ChatMute(models.Model):
    """``muter`` no longer hears ``muted`` in any chat; ``muted`` is not told."""

    muter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["muter", "muted"], name="chat_mute_pair"),
            models.CheckConstraint(condition=~Q(muter=F("muted")), name="chat_mute_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.muter_id} muted {self.muted_id}"


class Challenge(models.Model):
    """A direct offer of a two-player match with chosen options, to one named person.

    Accepting makes the match (``match``); declining keeps the reason; a durable task marks it
    expired at ``expires_at`` (social/tasks.py).
    """

    class Status(models.TextChoices):
        OPEN = "open"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        CANCELLED = "cancelled"
        EXPIRED = "expired"

    class Reason(models.TextChoices):
        """The short list a declining player picks from (free text may add to it)."""

        LATER = "later", "Not now, later"
        OPTIONS = "options", "I would rather play other options"
        CASUAL = "casual", "I would rather play casual"
        RATED = "rated", "I would rather play rated"
        NO_REASON = "none", "No reason given"

    challenger = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    challenged = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    variant = match_options.variant_field()
    scoring = match_options.scoring_field()
    muggins = match_options.muggins_field()
    match_target = match_options.match_target_field()
    clock_kind = match_options.clock_kind_field()
    clock_bank = match_options.clock_bank_field()
    clock_increment = match_options.clock_increment_field()
    rated = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    decline_reason = models.CharField(max_length=10, choices=Reason, blank=True)
    decline_text = models.CharField(max_length=200, blank=True)
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["challenged", "status"], name="challenge_to_status")]
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=F("challenged")), name="challenge_not_self"
            )
        ]

    def __str__(self) -> str:
        return f"challenge {self.pk}: {self.challenger_id} -> {self.challenged_id} ({self.status})"

    @property
    def time_control(self):
        return match_options.clock_fields_of(self)

    def options_dict(self) -> dict:
        """The options in the shape ``games.services.match_create`` takes (two players)."""
        return {
            "variant": self.variant,
            "scoring": self.scoring,
            "muggins": self.muggins,
            "match_target": self.match_target,
            "players": 2,
        }
