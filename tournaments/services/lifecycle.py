"""Creating, joining, leaving, cancelling and starting tournaments.

Each refusal is a :class:`TournamentError` raised before anything is written. The rules the
issue left to us (docs/tournaments.md):

- a tournament needs at least :data:`MIN_PLAYERS` entrants at its start, or it is cancelled
  with that reason; computers (when allowed) first make an odd field even (Swiss, round robin
  and ACC: no byes) and bring a single entrant up to two;
- withdrawing before the start removes the entry; after it, only between one's matches;
- late join: Swiss only, while fewer than half the rounds have started.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, NoReturn

from django.db import transaction
from django.utils import timezone

from accounts.services import profile_for
from games import engine
from games.bots import LEVELS
from games.engine.options import TOURNAMENT_CLOCK
from kernel import match_options
from ratings.kinds import kind_of
from ratings.selectors import rating_value_for
from tournaments.broadcast import tournament_changed
from tournaments.models import Entry, Tournament
from tournaments.notices import REMIND_BEFORE, starting_soon, tournament_starting_tell
from tournaments.pairing import bracket_size, round_robin_schedule
from tournaments.services import timers
from tournaments.services.decks import deck_secret_new
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import (
    entry_playing,
    next_pairs,
    round_open,
    tournament_finish,
    tournament_locked,
)

MIN_PLAYERS = 2
MAX_CAPACITY = 1024
MAX_ROUND_ROBIN = 16
MAX_ROUNDS = 20
ACC_GAMES = 9
ACC_NO_SHOW_SECONDS = 300
COMPUTER_LEVEL = "medium"
"""The computer that fills a seat when the creator names none: an even game for most players."""


def _refuse(code: str, message: str) -> NoReturn:
    raise TournamentError(code, message)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _refuse("bad_options", f"{name} must be a whole number from {low} to {high}")
    return value


def tournament_create(
    *,
    creator: Any,
    name: str,
    kind: str,
    variant: str = "six",
    scoring: str = "auto",
    muggins: bool = False,
    match_target: int = 1,
    rounds: int | None = None,
    rated: bool = False,
    duplicate: bool = False,
    rank_by_duplicate: bool = False,
    computers_fill: bool = False,
    computer_level: str = COMPUTER_LEVEL,
    acc_knockout: bool = False,
    capacity: int = 16,
    starts_at: datetime | None = None,
    round_minutes: int = 30,
    no_show_seconds: int | None = None,
    clock: engine.TimeControl = TOURNAMENT_CLOCK,
) -> Tournament:
    """A new tournament open for entries, starting at ``starts_at`` or, without one, when full.

    ``rounds``: Swiss rounds, or an ACC session's games (default 9); ignored by round robin
    and knockout, whose rounds follow from the field. An ACC round is one game
    (``match_target`` 1). The creator does not enter by creating. ``clock``: every table's
    time control; a tournament always has one, so no table can be stalled.
    """
    if creator is None or not creator.is_authenticated:
        _refuse("not_authenticated", "sign in to create a tournament")
    name = (name or "").strip()
    if not 1 <= len(name) <= 80:
        _refuse("bad_name", "a tournament's name is 1 to 80 characters")
    if kind not in Tournament.Kind.values:
        _refuse("bad_kind", f"the kind of tournament is one of {', '.join(Tournament.Kind.values)}")
    if kind == Tournament.Kind.ACC:
        match_target = 1
    try:
        options = engine.MatchOptions.from_dict(
            {
                "variant": variant,
                "scoring": scoring,
                "muggins": muggins,
                "match_target": match_target,
            }
        )
    except engine.IllegalAction as error:
        raise TournamentError(error.code, error.message) from error
    limit = MAX_ROUND_ROBIN if kind == Tournament.Kind.ROUND_ROBIN else MAX_CAPACITY
    capacity = _whole(capacity, "capacity", MIN_PLAYERS, limit)
    if kind in (Tournament.Kind.SWISS, Tournament.Kind.ACC):
        default = ACC_GAMES if kind == Tournament.Kind.ACC else 5
        rounds = _whole(default if rounds is None else rounds, "rounds", 1, MAX_ROUNDS)
    else:
        rounds = 0
    round_minutes = _whole(round_minutes, "time per round (minutes)", 5, 600)
    if no_show_seconds is None:
        no_show_seconds = ACC_NO_SHOW_SECONDS
    no_show_seconds = _whole(no_show_seconds, "no-show time (seconds)", 10, 3600)
    if computer_level not in LEVELS:
        _refuse("bad_options", f"the computer's level is one of {', '.join(LEVELS)}")
    if rated and computers_fill:
        _refuse("rated_with_computer", "the computer never plays rated matches")
    if rated and profile_for(creator).is_guest:
        _refuse("rated_needs_account", "sign up to create rated tournaments; guests play casual")
    if not clock.timed:
        _refuse("tournament_needs_clock", "a tournament's tables have a clock: choose one")
    if clock.turn_based:
        # A round waits for its slowest table: days per move would hold the field for weeks.
        _refuse("tournament_realtime_only", "a tournament's tables have a real-time clock")
    if rank_by_duplicate and not duplicate:
        _refuse("bad_options", "ranking by the duplicate score needs duplicate deals")
    if acc_knockout and kind != Tournament.Kind.ACC:
        _refuse("bad_options", "only an ACC session ends in a knockout of its top quarter")
    if starts_at is not None and starts_at <= timezone.now():
        _refuse("bad_start", "the start time must be in the future")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            created_by=creator,
            kind=kind,
            variant=options.variant,
            scoring=options.scoring,
            muggins=options.muggins,
            match_target=options.match_target,
            rounds=rounds,
            rated=rated,
            duplicate=duplicate,
            rank_by_duplicate=rank_by_duplicate,
            computers_fill=computers_fill,
            computer_level=computer_level,
            acc_knockout=acc_knockout,
            capacity=capacity,
            starts_at=starts_at,
            round_minutes=round_minutes,
            no_show_seconds=no_show_seconds,
            **match_options.clock_model_values(clock),
        )
        if starts_at is not None:
            timers.start_schedule(tournament=tournament, at=starts_at)
            timers.remind_schedule(tournament=tournament, at=starts_at - REMIND_BEFORE)
    return tournament


def _locked_or_refuse(tournament_id: int) -> Tournament:
    tournament = tournament_locked(tournament_id)
    if tournament is None:
        _refuse("not_found", "there is no such tournament")
    return tournament


def _over(tournament: Tournament) -> bool:
    return tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def late_join_open(tournament: Tournament) -> bool:
    """Swiss takes entries until half its rounds have started."""
    return (
        tournament.kind == Tournament.Kind.SWISS
        and tournament.status == Tournament.Status.RUNNING
        and tournament.current_round * 2 < tournament.rounds
    )


def _rating(tournament: Tournament, entry: Entry) -> float:
    if entry.user_id is None:  # the computer
        return 0.0
    return rating_value_for(
        user_id=entry.user_id, kind=kind_of(variant=tournament.variant, players=2)
    )


def tournament_join(*, tournament_id: int, user: Any) -> Entry:
    """Enter ``user``; the entry that fills a start-when-full tournament queues its start."""
    if user is None or not user.is_authenticated:
        _refuse("not_authenticated", "sign in (or play as a guest) to join a tournament")
    with transaction.atomic():
        tournament = _locked_or_refuse(tournament_id)
        if _over(tournament):
            _refuse("tournament_over", "this tournament is over")
        if tournament.status == Tournament.Status.RUNNING and not late_join_open(tournament):
            _refuse("tournament_started", "this tournament has started; entries are closed")
        if tournament.entries.filter(user=user).exists():
            _refuse("already_entered", "you have already entered this tournament")
        people = tournament.entries.filter(user__isnull=False, withdrawn_at__isnull=True).count()
        if people >= tournament.capacity:
            _refuse("tournament_full", "this tournament is full")
        if tournament.rated and profile_for(user).is_guest:
            _refuse("rated_needs_account", "sign up to play rated tournaments; guests play casual")
        entry = Entry(tournament=tournament, user=user)
        if tournament.status == Tournament.Status.RUNNING:
            last = tournament.entries.order_by("-seed").values_list("seed", flat=True).first()
            entry.seed = (last or 0) + 1
            entry.rating = _rating(tournament, entry)
        entry.save()
        if tournament.starts_at is None and people + 1 >= tournament.capacity:
            timers.start_schedule(tournament=tournament)
        if starting_soon(tournament):  # joined after the reminders went out
            tournament_starting_tell(tournament=tournament, user_ids=[user.pk])
        tournament_changed(tournament.pk)
    return entry


def tournament_withdraw(*, tournament_id: int, user: Any) -> None:
    """Leave: before the start the entry goes; after it, between one's matches only."""
    if user is None or not user.is_authenticated:
        _refuse("not_authenticated", "sign in to withdraw")
    with transaction.atomic():
        tournament = _locked_or_refuse(tournament_id)
        entry = tournament.entries.filter(user=user).first()
        if entry is None:
            _refuse("not_entered", "you have not entered this tournament")
        if _over(tournament):
            _refuse("tournament_over", "this tournament is over; its results stay as they are")
        if entry.withdrawn_at is not None:
            _refuse("already_withdrawn", "you have already withdrawn")
        if tournament.status == Tournament.Status.UPCOMING:
            entry.delete()
        else:
            table = entry_playing(tournament, entry=entry)
            if table is not None:
                _refuse(
                    "playing",
                    f"finish (or resign) your match at table {table.table} first: "
                    "you may withdraw between rounds",
                )
            entry.withdrawn_at = timezone.now()
            entry.save(update_fields=["withdrawn_at"])
        tournament_changed(tournament.pk)


