"""The computer opponent's move, played by the worker when its turn comes.

Every service that changes a match queues the waiting bot's turn in its transaction
(``games.services.timers.bot_turn_schedule``), ``BOT_DELAY_SECONDS`` ahead (a human-like
pause). The worker runs it (``games.tasks.bot_turn``), and the bot thinks there, in the worker
process, never on a server's event loop. Its move goes through :func:`action_apply_for_seat`,
exactly like a person's, so the log cannot tell a bot's move from a person's.

A turn is keyed by the match's ``last_seq`` when it was queued: a turn for a match that has
moved on does nothing, and the move's action id is ``bot-{seq}``, so a turn run twice (two
workers, a re-queue after a crash) is applied once.
"""

from __future__ import annotations

import random

from games import bots, engine
from games.models import Match
from games.services.actions import action_apply_for_seat
from games.services.errors import ServiceError


def bot_turn_play(*, match_id: int, seat: int, level: str, seq: int) -> bool:
    """Choose and apply the bot's move, unless the match moved on since it was queued.

    Returns whether a move was applied now (False: stale, or already applied by a twin).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.last_seq != seq or match.status != Match.Status.ACTIVE:
        return False  # someone else acted first; that action queued its own bot turn
    state = engine.MatchState.from_dict(match.state)
    bot = bots.bot_for_level(level, random.SystemRandom())
    action = bot.choose_action(engine.view(state, seat), seat)
    if action is None:
        if seat not in engine.seats_waited_on(state):
            return False
        # A turn-based window waits on this seat's call (docs/engine.md): declining is a pass.
        action = engine.MugginsPass(seat)
    data = engine.action_to_dict(action)
    data.pop("seat", None)
    try:
        outcome = action_apply_for_seat(
            match_id=match_id, seat=seat, action=data, action_id=f"bot-{seq}"
        )
    except ServiceError as error:
        if error.code not in {"not_your_turn", "wrong_phase", "match_over"}:
            raise
        return False
    return not outcome.duplicate
