"""A chat line as evidence: what a report needs to know of it, without importing the chat.

Why a seam in the kernel: the chat's lines are the lobby's rows, while reports belong to the
moderation app beside it. The lobby registers one finder at start-up; moderation asks it for a
line and the lines around it, as the reporter could see them. The finder decides who may see a
line (the room a viewer would be in: the lobby's for everyone signed in, a match's players' room
for its players only), so nobody can report, and so read, a line of a room they cannot hear.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ChatLine:
    """One line as the reporter saw it: copied, so later deletion loses no evidence."""

    line_id: int
    author_id: int
    author: str
    text: str
    at: str


@dataclass(frozen=True)
class ChatLineEvidence:
    """The reported line, the room it was said in, its match if any, and the lines around it
    (oldest first, the reported line among them)."""

    line: ChatLine
    room: str
    match_id: int | None
    context: tuple[ChatLine, ...] = field(default_factory=tuple)


#: (line id, the viewer asking) -> the evidence, or None when there is no such line the viewer
#: could have seen.
LineFinder = Callable[[int, Any], "ChatLineEvidence | None"]
_finders: list[LineFinder] = []


def chat_line_finder_register(finder: LineFinder) -> None:
    """Set the finder of chat lines (registering the same one again is harmless)."""
    if finder not in _finders:
        _finders.append(finder)


def chat_line_evidence(*, line_id: int, viewer: Any) -> ChatLineEvidence | None:
    """The line `line_id` with its context, when `viewer` could see it; else None."""
    for finder in _finders:
        found = finder(line_id, viewer)
        if found is not None:
            return found
    return None
