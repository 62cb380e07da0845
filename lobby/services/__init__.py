"""Lobby services (writes): seeks, invitations, chat, presence, rematch and abandonment claims."""

from __future__ import annotations

from lobby.services.chat import chat_post
from lobby.services.endings import abandonment_claim, rematch_offer
from lobby.services.errors import LobbyError
from lobby.services.invitations import invitation_accept, invitation_cancel, invitation_create
from lobby.services.quick import QUICK_GAMES, quick_pair
from lobby.services.seeks import (
    lobby_presence_leave,
    seek_accept,
    seek_cancel,
    seek_create,
    seeks_expire_absent,
)

__all__ = [
    "QUICK_GAMES",
    "LobbyError",
    "abandonment_claim",
    "chat_post",
    "invitation_accept",
    "invitation_cancel",
    "invitation_create",
    "lobby_presence_leave",
    "quick_pair",
    "rematch_offer",
    "seek_accept",
    "seek_cancel",
    "seek_create",
    "seeks_expire_absent",
]
