"""Closing a person's open websockets when their session ends: logout and password change.

A websocket authenticates once, when it opens; without this, a socket opened before logout (or
before a password change that was meant to lock out a stolen session) would go on acting as the
person. Every signed-in socket joins its user's group (:class:`kernel.websocket.
SiteWebsocketConsumer`); logging out tells that group to close the sockets of the session that
ended, and a password change closes all of them. A page whose socket closes reconnects with the
cookie it now has: signed out, or still signed in where the session survived (Django keeps the
session that changed the password).
"""

from __future__ import annotations

import hashlib

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save

from kernel.sending import group_send_on_commit

# Not one of the final codes (4401, 4403, 4404): the page reconnects and is told who it is now.
CLOSE_SESSION_ENDED = 4001
SESSION_ENDED_MESSAGE = "session.ended"


def user_sockets_group(user_id: int) -> str:
    """The channel-layer group every signed-in socket of ``user_id`` joins."""
    return f"user-sockets-{user_id}"


def session_tag(session_key: str | None) -> str | None:
    """A short digest naming a session in group messages (the key itself never travels)."""
    if not session_key:
        return None
    return hashlib.sha256(session_key.encode()).hexdigest()[:24]


def user_sockets_close(*, user_id: int, session_key: str | None = None) -> None:
    """Close the user's sockets of ``session_key``, or all of them when it is None.

    Sent after the commit (at once outside a transaction) through the site's one send path,
    which never raises: a channel layer that is down (Redis unreachable) must not turn a logout
    into an error page; the message is retried until it is back, and such a socket still stops
    at its next connect, which authenticates afresh.
    """
    message = {"type": SESSION_ENDED_MESSAGE, "session": session_tag(session_key)}
    group_send_on_commit(user_sockets_group(user_id), message)


def _logged_out(sender, request, user, **kwargs) -> None:
    if user is None or request is None:
        return
    user_sockets_close(user_id=user.pk, session_key=request.session.session_key)


def _user_saved(sender, instance, created: bool, **kwargs) -> None:
    # ``set_password`` leaves the new raw password in ``_password`` until save() is done with it:
    # the one sure sign, whichever form or command changed it, that the password changed.
    if created or getattr(instance, "_password", None) is None:
        return
    user_sockets_close(user_id=instance.pk)


def session_sockets_watch() -> None:
    """Connect the signals (called once, from ``accounts``' app config)."""
    user_logged_out.connect(_logged_out, dispatch_uid="session_sockets_logged_out")
    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="session_sockets_saved")
