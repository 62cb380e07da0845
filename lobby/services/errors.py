"""The one exception lobby services raise: a stable code for sockets and tests, a message for people."""

from __future__ import annotations

from kernel.errors import SiteError


class LobbyError(SiteError, ValueError):
    """A lobby request that was refused; nothing was changed.

    Still a ``ValueError`` too, as it always was, for callers that catch that.
    """
