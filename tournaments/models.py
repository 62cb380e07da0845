"""Tournaments, their entrants, rounds and tables (each table a games Match)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.engine.options import TOURNAMENT_CLOCK
from games.models import Match
from kernel import match_options


class Tournament(models.Model):
    """A tournament and its options, fixed when it is created."""

    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        KNOCKOUT = "knockout", "Knockout"
        ACC = "acc", "ACC session"

    class Status(models.TextChoices):
        UPCOMING = "upcoming", "Upcoming"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    class Stage(models.TextChoices):
        MAIN = "main", "Main"
        KNOCKOUT = "knockout", "Knockout"

    name = models.CharField(max_length=80)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    variant = match_options.variant_field()
    scoring = match_options.scoring_field()
    muggins = match_options.muggins_field()
    # Match points a table plays to (ACC: 1, one game a round).
    match_target = match_options.match_target_field()
    # Swiss and ACC: rounds planned (capped at entrants - 1 at the start). Round robin and
    # knockout: set at the start from the field.
    rounds = models.PositiveSmallIntegerField(default=0)
    rated = models.BooleanField(default=False)
    duplicate = models.BooleanField(default=False)
    rank_by_duplicate = models.BooleanField(default=False)
    computers_fill = models.BooleanField(default=False)
    # Which computer opponent takes a seat the field leaves empty (games.bots.LEVELS).
    computer_level = models.CharField(max_length=16, default="medium")
    acc_knockout = models.BooleanField(default=False)
    capacity = models.PositiveSmallIntegerField(default=16)
    # None: starts when full.
    starts_at = models.DateTimeField(null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(default=30)
    no_show_seconds = models.PositiveIntegerField(default=300)
    # Every table's time control: always a clock (issue 25), by default the engine's.
    clock_kind = match_options.clock_kind_field(TOURNAMENT_CLOCK)
    clock_bank = match_options.clock_bank_field(TOURNAMENT_CLOCK)
    clock_increment = match_options.clock_increment_field(TOURNAMENT_CLOCK)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.UPCOMING)
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.MAIN)
    current_round = models.PositiveSmallIntegerField(default=0)
    # The key every duplicate deck of this tournament is derived from: never shown to anyone.
    deck_secret = models.CharField(max_length=64, blank=True, default="")
    cancel_reason = models.CharField(max_length=200, blank=True, default="")
    # The winner's name, stored when the tournament finishes (it never changes after), so the
    # list of finished tournaments need not compute every podium on every view.
    winner_name = models.CharField(max_length=150, blank=True, default="")
    # Set while staff hold the tournament (tournaments/services/staff.py): it does not start and
    # pairs no next round; the tables in play go on.
    paused_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"tournament {self.pk} ({self.kind}, {self.status})"

    @property
    def time_control(self) -> match_options.TimeControl:
        return match_options.clock_fields_of(self)

    @property
    def match_options(self) -> dict:
        return {
            "variant": self.variant,
            "scoring": self.scoring,
            "muggins": self.muggins,
            "match_target": self.match_target,
        }


class Entry(models.Model):
    """One entrant: a person, or the computer filling a seat (``user`` empty, ``bot_level``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_entries",
    )
    bot_level = models.CharField(max_length=16, blank=True, default="")
    # 1 = best; set at the start from ratings (or registration order), late joiners after.
    seed = models.PositiveIntegerField(default=0)
    rating = models.FloatField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "seed", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=Q(user__isnull=False),
                name="entry_unique_user",
            )
        ]

    def __str__(self) -> str:
        return f"entry {self.pk} of tournament {self.tournament_id}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def name(self) -> str:
        if self.user is None:
            return f"Computer ({self.bot_level})"
        return self.user.get_username()


class Round(models.Model):
    """One round: every table of it is paired at once, the next when all have ended."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(
        max_length=10, choices=Tournament.Stage.choices, default=Tournament.Stage.MAIN
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of tournament {self.tournament_id}"


class Pairing(models.Model):
    """A table of a round: two entries and their match, or one entry's bye (``second`` empty).

    A walkover (the opponent withdrew) is finished at once with ``forfeit`` and no match.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )
    finished = models.BooleanField(default=False)
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    forfeit = models.BooleanField(default=False)
    # The seats that never came to the match in time (the no-show rule), e.g. [1] or [0, 1].
    no_shows = models.JSONField(default=list)
    # Still in play when the round's time ran out: decided by the score then (rounds.py).
    timed_out = models.BooleanField(default=False)
    points = models.JSONField(default=list)  # [first's points, second's] over the games
    games = models.JSONField(default=list)  # [[winner index, margin], ...] per game

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="pairing_unique_table")
        ]

    def __str__(self) -> str:
        return f"table {self.table} of {self.round}"

    @property
    def is_bye(self) -> bool:
        return self.second_id is None
