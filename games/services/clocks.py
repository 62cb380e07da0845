"""Real-time clocks: each seat's time, charged only while the engine waits on that seat.

The time control (a bank and an increment) is an option, defined by the engine
(``games.engine.options.TimeControl``); its running is wall-clock state, so it lives here, on the
``Match`` row, and moves only inside a locked transaction of the match:

- ``clock_remaining``: the milliseconds each seat had when the current wait began;
- ``clock_since``: when that wait began (None: no clock runs);
- ``clock_running``: the seats the engine waited on then, whose clocks run now.

Every transaction that changes a timed match first charges the running clocks up to now
(:func:`clock_settle`), which ends on time whoever ran out, then, after the change, adds the
increment to the seat that acted and starts the clocks of the seats the engine waits on next
(:func:`clock_restart`). That step records one public ``clock_changed`` event carrying the whole
clock (docs/protocol.md), so a page's reducer keeps the clock as the server has it, and queues
the durable check (``games.tasks.clock_check``) that ends the match on time if nobody acts.

A turn-based clock (``"days"``) runs the same way with one difference: nothing is banked. Each
time the engine comes to wait on a seat, and after each action of a seat it still waits on, that
seat's clock is set to the days per move afresh; a seat that was already waited on and has not
acted (the other player in the discard) keeps what it had left. There is no increment.

Running out loses the match with two seats (the engine's resignation with the reason
``"time"``). At three and four seats the match goes on: the computer plays for the seat that ran
out for the rest of the match, announced to the table by a ``seat_timed_out`` event; that
seat's clock stays at zero, stopped, and the seat stays the person's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine
from games.broadcast import broadcast_progress
from games.engine.options import TURN_BASED
from games.models import Match
from games.selectors import clock_view
from games.services import timers
from games.services.action_sql import match_lock
from games.services.recording import (
    Progress,
    load_state,
    progress_apply,
    record_event,
    save_progress,
)
from games.services.turn_notices import your_turn_publish

OUT_OF_TIME = "time"


def clock_setup(match: Match, *, control: Any, players: int) -> None:
    """Give every seat the control's bank (a new match, before it is saved)."""
    match.clock_kind = control.kind
    match.clock_bank = control.bank
    match.clock_increment = control.increment
    match.clock_remaining = [control.bank * 1000] * players if control.timed else []
    match.clock_running = []
    match.clock_since = None


def _timed(match: Match) -> bool:
    return match.clock_kind != "none"


def clock_settle(progress: Progress, *, now: datetime) -> list[int]:
    """Charge the running clocks up to ``now``; whoever has no time left is out of time.

    Returns the seats that ran out now. With two seats the first of them loses the match;
    at three or four the computer takes each one's seat (:func:`_computer_takes_over`).
    """
    match = progress.match
    if not _timed(match) or match.clock_since is None:
        return []
    elapsed = max(0, round((now - match.clock_since).total_seconds() * 1000))
    remaining = list(match.clock_remaining)
    for seat in match.clock_running:
        remaining[seat] = max(0, remaining[seat] - elapsed)
    # The one with the least time left ran out first (all running clocks lose the same time).
    out = sorted(
        (seat for seat in match.clock_running if remaining[seat] == 0),
        key=lambda seat: match.clock_remaining[seat],
    )
    match.clock_remaining = remaining
    match.clock_since = now
    for seat in out:
        if len(remaining) == 2:
            resign = engine.action_from_dict(
                {"type": "resign", "seat": seat, "reason": OUT_OF_TIME}
            )
            progress_apply(progress=progress, action=resign, seat=seat)
            break
        _computer_takes_over(progress, seat)
    return out


def _computer_takes_over(progress: Progress, number: int) -> None:
    """The computer plays ``number``'s seat from now on, and the table is told.

    The seat stays the person's (their name, their result, their rating): what marks it is its
    clock at zero (``selectors.seats_out_of_time``), which the bot's turns and the refusal of
    that person's actions read. Handing the seat to a bot row would have made a rated table
    unrated, a way out of a lost match.
    """
    record_event(
        progress,
        event_type="seat_timed_out",
        public={"seat": number, "level": timers.TAKEOVER_LEVEL},
    )


def clock_restart(progress: Progress, *, acted: int | None, now: datetime) -> None:
    """After a change: the increment to the seat that ``acted``, the clocks of the seats the
    engine now waits on started (none once the match is over), the ``clock_changed`` event,
    and the check that ends the match on time if nobody acts first."""
    match = progress.match
    if not _timed(match):
        return
    remaining = list(match.clock_remaining)
    if acted is not None and remaining[acted] > 0:
        remaining[acted] += match.clock_increment * 1000
    running: list[int] = []
    if match.status == Match.Status.ACTIVE:
        # A seat already out of time is played by the computer, without a clock.
        # A turn-based clock runs only for the seats the game cannot go on without: an
        # optional Muggins call waits on nobody's days (a real-time clock runs as it always has).
        waiting = (
            engine.seats_waited_on(progress.state)
            if match.clock_kind == TURN_BASED
            else engine.seats_to_act(progress.state)
        )
        running = [seat for seat in sorted(waiting) if remaining[seat]]
    newly_waited_on: list[int] = []
    if running and match.clock_kind == TURN_BASED:
        waiting_before = set(match.clock_running) if match.clock_since is not None else set()
        for seat in running:
            if seat == acted or seat not in waiting_before:
                remaining[seat] = match.clock_bank * 1000  # a fresh move's days
            if seat != acted and seat not in waiting_before:
                newly_waited_on.append(seat)
    match.clock_remaining = remaining
    match.clock_running = running
    match.clock_since = now if running else None
    record_event(progress, event_type="clock_changed", public={"clock": clock_view(match)})
    if newly_waited_on:
        your_turn_publish(match=match, seats=newly_waited_on, seq=match.last_seq)
    if running:
        timers.clock_check_schedule(
            match=match, after=min(remaining[seat] for seat in running) / 1000
        )


def clock_check_run(*, match_id: int, seq: int) -> bool:
    """The durable check: end on time whoever ran out while the match waited at ``seq``.

    Stands down if the match moved on (that change queued its own check) or is over; a check
    run early (a worker ahead of time) queues itself again for when the time is up. Returns
    whether anyone ran out.
    """
    with transaction.atomic():
        locked = match_lock(match_id=match_id)
        if locked is None:
            return False
        match = locked.match
        if match.status != Match.Status.ACTIVE or match.last_seq != seq or not _timed(match):
            return False
        progress = Progress(
            match=match, state=load_state(match), stored_shuffles=locked.shuffle_count
        )
        now = timezone.now()
        out = clock_settle(progress, now=now)
        if not out:
            running = match.clock_running
            if running:
                left = min(match.clock_remaining[seat] for seat in running)
                timers.clock_check_schedule(match=match, after=left / 1000)
            return False
        clock_restart(progress, acted=None, now=now)
        save_progress(progress)
        broadcast_progress(progress)
        timers.bot_turn_schedule(match=match, state=progress.state, seats=locked.seats)
        return True
