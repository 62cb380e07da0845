"""Cleaning one line of text a person typed for others to read (chat, a challenge's reason).

Shared so every line shown to someone else is cleaned the same way: trimmed, whitespace
collapsed, control and format characters (bidi overrides, NUL) dropped, empty and over-long
lines refused.
"""

from __future__ import annotations

import unicodedata

from kernel.errors import SiteError

_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}


def text_line_clean(text: object, *, limit: int, what: str = "A chat message") -> str:
    """The cleaned line, or a ``SiteError`` (``bad_message``, ``empty_message``,
    ``message_too_long``) that says why not.

    >>> text_line_clean("  hi\\u202e  there\\n", limit=20)
    'hi there'
    """
    if not isinstance(text, str):
        raise SiteError("bad_message", f"{what} must be text.")
    kept = "".join(
        " " if char in "\t\n\r" else char
        for char in text
        if char in "\t\n\r" or unicodedata.category(char) not in _DROPPED
    )
    kept = " ".join(kept.split())
    if not kept:
        raise SiteError("empty_message", "Write something first.")
    if len(kept) > limit:
        raise SiteError("message_too_long", f"Messages are limited to {limit} characters.")
    return kept
