"""Everything a match waits for (a bot's turn, an absent player, a running clock), queued as durable tasks in the transaction that makes it due.

A task is a row in the database (django-tasks' database backend), written by the same
transaction as the change that makes it due: a rollback queues nothing, and a commit cannot
lose it, whatever happens to the process next. A worker process runs it when its ``run_after``
has come (docs/architecture.md, "The flow of a timer"). Every task re-reads the database and
does nothing when the match moved on, so running one twice, or a stale one, is harmless.

The tasks themselves are declared in ``games/tasks.py``; this module only decides when.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine, tasks
from games.engine.options import TURN_BASED
from games.models import Match, MatchFinishedNotice, Seat
from games.selectors import seats_out_of_time

TAKEOVER_LEVEL = "medium"
"""The computer's level when it plays for a seat whose clock ran out (three and four seats)."""


def _in(seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=max(0.0, seconds))


def _require_transaction() -> None:
    # Queued outside a transaction, the task could be run before (or without) the change that
    # makes it due being committed: callers must enqueue inside that change's transaction.
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("timers are queued inside the transaction that makes them due")


def bot_seats_to_act(*, match: Match, state: Any, seats: list | None = None) -> dict[int, str]:
    """Bot seats the engine is waiting on, with their levels (empty when no bot is seated).

    ``seats``: the match's Seat rows if the caller already has them (saves a query per action).
    """
    if match.status != Match.Status.ACTIVE:
        return {}
    if seats is None:
        seats = list(match.seats.all())
    bots = {seat.number: seat.bot_level for seat in seats if seat.is_bot}
    # A person whose clock ran out keeps the seat (their name, their result); the computer
    # plays it for them.
    for seat in seats_out_of_time(match):
        bots.setdefault(seat, TAKEOVER_LEVEL)
    if not bots:
        return {}
    return {seat: bots[seat] for seat in sorted(engine.seats_to_act(state)) if seat in bots}


def bot_turn_schedule(*, match: Match, state: Any, seats: list | None = None) -> bool:
    """Queue the waiting bot seat's turn, ``BOT_DELAY_SECONDS`` from now (no-op without bots).

    The turn is keyed by the match's ``last_seq``: if anything happens first it does nothing,
    and that change queued its own turn. Returns whether a turn was queued.
    """
    waiting = bot_seats_to_act(match=match, state=state, seats=seats)
    if not waiting:
        return False
    _require_transaction()
    seat, level = next(iter(waiting.items()))
    tasks.bot_turn.using(run_after=_in(settings.BOT_DELAY_SECONDS)).enqueue(
        match_id=match.pk, seat=seat, level=level, seq=match.last_seq
    )
    return True


def abandonment_check_schedule(
    *,
    match_id: int,
    user_id: int,
    absent_since: datetime | None,
    after: float | None = None,
    unless_due_by: bool = False,
) -> None:
    """Queue a look, ``after`` seconds from now (default ``ABANDON_AFTER_SECONDS``), at whether
    ``user_id`` has abandoned the match.

    ``absent_since`` is the disconnect this check is about (None: they never came); a later
    disconnect queues its own check, and this one then stands down.

    ``unless_due_by``: queue nothing when a check for the person is already waiting to run by
    then; the looks a live lease keeps in hand (games/services/presence.py) stay one chain.
    """
    _require_transaction()
    delay = settings.ABANDON_AFTER_SECONDS if after is None else after
    if unless_due_by and _pending(
        "games.tasks.abandonment_check",
        match_id=match_id,
        user_id=user_id,
        run_after__lte=_in(delay),
    ):
        return
    tasks.abandonment_check.using(run_after=_in(delay)).enqueue(
        match_id=match_id,
        user_id=user_id,
        absent_since=None if absent_since is None else absent_since.isoformat(),
    )


