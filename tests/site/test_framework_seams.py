"""The framework internals the hot path replaces fail a test when they change under us.

Each seam (kernel/direct_dispatch.py, games/services/action_sql.py; kernel/server_loop.py has
tests/server/test_server_loop.py) says in its docstring what it replaces and what to check on an
upgrade. These tests are that check's alarm: a Channels upgrade that changes the dispatch we
replace, or a model change that adds, removes or renames a column the hand-written SQL writes
or reads, fails here with the seam to read named in the message.
"""

from __future__ import annotations

import hashlib
import inspect

import pytest
from channels.consumer import AsyncConsumer, get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from games.models import Match, MatchAction, MatchEvent, Seat, Shuffle
from games.services.action_sql import MATCH_PROGRESS_FIELDS, SEAT_FIELDS
from kernel.direct_dispatch import handler_for

# Every column of the models whose rows games/services/action_sql.py writes or locks. A change
# here means: read that module's docstring ("On a change to ..."), then update this list.
PINNED_COLUMNS = {
    Match: (
        "id", "variant", "scoring", "muggins", "match_target", "players", "deal",
        "rules_version", "private", "deck_source", "rated", "clock_kind", "clock_bank",
        "clock_increment", "clock_remaining", "clock_running", "clock_since", "status", "created_by_id",
        "winner_seat", "finish_reason", "match_scores", "state", "last_seq", "action_count",
        "created_at", "started_at", "finished_at", "updated_at",
    ),
    Seat: ("id", "match_id", "number", "user_id", "is_bot", "bot_level", "joined_at"),
    MatchAction: (
        "id", "match_id", "number", "seat", "payload", "client_action_id", "result_seq",
        "created_at",
    ),
    MatchEvent: ("id", "match_id", "seq", "type", "public", "private", "created_at"),
    Shuffle: (
        "id", "match_id", "number", "purpose", "deck", "salt", "commitment", "revealed",
        "created_at",
    ),
}  # fmt: skip

# sha256 (first 16 hex digits) of the Channels 4.3 source of the methods kernel/ replaces.
PINNED_SOURCES = {
    "AsyncConsumer.dispatch": (AsyncConsumer.dispatch, "39f34e7d4fb0f655"),
    "AsyncWebsocketConsumer.websocket_disconnect": (
        AsyncWebsocketConsumer.websocket_disconnect,
        "10f38aa55fd51ff5",
    ),
}


@pytest.mark.parametrize("model", list(PINNED_COLUMNS), ids=lambda model: model.__name__)
def test_the_columns_the_hand_written_sql_writes_are_the_ones_it_was_written_for(model):
    columns = tuple(field.attname for field in model._meta.concrete_fields)
    assert columns == PINNED_COLUMNS[model], (
        f"{model.__name__}'s columns changed: check games/services/action_sql.py "
        "(its docstring says what), then update PINNED_COLUMNS"
    )


def test_the_fields_named_by_the_hand_written_sql_exist():
    for name in MATCH_PROGRESS_FIELDS:
        Match._meta.get_field(name)
    for name in SEAT_FIELDS:
        Seat._meta.get_field(name)


def test_channels_still_names_handlers_as_the_direct_dispatch_expects():
    assert get_handler_name({"type": "websocket.receive"}) == "websocket_receive"
    assert get_handler_name({"type": "match.event"}) == "match_event"
    with pytest.raises(ValueError):
        get_handler_name({"type": "_private.thing"})
    with pytest.raises(ValueError):
        get_handler_name({"text": "no type"})


@pytest.mark.parametrize("name", list(PINNED_SOURCES))
def test_the_channels_methods_the_site_replaces_are_the_versions_it_replaced(name):
    method, digest = PINNED_SOURCES[name]
    found = hashlib.sha256(inspect.getsource(method).encode()).hexdigest()[:16]
    assert found == digest, (
        f"Channels changed {name}: read it, carry its changes into kernel/direct_dispatch.py "
        "and kernel/websocket.py (all but the close_old_connections hop), then update the digest"
    )


class Recorder(AsyncConsumer):
    def __init__(self, calls: list[str]) -> None:
        super().__init__()
        self.calls = calls

    async def match_event(self, message) -> None:
        self.calls.append("handler")


async def test_channels_dispatch_is_the_lookup_the_cleanup_hop_and_the_call(monkeypatch):
    calls: list[str] = []

    async def cleanup() -> None:
        calls.append("cleanup")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", cleanup)
    await Recorder(calls).dispatch({"type": "match.event"})
    assert calls == ["cleanup", "handler"]  # what we replace: the same call, less the hop
    with pytest.raises(ValueError):
        await Recorder(calls).dispatch({"type": "nobody.handles"})


async def test_the_direct_dispatch_finds_the_same_handler_without_the_hop(monkeypatch):
    calls: list[str] = []

    async def cleanup() -> None:
        calls.append("cleanup")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", cleanup)
    consumer = Recorder(calls)
    await handler_for(consumer, {"type": "match.event"})({"type": "match.event"})
    assert calls == ["handler"]
    with pytest.raises(ValueError, match="nobody.handles"):
        handler_for(consumer, {"type": "nobody.handles"})
