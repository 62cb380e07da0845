"""Reading one client frame off any of the site's websockets: one parser for every socket.

A frame is a JSON object, at most :data:`MAX_FRAME_BYTES` long. Anything
else raises :class:`FrameError`, never another exception: a deeply nested array makes
``json.loads`` raise ``RecursionError`` (not a ``ValueError``), which once crashed the lobby and
chat sockets with a traceback and a close 1011. Each socket adds its own checks on the fields
(games/protocol.py for the match socket); the shape and the size are checked here, once.
"""

from __future__ import annotations

import json
from typing import Any

from kernel.errors import SiteError

MAX_FRAME_BYTES = 4096


class FrameError(SiteError):
    """A frame that is not a JSON object, or too long; nothing was read from it."""


def frame_decode(text: str | None) -> dict[str, Any]:
    """The frame as a dict, or :class:`FrameError`; each socket checks its ``type`` and fields.

    >>> frame_decode('{"type": "ping"}')
    {'type': 'ping'}
    >>> frame_decode("[" * 2000 + "]" * 2000)
    Traceback (most recent call last):
    ...
    kernel.frames.FrameError: not valid JSON: nested too deeply
    """
    if text is None:
        raise FrameError("bad_json", "send text frames holding a JSON object")
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8")) > MAX_FRAME_BYTES:
        raise FrameError("frame_too_large", f"frames are limited to {MAX_FRAME_BYTES} bytes")
    try:
        data = json.loads(text)
    except RecursionError as error:
        raise FrameError("bad_json", "not valid JSON: nested too deeply") from error
    except ValueError as error:
        raise FrameError("bad_json", f"not valid JSON: {error}") from error
    if not isinstance(data, dict):
        raise FrameError("bad_json", "a message is a JSON object with a 'type'")
    return data
