"""The computer opponent's turns: after each committed change, let a waiting bot seat act.

Every service that changes a match calls :func:`schedule_bot_turns` inside its transaction
with the new engine state. When a bot is seated and the engine waits on it, the bot's turn is
queued for after the commit. Its thinking (``games.bots``, CPU-bound for the hard level) runs in
a worker thread and its move goes through :func:`action_apply_for_seat`, exactly like a
person's, so the event loop never blocks and the log cannot tell a bot's move from a person's.

Under the ASGI server the turn is an asyncio task on the server's event loop, started after
``settings.BOT_DELAY_SECONDS`` (a human-like pause; 0 in tests). In plain synchronous code (a
management command, a service test) it runs at once, inline.

A task lives only in its server's memory: a restart (or a crash) while the bot pauses would
leave the match waiting on the bot for ever. So whenever a connection opens to a match, the
consumer hands its ``hello`` to :func:`bot_turn_resume`, which starts the waiting bot's turn
again. That is always safe: a turn for a stale ``last_seq`` does nothing, the move's action id
is ``bot-{seq}`` so a repeat is applied once, and a turn already under way in this process is
not started twice.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction

from games.models import Match
from games.server_loop import start_on_server_loop

logger = logging.getLogger(__name__)
# (match id, seq) of the bot turns this process has started and not finished, and their tasks
# (the event loop keeps only weak references to tasks).
_turns_under_way: set[tuple[int, int]] = set()
_resumed_tasks: set[asyncio.Task] = set()


def bot_seats_to_act(*, match: Match, state: Any, seats: list | None = None) -> dict[int, str]:
    """Bot seats the engine is waiting on, with their levels (empty when no bot is seated).

    ``seats``: the match's Seat rows if the caller already has them (saves a query per action).
    """
    from games import engine

    if match.status != Match.Status.ACTIVE:
        return {}
    if seats is None:
        seats = list(match.seats.all())
    bots = {seat.number: seat.bot_level for seat in seats if seat.is_bot}
    if not bots:
        return {}
    return {seat: bots[seat] for seat in sorted(engine.seats_to_act(state)) if seat in bots}


def schedule_bot_turns(*, match: Match, state: Any, seats: list | None = None) -> None:
    """Queue the waiting bot seat's turn for after the commit (a no-op without bots)."""
    waiting = bot_seats_to_act(match=match, state=state, seats=seats)
    if not waiting:
        return
    seat, level = next(iter(waiting.items()))
    match_id, seq = match.pk, match.last_seq
    transaction.on_commit(lambda: _start_turn(match_id=match_id, seat=seat, level=level, seq=seq))


def _start_turn(*, match_id: int, seat: int, level: str, seq: int) -> None:
    if not start_on_server_loop(
        lambda: _bot_turn_later(match_id=match_id, seat=seat, level=level, seq=seq),
        what=f"bot turn in match {match_id}",
    ):
        bot_turn_play(match_id=match_id, seat=seat, level=level, seq=seq)


def bot_turn_resume(*, hello: dict[str, Any]) -> bool:
    """Start the turn of a bot seat the match in ``hello`` waits on, unless one is under way.

    Called on the server's event loop when a connection opens (``hello`` is the frame it was
    sent, docs/protocol.md), so a turn lost with a restarted server is taken up again; no
    database query is needed. Returns whether a turn was started.
    """
    if hello.get("status") != Match.Status.ACTIVE:
        return False
    to_act = set(hello["view"]["to_act"])
    waiting = [p for p in hello["players"] if p["is_bot"] and p["seat"] in to_act]
    if not waiting:
        return False
    match_id, seq = hello["match"], hello["seq"]
    if (match_id, seq) in _turns_under_way:
        return False
    _turns_under_way.add((match_id, seq))
    player = waiting[0]
    task = asyncio.get_running_loop().create_task(
        _bot_turn_later(
            match_id=match_id,
            seat=player["seat"],
            level=player["bot_level"],
            seq=seq,
            claimed=True,
        )
    )
    _resumed_tasks.add(task)
    task.add_done_callback(_resumed_tasks.discard)
    return True


async def _bot_turn_later(
    *, match_id: int, seat: int, level: str, seq: int, claimed: bool = False
) -> None:
    """The bot's pause, then its move. ``claimed``: the caller already marked it under way."""
    turn = (match_id, seq)
    if not claimed:
        if turn in _turns_under_way:
            return  # a connection's resume and the commit's own schedule met: one is enough
        _turns_under_way.add(turn)
    try:
        await asyncio.sleep(settings.BOT_DELAY_SECONDS)
        await database_sync_to_async(bot_turn_play, thread_sensitive=False)(
            match_id=match_id, seat=seat, level=level, seq=seq
        )
    except Exception:  # a bot failure must not kill the server's loop; it is logged
        logger.exception("bot turn failed in match %s", match_id)
    finally:
        _turns_under_way.discard(turn)


def bot_turn_play(*, match_id: int, seat: int, level: str, seq: int) -> None:
    """Choose and apply the bot's move, unless the match moved on since it was scheduled."""
    from games import bots, engine
    from games.services.actions import action_apply_for_seat
    from games.services.errors import ServiceError

    match = Match.objects.get(pk=match_id)
    if match.last_seq != seq or match.status != Match.Status.ACTIVE:
        return  # someone else acted first; that action scheduled its own bot turns
    state = engine.MatchState.from_dict(match.state)
    bot = bots.bot_for_level(level, random.SystemRandom())
    action = bot.choose_action(engine.view(state, seat), seat)
    if action is None:
        return
    data = engine.action_to_dict(action)
    data.pop("seat", None)
    try:
        action_apply_for_seat(match_id=match_id, seat=seat, action=data, action_id=f"bot-{seq}")
    except ServiceError as error:
        if error.code not in {"not_your_turn", "wrong_phase", "match_over"}:
            raise
