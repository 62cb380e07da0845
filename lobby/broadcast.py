"""Channel-layer groups of the lobby and match chat, and sending to them after the commit.

Nothing is sent before the transaction that caused it has committed, so nobody sees a seek or a
message that a rollback erased; the send goes through the site's one send-on-commit path
(kernel/sending.py), so a Redis outage delays it instead of losing it or failing the
request.
"""

from __future__ import annotations

from typing import Any

from kernel.sending import group_send_on_commit

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    """Every lobby connection of one user: where "your seek was accepted" is sent."""
    return f"lobby-user-{user_id}"


def chat_group(room: str) -> str:
    return f"chat-{room}"


def match_social_group(match_id: int) -> str:
    """Everyone with a match's chat open: presence, rematch offers."""
    return f"match-social-{match_id}"


def send_after_commit(group: str, payload: dict[str, Any]) -> None:
    """Queue ``payload`` for every connection in ``group`` once the current transaction commits."""
    group_send_on_commit(group, {"type": "lobby.push", "payload": payload})
