"""The social app's tunable numbers, each read from Django settings with a default here."""

from __future__ import annotations

from django.conf import settings


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def friend_requests_per_window() -> int:
    """Friend requests one person may send per window (a flood is refused, nothing stored)."""
    return _setting("FRIEND_REQUESTS_PER_WINDOW", 10)


def friend_request_window_seconds() -> int:
    return _setting("FRIEND_REQUEST_WINDOW_SECONDS", 600)


def challenges_per_window() -> int:
    """Challenges one person may send per window."""
    return _setting("CHALLENGES_PER_WINDOW", 10)


def challenge_window_seconds() -> int:
    return _setting("CHALLENGE_WINDOW_SECONDS", 600)


def open_challenges_max() -> int:
    """Open challenges one person may have out at once."""
    return _setting("OPEN_CHALLENGES_MAX", 5)


def challenge_expiry_seconds(clock_kind: str) -> int:
    """How long a challenge waits for an answer: ten minutes for a match played at one sitting
    (a real-time clock, or none), a day for a match played over days (days per move)."""
    if clock_kind in ("none", "realtime"):
        return _setting("CHALLENGE_EXPIRY_SECONDS", 600)
    return _setting("CHALLENGE_EXPIRY_SECONDS_DAYS", 24 * 3600)


def search_results_max() -> int:
    return _setting("FRIEND_SEARCH_RESULTS", 20)
