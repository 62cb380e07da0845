"""Posting chat lines: cleaned, length-limited, rate-limited, stored, then broadcast to the room."""

from __future__ import annotations

from django.contrib.auth.models import User

from accounts.throttle import Throttle
from kernel.chat_gates import refusal_to_speak
from kernel.errors import SiteError
from kernel.sending import group_send_on_commit
from kernel.text import text_line_clean
from lobby import settings as lobby_settings
from lobby.broadcast import chat_group
from lobby.models import ChatMessage
from lobby.selectors import chat_dict
from lobby.services.errors import LobbyError


def chat_throttle() -> Throttle:
    return Throttle(
        "chat", lobby_settings.chat_messages_per_window(), lobby_settings.chat_window_seconds()
    )


def clean_chat_text(text: object) -> str:
    """Trim, drop control and format characters (bidi overrides, NUL), and refuse empty lines
    (the cleaning every shown line shares: kernel/text.py)."""
    try:
        return text_line_clean(text, limit=lobby_settings.chat_max_length())
    except SiteError as error:
        raise LobbyError(error.code, error.message) from error


def chat_post(*, user: User, room: str, text: object) -> dict:
    """Store and broadcast one message in ``room``; the caller has decided ``user`` may write there."""
    if user is None or not user.is_authenticated:
        raise LobbyError("not_authenticated", "Log in or play as a guest to chat.")
    clean = clean_chat_text(text)
    # A staff mute or chat ban (moderation's check): told to the speaker, never stored or sent.
    refusal = refusal_to_speak(user.pk)
    if refusal:
        raise LobbyError("chat_refused", refusal, status=403)
    if not chat_throttle().hit(str(user.pk)):
        raise LobbyError("rate_limited", "You are sending messages too fast; wait a few seconds.")
    message = ChatMessage.objects.create(room=room, author=user, text=clean)
    payload = chat_dict(message)
    # The speaker travels beside the line so each listener's socket can ask the chat gates
    # whether its person hears them (kernel/chat_gates.py: blocks, mutes) before sending it.
    group_send_on_commit(
        chat_group(room),
        {
            "type": "lobby.push",
            "payload": {"type": "chat", "message": payload},
            "speaker_id": user.pk,
        },
    )
    return payload
