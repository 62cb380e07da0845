"""The one exception type for illegal actions, with a machine-readable code.

Callers (the service layer, the bot) catch :class:`IllegalAction` and turn ``code`` into a
protocol error; the engine guarantees the state it was given is untouched.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow right now.

    ``code`` is stable and machine-readable (``not_your_turn``, ``wrong_phase``,
    ``card_not_in_hand``, ``over_31``, ``bad_discard``, ``bad_claim``, ...); ``message`` is for
    people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
