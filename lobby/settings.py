"""The lobby's tunable numbers, read from Django settings with these defaults.

Kept here (not in cribbage_site/settings.py) so tests override them with the ``settings``
fixture and the shared settings module stays short.
"""

from __future__ import annotations

from django.conf import settings


def _get(name: str, default):
    return getattr(settings, name, default)


def chat_max_length() -> int:
    return _get("CHAT_MAX_LENGTH", 300)


def chat_messages_per_window() -> int:
    return _get("CHAT_MESSAGES_PER_WINDOW", 5)


def chat_window_seconds() -> int:
    return _get("CHAT_WINDOW_SECONDS", 10)


def chat_history_size() -> int:
    return _get("CHAT_HISTORY_SIZE", 50)


def seek_creator_grace_seconds() -> float:
    """How long a seek outlives its creator's last lobby connection."""
    return _get("SEEK_CREATOR_GRACE_SECONDS", 20.0)


def max_open_seeks() -> int:
    return _get("MAX_OPEN_SEEKS", 3)


def max_open_invitations() -> int:
    return _get("MAX_OPEN_INVITATIONS", 5)


def live_match_idle_seconds() -> float:
    """A public match with no move for this long, and no player at its page, is not listed live."""
    return float(_get("LIVE_MATCH_IDLE_SECONDS", 600.0))
