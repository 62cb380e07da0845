"""The ratings app's tunable numbers, read from Django settings with these defaults."""

from __future__ import annotations

from django.conf import settings


def leaderboard_max_deviation() -> float:
    """A player is listed while their deviation, aged to now, is at most this."""
    return float(getattr(settings, "RATINGS_LEADERBOARD_MAX_DEVIATION", 75.0))


def leaderboard_min_matches() -> int:
    """... and once they have played this many rated matches."""
    return int(getattr(settings, "RATINGS_LEADERBOARD_MIN_MATCHES", 10))


def leaderboard_page_size() -> int:
    return int(getattr(settings, "RATINGS_LEADERBOARD_PAGE_SIZE", 50))
