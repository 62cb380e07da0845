"""Who a websocket belongs to, without a trip to the database thread for visitors with no session.

Channels' ``AuthMiddleware`` looks the user up in a worker thread for every connection, even
one that carries no session cookie at all. That thread is the one all of a process's
thread-sensitive database work shares, so anonymous sockets reconnecting in a loop queued
there in front of players' actions (docs/performance.md, "Hostile sockets"). A connection with
no session key is anonymous, and known to be without asking anyone.
"""

from __future__ import annotations

from channels.auth import AuthMiddleware, CookieMiddleware, SessionMiddleware
from django.contrib.auth.models import AnonymousUser


class SessionAuthMiddleware(AuthMiddleware):
    """``AuthMiddleware`` that settles a connection without a session key on the event loop."""

    async def resolve_scope(self, scope) -> None:
        if not getattr(scope["session"], "session_key", None):
            scope["user"]._wrapped = AnonymousUser()
            return
        await super().resolve_scope(scope)


def session_auth_stack(inner):
    """Cookies, then the session, then the user: Channels' ``AuthMiddlewareStack``, cheaper."""
    return CookieMiddleware(SessionMiddleware(SessionAuthMiddleware(inner)))
