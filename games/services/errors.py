"""The one exception the service layer raises: a stable code for the protocol, a message for people."""

from __future__ import annotations

from kernel.errors import SiteError


class ServiceError(SiteError):
    """A request the service refused; nothing was changed.

    ``code`` is what the websocket ``error`` frame carries (docs/protocol.md lists them); engine
    refusals keep the engine's code (``not_your_turn``, ``card_not_in_hand``, ...).
    """
