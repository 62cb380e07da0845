"""Channel-layer groups of the lobby and match chat, and sending to them after the commit.

Like the match server (games/broadcast.py), nothing is sent before the transaction that caused
it has committed, so nobody sees a seek or a message that a rollback erased.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    """Every lobby connection of one user: where "your seek was accepted" is sent."""
    return f"lobby-user-{user_id}"


def chat_group(room: str) -> str:
    return f"chat-{room}"


def match_social_group(match_id: int) -> str:
    """Everyone with a match's chat open: presence, rematch offers."""
    return f"match-social-{match_id}"


def send_now(group: str, payload: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, {"type": "lobby.push", "payload": payload})


def send_after_commit(group: str, payload: dict[str, Any]) -> None:
    """Queue ``payload`` for every connection in ``group`` once the current transaction commits."""
    transaction.on_commit(lambda: send_now(group, payload))
