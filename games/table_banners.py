"""Banners other apps put on a match's table page, without games importing them.

The table (``games.views.match_page``) is games' page; an app above games (tournaments) plugs
in at start-up a function ``(match) -> TableBanner | None`` that says what the match belongs
to: its name, where it stands ("Round 2 of 5"), a link back, and when its time runs out; and,
for the match's end, where to fetch what comes next (standings, the next round) and a socket
that says when it changed or when the player's next table is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class TableBanner:
    """One line over the table: ``title`` and ``detail``, a link back (``url``, ``link_text``)
    that also replaces "Back to the lobby" when the match ends, and ``ends_at`` for a
    countdown (None: no clock). ``after_url`` is an HTML fragment the finished table shows
    (standings, "Next round in …", the player's next table), and ``socket_path`` a socket
    sending ``changed`` (fetch it again) and ``table_ready`` (go to the next table); empty:
    none."""

    title: str
    detail: str
    url: str
    link_text: str
    ends_at: datetime | None = None
    after_url: str = ""
    socket_path: str = ""


BannerMaker = Callable[[Any], "TableBanner | None"]
_makers: list[BannerMaker] = []


def table_banner_register(maker: BannerMaker) -> None:
    """Add a banner maker (once: registering the same function again is a no-op)."""
    if maker not in _makers:
        _makers.append(maker)


def table_banner(*, match: Any) -> TableBanner | None:
    """The first banner a registered maker gives ``match``, or None."""
    for maker in _makers:
        banner = maker(match)
        if banner is not None:
            return banner
    return None
