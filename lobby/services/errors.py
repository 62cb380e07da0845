"""The one exception lobby services raise: a stable code for sockets and tests, a message for people."""

from __future__ import annotations


class LobbyError(ValueError):
    """A lobby request that was refused; nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
