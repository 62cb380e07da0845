"""Computer opponents for Cribbage, pure Python (no Django), deciding only from a seat's view.

>>> import random
>>> bot = bot_for_level("hard", random.Random(7))
>>> bot.level
'hard'

The service layer seats a bot in a normal match and, whenever the bot's seat is in the view's
``to_act``, calls ``bot.choose_action(view(state, seat), seat, rng)`` and applies the action it
returns (``None``: the bot declines an optional Muggins call). See :mod:`games.bots.base`.
"""

from __future__ import annotations

from dataclasses import replace

from games.bots.base import BadView, Bot, RandomSource, SeatView, StrategyBot, read_view
from games.bots.easy import easy_bot
from games.bots.expert import expert_bot
from games.bots.hard import hard_bot
from games.bots.medium import medium_bot
from games.engine.errors import IllegalAction

LEVELS = ("easy", "medium", "hard", "expert")
_FACTORIES = {"easy": easy_bot, "medium": medium_bot, "hard": hard_bot, "expert": expert_bot}


def bot_for_level(level: str, rng: RandomSource | None = None) -> StrategyBot:
    """The computer opponent of ``level`` ("easy", "medium", "hard" or "expert").

    ``rng`` (a ``random.Random``) is the generator the bot uses when ``choose_action`` is given
    none; the server can pass ``random.SystemRandom()``, tests a seeded ``random.Random``.

    Raises :class:`IllegalAction` with code ``bad_level`` for any other name.
    """
    factory = _FACTORIES.get(level) if isinstance(level, str) else None
    if factory is None:
        raise IllegalAction("bad_level", f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    return replace(factory(), rng=rng)


__all__ = ["LEVELS", "BadView", "Bot", "SeatView", "StrategyBot", "bot_for_level", "read_view"]