def tournament_cancel(*, tournament_id: int, user: Any) -> None:
    """Its creator may cancel a tournament that has not started."""
    with transaction.atomic():
        tournament = _locked_or_refuse(tournament_id)
        if user is None or not user.is_authenticated or tournament.created_by_id != user.pk:
            _refuse("not_creator", "only the tournament's creator may cancel it")
        if tournament.status != Tournament.Status.UPCOMING:
            _refuse("tournament_started", "a tournament can be cancelled only before its start")
        _cancel(tournament, "cancelled by its creator")


def _cancel(tournament: Tournament, reason: str) -> None:
    tournament.status = Tournament.Status.CANCELLED
    tournament.cancel_reason = reason
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "cancel_reason", "finished_at"])
    tournament_changed(tournament.pk)


def _planned_rounds(tournament: Tournament, players: int) -> int:
    if tournament.kind == Tournament.Kind.ROUND_ROBIN:
        return len(round_robin_schedule(list(range(players))))
    if tournament.kind == Tournament.Kind.KNOCKOUT:
        return int(math.log2(bracket_size(players)))
    return min(tournament.rounds, players - 1)


def tournament_remind_if_due(*, tournament_id: int) -> int:
    """Tell every entrant a tournament with a start time starts soon; how many were told (a
    second run tells nobody again: the notices are keyed by the tournament)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament is None or not starting_soon(tournament):
            return 0
        user_ids = list(
            tournament.entries.filter(withdrawn_at__isnull=True, user__isnull=False).values_list(
                "user_id", flat=True
            )
        )
        tournament_starting_tell(tournament=tournament, user_ids=user_ids)
        return len(user_ids)


def tournament_start_if_due(*, tournament_id: int) -> bool:
    """Start (seed, fill with computers if allowed, pair round 1) when due; or cancel when too
    few entered. Returns whether the tournament started or was cancelled now."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament is None or tournament.status != Tournament.Status.UPCOMING:
            return False
        if tournament.paused_at is not None:  # staff hold it; resuming queues the start again
            return False
        entries = list(
            tournament.entries.filter(withdrawn_at__isnull=True).order_by("joined_at", "pk")
        )
        # With a start time, the task is queued to run at it (tournament_create, the sweep).
        if tournament.starts_at is None and len(entries) < tournament.capacity:
            return False
        if tournament.computers_fill and entries:
            odd = len(entries) % 2 and tournament.kind != Tournament.Kind.KNOCKOUT
            if odd or len(entries) < MIN_PLAYERS:
                entries.append(
                    Entry.objects.create(tournament=tournament, bot_level=tournament.computer_level)
                )
        if len(entries) < MIN_PLAYERS:
            _cancel(
                tournament,
                f"too few players: {len(entries)} entered, at least {MIN_PLAYERS} are needed",
            )
            return True
        for entry in entries:
            entry.rating = _rating(tournament, entry)
        # Best rating first; equal ratings (everyone unrated) keep the order of registration.
        entries.sort(key=lambda entry: -entry.rating)
        for seed, entry in enumerate(entries, start=1):
            entry.seed = seed
        Entry.objects.bulk_update(entries, ["seed", "rating"])
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        tournament.rounds = _planned_rounds(tournament, len(entries))
        if tournament.duplicate:
            tournament.deck_secret = deck_secret_new()
        tournament.save()
        first = next_pairs(tournament)
        if first is None:
            tournament_finish(tournament)
        else:
            stage, pairs = first
            round_open(tournament=tournament, stage=stage, pairs=pairs)
        return True
