"""What a tournament tells open pages, after the commit: "changed", and "your table is ready".

A tournament page's socket joins :func:`tournament_group` (and, signed in,
:func:`tournament_user_group`); the lobby's socket already joins the lobby's user group. A
change sends one small ``tournament.changed`` message, after the commit, through the site's
one send path (kernel/sending.py); each socket throttles what it passes on
to about once a second (tournaments/consumers.py) and the page fetches the fresh standings.
"""

from __future__ import annotations

from django.urls import reverse

from kernel.sending import group_send_on_commit
from lobby.broadcast import send_after_commit as lobby_send_after_commit
from lobby.broadcast import user_group as lobby_user_group


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_user_group(tournament_id: int, user_id: int) -> str:
    return f"tournament-{tournament_id}-user-{user_id}"


def tournament_changed(tournament_id: int) -> None:
    """After the commit: every open page of the tournament should refresh its standings."""
    group_send_on_commit(tournament_group(tournament_id), {"type": "tournament.changed"})


def table_ready(*, tournament_id: int, user_id: int, match_id: int, round_number: int) -> None:
    """After the commit: send ``user_id``'s open lobby and tournament pages to their table."""
    payload = {
        "type": "table_ready",
        "tournament_id": tournament_id,
        "round": round_number,
        "match_id": match_id,
        "url": reverse("games:match", args=[match_id]),
    }
    lobby_send_after_commit(lobby_user_group(user_id), payload)
    group_send_on_commit(
        tournament_user_group(tournament_id, user_id),
        {"type": "tournament.push", "payload": payload},
    )