def clock_check_schedule(*, match: Match, after: float) -> None:
    """Queue the look at whether a running clock ran out, ``after`` seconds from now: when the
    first running seat's time is up. Keyed by ``last_seq``: if anyone acts first, it stands
    down (that action queued a check of its own)."""
    _require_transaction()
    # A few milliseconds late rather than early: an early check only queues itself again.
    tasks.clock_check.using(run_after=_in(after + 0.05)).enqueue(
        match_id=match.pk, seq=match.last_seq
    )


def match_started_schedule(*, match: Match, seats: list[Seat]) -> None:
    """A match began: check in time on each person who has not come to it yet."""
    if match.clock_kind == TURN_BASED:
        return  # a turn-based match is never abandoned: its clock is the only timer
    for seat in seats:
        if seat.user_id is not None and not seat.is_bot:
            abandonment_check_schedule(match_id=match.pk, user_id=seat.user_id, absent_since=None)


def match_finished_schedule(*, match: Match) -> None:
    """Queue the match-finished hook (games/signals.py) in the transaction that ends the match."""
    _require_transaction()
    tasks.match_finished_announce.enqueue(match_id=match.pk)


def _pending(task_path: str, **kwargs: Any) -> bool:
    """A task of ``task_path`` with these arguments is queued and not yet run."""
    from django_tasks_db.models import DBTaskResult

    filters = {
        name if name.startswith("run_after") else f"args_kwargs__kwargs__{name}": value
        for name, value in kwargs.items()
    }
    return DBTaskResult.objects.filter(task_path=task_path, status="READY", **filters).exists()


def timers_requeue() -> dict[str, int]:
    """Queue again whatever is due and has no task waiting: the start-up sweep.

    Tasks can be lost only with a worker that died while running one (its row stays "running"),
    or with rows written before this queue existed. Safe to run any number of times: nothing is
    queued twice while the first is still waiting, and a task that finds nothing to do stops.
    Returns how many of each were queued.
    """
    counts = {"bot_turns": 0, "abandonment_checks": 0, "match_finished": 0, "clock_checks": 0}
    active = Match.objects.filter(status=Match.Status.ACTIVE)
    for match in active.filter(seats__is_bot=True).distinct():
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match.pk)
            if match.status != Match.Status.ACTIVE:
                continue
            if _pending("games.tasks.bot_turn", match_id=match.pk, seq=match.last_seq):
                continue
            state = engine.MatchState.from_dict(match.state)
            if bot_turn_schedule(match=match, state=state):
                counts["bot_turns"] += 1
    for match in active.exclude(clock_since=None):
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match.pk)
            running = match.clock_running if match.status == Match.Status.ACTIVE else []
            if (
                not running
                or match.clock_since is None
                or _pending("games.tasks.clock_check", match_id=match.pk, seq=match.last_seq)
            ):
                continue
            spent = (timezone.now() - match.clock_since).total_seconds()
            left = min(match.clock_remaining[seat] for seat in running) / 1000 - spent
            clock_check_schedule(match=match, after=left)
        counts["clock_checks"] += 1
    people = Seat.objects.filter(
        match__in=active.exclude(clock_kind=TURN_BASED), user__isnull=False, is_bot=False
    )
    for seat in people.values("match_id", "user_id"):
        if _pending("games.tasks.abandonment_check", **seat):
            continue
        # Look now: the check reads the leases itself, and keeps looking while one is live.
        with transaction.atomic():
            abandonment_check_schedule(**seat, absent_since=None, after=0)
        counts["abandonment_checks"] += 1
    finished = Match.objects.filter(status=Match.Status.FINISHED).exclude(
        pk__in=MatchFinishedNotice.objects.values("match_id")
    )
    for match_id in finished.values_list("pk", flat=True):
        if _pending("games.tasks.match_finished_announce", match_id=match_id):
            continue
        with transaction.atomic():
            match_finished_schedule(match=Match(pk=match_id))
        counts["match_finished"] += 1
    return counts
