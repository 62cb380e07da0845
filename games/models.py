"""What the server stores about a match: who sits where, what happened, and the decks it used.

The truth of a match is its log: every engine action applied (``MatchAction``, including the
shuffles with their decks) rebuilds the state exactly, and every event sent (``MatchEvent``,
numbered 1, 2, 3, ... per match) replays what each viewer saw. ``Match.state`` is only a cached
snapshot of the engine state for speed; tests check it always equals a rebuild from the log.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.engine.version import RULES_VERSION
from kernel import match_options


def current_rules_version() -> int:
    """The engine's rules version now: what a match created now is played under."""
    return RULES_VERSION


class Match(models.Model):
    """One match between two seats, with its options and a snapshot of the engine state."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for a player"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    Variant = match_options.Variant
    Scoring = match_options.Scoring

    variant = match_options.variant_field()
    scoring = match_options.scoring_field()
    muggins = match_options.muggins_field()
    match_target = match_options.match_target_field()
    players = match_options.players_field()
    deal = match_options.deal_field()
    # The engine's rules version the match was created under (games.engine.RULES_VERSION): a
    # finished match is replayed under these rules even after the engine changes.
    rules_version = models.PositiveSmallIntegerField(default=current_rules_version)
    # Private: made by an invitation link. Only its players may see it, and its empty seat is
    # taken only through that link (games.privacy).
    private = models.BooleanField(default=False)
    # Where its decks come from (games.decks): "" is the secure shuffle; another name picks a
    # registered source, such as the fixed decks a duplicate tournament round shares.
    deck_source = models.CharField(max_length=64, blank=True, default="")
    # Rated: its result moves both players' ratings (the ratings app, fed by the match-finished
    # hook). Only between registered people: guests and the computer never play rated.
    rated = models.BooleanField(default=False)
    # Its time control (games.engine.options.TimeControl) and the clock's running, kept by
    # games.clocks in each action's transaction: the milliseconds each seat had left when the
    # current wait began (``clock_since``), and the seats whose clocks run in it.
    clock_kind = match_options.clock_kind_field()
    clock_bank = match_options.clock_bank_field()
    clock_increment = match_options.clock_increment_field()
    clock_remaining = models.JSONField(default=list)
    clock_running = models.JSONField(default=list)
    clock_since = models.DateTimeField(null=True, blank=True)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    finish_reason = models.CharField(max_length=16, blank=True, default="")
    match_scores = models.JSONField(default=list)

    # The engine state (MatchState.to_dict()) after the last action, and the log positions.
    state = models.JSONField(default=dict)
    last_seq = models.PositiveIntegerField(default=0)
    action_count = models.PositiveIntegerField(default=0)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"match {self.pk} ({self.variant}, {self.status})"

    @property
    def time_control(self) -> match_options.TimeControl:
        return match_options.clock_fields_of(self)

    @property
    def options_dict(self) -> dict:
        """The options in the engine's MatchOptions.to_dict() shape."""
        return {
            "variant": self.variant,
            "scoring": self.scoring,
            "muggins": self.muggins,
            "match_target": self.match_target,
            # Left out for two, as MatchOptions.to_dict() does.
            **({"players": self.players} if self.players != 2 else {}),
            **({"deal": self.deal} if self.deal != "standard" else {}),
            # A days-per-move clock makes the match turn-based (its Muggins window in moves).
            **({"turn_based": True} if self.clock_kind == "days" else {}),
        }


