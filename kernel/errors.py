"""The one base class for refusals the site explains to people: a stable code and a message.

Every app's error (games' ``ServiceError``, the websocket ``ProtocolError``, lobby's
``LobbyError``, accounts' ``AccountError``) derives from :class:`SiteError`, so a view, a
consumer or a test can catch any refusal in one place and always find ``code`` (for sockets,
logs and tests) and ``message`` (for the person). This module imports nothing, so every layer,
however low, may use it.
"""

from __future__ import annotations


class SiteError(Exception):
    """A request the site refused, with nothing changed.

    >>> error = SiteError("match_full", "Someone has already taken this seat.")
    >>> (error.code, error.message, str(error))
    ('match_full', 'Someone has already taken this seat.', 'Someone has already taken this seat.')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
