"""The lobby's answer to "show me chat line N, as this person saw it" (kernel.chat_lines).

A report may name only a line its reporter could hear: the lobby's room for anyone signed in, a
match's players' room for its players, its spectators' room for those watching a match they may
see. Anything else is answered as "no such line", so the route cannot be used to read rooms.
"""

from __future__ import annotations

from typing import Any

from games.models import Match
from games.privacy import match_hidden_from
from kernel.chat_lines import ChatLine, ChatLineEvidence
from lobby.models import ChatMessage
from lobby.selectors import match_chat_room

LOBBY_ROOM = "lobby"
# Lines kept on each side of the reported one.
CONTEXT_LINES = 5


def _line(message: ChatMessage) -> ChatLine:
    return ChatLine(
        line_id=message.pk,
        author_id=message.author_id,
        author=message.author.get_username(),
        text=message.text,
        at=message.created_at.isoformat(),
    )


def _match_of_room(room: str) -> int | None:
    """The match id in "match-<id>-players" / "match-<id>-spectators", else None."""
    parts = room.split("-")
    if len(parts) == 3 and parts[0] == "match" and parts[1].isdigit():
        return int(parts[1])
    return None


def _viewer_hears(room: str, match_id: int | None, viewer: Any) -> bool:
    if viewer is None or not viewer.is_authenticated:
        return False
    if room == LOBBY_ROOM:
        return True
    if match_id is None:
        return False
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match_hidden_from(match_id=match_id, user=viewer):
        return False
    return match_chat_room(match=match, user=viewer) == room


def chat_line_evidence_find(line_id: int, viewer: Any) -> ChatLineEvidence | None:
    """The line and the lines around it, if ``viewer`` could have heard its room."""
    message = ChatMessage.objects.select_related("author").filter(pk=line_id).first()
    if message is None:
        return None
    match_id = _match_of_room(message.room)
    if not _viewer_hears(message.room, match_id, viewer):
        return None
    room_lines = ChatMessage.objects.filter(room=message.room).select_related("author")
    before = list(room_lines.filter(pk__lt=message.pk).order_by("-pk")[:CONTEXT_LINES])
    after = list(room_lines.filter(pk__gt=message.pk).order_by("pk")[:CONTEXT_LINES])
    context = [*reversed(before), message, *after]
    return ChatLineEvidence(
        line=_line(message),
        room=message.room,
        match_id=match_id,
        context=tuple(_line(line) for line in context),
    )