class Seat(models.Model):
    """A place at the table: a person (a registered user or a guest) or the computer."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_seats",
    )
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=16, blank=True, default="")
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_unique_number"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="seat_unique_user"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of match {self.match_id}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.is_bot

    @property
    def display_name(self) -> str | None:
        if self.is_bot:
            # At a table of three or four the computers in seats 2 and 3 carry their number, so
            # no two seats share a name (seat 1 keeps the two-player name: no query to tell).
            name = f"Computer {self.number}" if self.number >= 2 else "Computer"
            return f"{name} ({self.bot_level})" if self.bot_level else name
        if self.user is None:
            return None
        return self.user.get_username()


class Game(models.Model):
    """One finished game of a match, recorded when the engine reports ``game_ended``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    winner_seat = models.PositiveSmallIntegerField()
    scores = models.JSONField(default=list)
    skunk = models.CharField(max_length=8, default="none")
    match_points = models.PositiveSmallIntegerField(default=1)
    finished_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_unique_number")
        ]

    def __str__(self) -> str:
        return f"game {self.number} of match {self.match_id}"


class MatchEvent(models.Model):
    """One event, as sent: the public part for everyone and a private part per seat.

    Append-only; ``seq`` runs 1, 2, 3, ... per match with no gaps. A viewer's copy is
    ``{"type": type, **public, **private[str(seat)]}``; spectators get ``public`` only.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    public = models.JSONField(default=dict)
    private = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="match_event_unique_seq")
        ]

    def __str__(self) -> str:
        return f"{self.type} #{self.seq} of match {self.match_id}"


class MatchAction(models.Model):
    """One engine action applied, in order: the log a match is rebuilt from. Server-only.

    Shuffles are recorded here with their full deck (``seat`` is null). ``client_action_id`` is
    the id a player's client sent, unique per match and seat, so a resent action applies once;
    ``result_seq`` is the last event it produced, for the duplicate's ack.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField()
    client_action_id = models.CharField(max_length=64, blank=True, default="")
    result_seq = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="match_action_unique_number"),
            models.UniqueConstraint(
                fields=["match", "seat", "client_action_id"],
                condition=~Q(client_action_id=""),
                name="match_action_unique_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"action {self.number} of match {self.match_id}"


class Shuffle(models.Model):
    """A deck the server drew, its secret salt and the commitment sent before it was used."""

    class Purpose(models.TextChoices):
        CUT_FOR_DEAL = "cut_for_deal", "Cut for deal"
        DEAL = "deal", "Deal"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="shuffles")
    number = models.PositiveIntegerField()
    purpose = models.CharField(max_length=16, choices=Purpose.choices)
    deck = models.JSONField()
    salt = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    revealed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="shuffle_unique_number")
        ]

    def __str__(self) -> str:
        return f"shuffle {self.number} of match {self.match_id}"


class PresenceLease(models.Model):
    """One open socket's claim that its person is here: at the lobby, or at one match.

    A lease, not a count: the socket's server renews ``expires_at`` while the socket is open
    (games/services/presence.py), a clean close ends it at once, and a server that dies
    (SIGKILL, a lost machine) simply stops renewing, so its leases lapse within one lease
    period. A person is present at a place while any of their leases there has not expired.
    The one presence model of the site: abandonment, claims, the "Disconnected" badge, seek
    grace, the lobby's lists and the worker's start-up sweep all read it.
    """

    class Place(models.TextChoices):
        LOBBY = "lobby"
        MATCH = "match"

    # The socket's channel name: unique per open socket, so a renewal touches only its own row.
    socket = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    place = models.CharField(max_length=8, choices=Place.choices)
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    opened_at = models.DateTimeField()
    expires_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["place", "user", "expires_at"], name="presence_lease_place_user"),
            models.Index(fields=["match", "user", "expires_at"], name="presence_lease_match_user"),
        ]

    def __str__(self) -> str:
        where = f"match {self.match_id}" if self.match_id else self.place
        return f"user {self.user_id} at {where} until {self.expires_at:%H:%M:%S}"


class MatchFinishedNotice(models.Model):
    """The match-finished hook has run for this match: its receivers were called, once.

    Written in the same transaction as the receivers' own writes, so a hook task that runs a
    second time (a re-queue, a worker that died before marking its task done) finds the row and
    calls nobody (games/tasks.py, ``match_finished_announce``).
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    sent_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"match {self.match_id} finished (hook sent {self.sent_at:%Y-%m-%d %H:%M})"
