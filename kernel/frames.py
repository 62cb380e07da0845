"""Reading JSON a client sent, on any socket or in any HTTP body: one parser with one set of limits.

A frame or a body is a JSON object, at most :data:`MAX_FRAME_BYTES` long and at most
:data:`MAX_DEPTH` levels deep. Anything else raises :class:`FrameError` (a ``SiteError``, 400),
never another exception: a deeply nested array makes ``json.loads`` raise ``RecursionError``
(not a ``ValueError``), which once crashed the lobby and chat sockets with a traceback and a
close 1011, and later answered ``POST /solitaire/games/<id>/act/`` with a 500. Each socket and
view adds its own checks on the fields (games/protocol.py for the match socket); the shape, the
size and the depth are checked here, once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kernel.errors import SiteError

if TYPE_CHECKING:
    from django.http import HttpRequest

MAX_FRAME_BYTES = 4096
# No message of the site nests deeper than 3 (an object holding a list of strings); a little room
# for what a later message may need, far from the parser's recursion limit.
MAX_DEPTH = 16
MAX_ACTION_ID_LENGTH = 64


class FrameError(SiteError):
    """A frame or body that is not a JSON object within the limits; nothing was read from it."""


def frame_decode(text: str | None) -> dict[str, Any]:
    """The frame as a dict, or :class:`FrameError`; each socket checks its ``type`` and fields.

    >>> frame_decode('{"type": "ping"}')
    {'type': 'ping'}
    >>> frame_decode("[" * 2000 + "]" * 2000)
    Traceback (most recent call last):
    ...
    kernel.frames.FrameError: not valid JSON: nested too deeply
    >>> frame_decode('{"a": ' * 20 + "1" + "}" * 20)
    Traceback (most recent call last):
    ...
    kernel.frames.FrameError: not valid JSON: nested too deeply
    """
    if text is None:
        raise FrameError("bad_json", "send text frames holding a JSON object")
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise FrameError("frame_too_large", f"frames are limited to {MAX_FRAME_BYTES} bytes")
    return _object_decode(text, what="a message")


def request_json(request: HttpRequest) -> dict[str, Any]:
    """An HTTP request's JSON body as a dict, within the frames' limits, or :class:`FrameError`.

    >>> from django.test import RequestFactory
    >>> request_json(RequestFactory().post("/", '{"type": "next"}', "application/json"))
    {'type': 'next'}
    >>> request_json(RequestFactory().post("/", "[" * 100000, "application/json"))
    Traceback (most recent call last):
    ...
    kernel.frames.FrameError: bodies are limited to 4096 bytes
    """
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > MAX_FRAME_BYTES:
        raise FrameError("body_too_large", f"bodies are limited to {MAX_FRAME_BYTES} bytes")
    body = request.body
    if len(body) > MAX_FRAME_BYTES:
        raise FrameError("body_too_large", f"bodies are limited to {MAX_FRAME_BYTES} bytes")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FrameError("bad_json", "send a JSON object in UTF-8") from error
    return _object_decode(text, what="the body")


def frame_action_id(frame: dict[str, Any]) -> str | None:
    """The client's ``action_id`` that an answer to ``frame`` echoes, or None when it carried
    none that could be one (1 to 64 characters)."""
    action_id = frame.get("action_id")
    if isinstance(action_id, str) and 1 <= len(action_id) <= MAX_ACTION_ID_LENGTH:
        return action_id
    return None


def _object_decode(text: str, *, what: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except RecursionError as error:
        raise FrameError("bad_json", "not valid JSON: nested too deeply") from error
    except ValueError as error:
        raise FrameError("bad_json", f"not valid JSON: {error}") from error
    if not isinstance(data, dict):
        raise FrameError("bad_json", f"{what} is a JSON object with a 'type'")
    if _depth(data) > MAX_DEPTH:
        raise FrameError("bad_json", "not valid JSON: nested too deeply")
    return data


def _depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest
