"""The ids a log line carries (request, match, seat, action, task), and the JSON log format.

An operator follows one action across the servers, the workers and the database by its ids: the
request id (a request's ``X-Request-ID``, given or made up, or a socket's, kept for the life of
the connection), the match, the seat and the client's action id (stored with the action as
``MatchAction.client_action_id``), and the task id of a worker's run. Each is a context
variable, set with :func:`log_context` where it becomes known: the request-id middleware
(cribbage_site/request_id.py), the socket base (kernel/websocket.py), the match consumer, the
action service and the worker's task run. ``sync_to_async`` copies the context into the thread
it runs in, so an id set on a socket's event loop is on every line its action writes.

:class:`LogContextFilter` puts the ids on each record; :class:`JsonLogFormatter` writes one
JSON object a line (``LOG_FORMAT=json``, README).

>>> import logging
>>> record = logging.LogRecord("games", logging.INFO, "", 0, "action applied", (), None)
>>> with log_context(match_id=7, seat=0, action_id="a-1"):
...     _ = LogContextFilter().filter(record)
>>> line = json.loads(JsonLogFormatter().format(record))
>>> (line["message"], line["match_id"], line["seat"], line["action_id"])
('action applied', 7, 0, 'a-1')
>>> "request_id" in line
False
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

LOG_IDS = ("request_id", "match_id", "seat", "action_id", "task_id", "task")
"""The ids a line may carry, in the order they are written."""

_ids: dict[str, ContextVar[Any]] = {
    name: ContextVar(f"log_{name}", default=None) for name in LOG_IDS
}

# An incoming X-Request-ID is kept only when it is a plain token: anything else (a newline, a
# quote, a megabyte) would let a client write into the operators' logs.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


@contextmanager
def log_context(**ids: Any) -> Iterator[None]:
    """Set some of :data:`LOG_IDS` for the lines written inside the block (None: leave as is)."""
    unknown = set(ids) - set(_ids)
    if unknown:
        raise TypeError(f"not a log id: {', '.join(sorted(unknown))}")
    tokens = [
        (_ids[name], _ids[name].set(value)) for name, value in ids.items() if value is not None
    ]
    try:
        yield
    finally:
        for variable, token in reversed(tokens):
            variable.reset(token)


def log_ids() -> dict[str, Any]:
    """The ids set here, now."""
    return {name: value for name in LOG_IDS if (value := _ids[name].get()) is not None}


def request_id_from(incoming: str | None) -> str:
    """The client's or proxy's request id when it is a plain token, otherwise a new one.

    >>> request_id_from("edge-4f2a:17")
    'edge-4f2a:17'
    >>> len(request_id_from('bad"\\nid'))
    32
    """
    if incoming and _REQUEST_ID.fullmatch(incoming):
        return incoming
    return uuid.uuid4().hex


class LogContextFilter(logging.Filter):
    """Puts the ids of the current context on each record (as attributes); drops nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, value in log_ids().items():
            if not hasattr(record, name):
                setattr(record, name, value)
        return True


# What every LogRecord has: anything else on a record came as ``extra`` and is written out.
_RECORD_FIELDS = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonLogFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the ids, any ``extra``, and the
    exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in LOG_IDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        for name, value in vars(record).items():
            if name not in _RECORD_FIELDS and name not in line:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str, ensure_ascii=False)
