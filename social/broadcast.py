"""The challenge page's live group, and sending to it after the commit (kernel/sending.py)."""

from __future__ import annotations

from typing import Any

from kernel.sending import group_send_on_commit


def challenge_group(challenge_id: int) -> str:
    """Every open page of one challenge (its two people): told the moment it is answered."""
    return f"social-challenge-{challenge_id}"


def challenge_changed_send(challenge_id: int, payload: dict[str, Any]) -> None:
    """Queue ``payload`` for the challenge's pages once the current transaction commits."""
    group_send_on_commit(challenge_group(challenge_id), {"type": "social.push", "payload": payload})
