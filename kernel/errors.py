"""The one base class for refusals the site explains to people: a stable code and a message.

Every app's error (games' ``ServiceError``, the websocket ``ProtocolError``, lobby's
``LobbyError``, accounts' ``AccountError``) derives from :class:`SiteError`, so a view, a
consumer or a test can catch any refusal in one place and always find ``code`` (for sockets,
logs and tests) and ``message`` (for the person). This module imports nothing, so every layer,
however low, may use it. How a refusal is shown (a socket frame, a JSON body, a page) is decided
in one place, kernel/error_renderings.py.
"""

from __future__ import annotations


class SiteError(Exception):
    """A request the site refused, with nothing changed.

    >>> error = SiteError("match_full", "Someone has already taken this seat.")
    >>> (error.code, error.message, str(error))
    ('match_full', 'Someone has already taken this seat.', 'Someone has already taken this seat.')
    >>> error.status
    400
    """

    # The HTTP status of the refusal, when one reaches a view: a subclass (or an instance) that
    # means "not found" (404), "not yours to see" (403) or "not now" (409, 503) says so.
    status: int = 400
    # The page's heading when the refusal is shown as a page.
    title: str = "That could not be done"
    # Seconds a person (or a client) should wait before trying again, when it is a matter of time.
    retry_after: int | None = None

    def __init__(self, code: str, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status
