"""A bot turn lost with its server (an asyncio task in its memory) is taken up again when a
player connects to the match. Whole matches against each level over a real server, and a real
server killed during the bot's pause, are in test_live_servers.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.db import connections

from games import selectors, services
from games.models import Match, MatchAction
from games.services import bots as bot_turns
from tests.server.sockets import connect_and_hello

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def close_worker_connections():
    """Close the database connection the consumers' worker thread opened, so the test
    database can be dropped at the end of the run."""
    yield
    await database_sync_to_async(connections.close_all)()


@pytest.fixture(autouse=True)
def no_bot_pause(settings):
    settings.BOT_DELAY_SECONDS = 0


@sync_to_async
def match_against(alice, level: str, options: dict[str, Any]) -> Match:
    match = services.match_create(creator=alice, options=options)
    return services.match_seat_bot(match=match, level=level)


@sync_to_async
def bot_moves(match_id: int) -> list[str]:
    return list(
        MatchAction.objects.filter(match_id=match_id, seat=1).values_list(
            "client_action_id", flat=True
        )
    )


async def test_a_bot_turn_lost_with_its_server_is_taken_up_when_a_player_connects(
    alice, monkeypatch
):
    lost = []
    with monkeypatch.context() as patched:
        # As if the server died during the bot's pause: the turn is scheduled, never run.
        patched.setattr(bot_turns, "_start_turn", lambda **turn: lost.append(turn))
        match = await match_against(alice, "easy", {"match_target": 1})
    assert [turn["seat"] for turn in lost] == [1]
    assert await bot_moves(match.pk) == []

    player, hello = await connect_and_hello(match.pk, alice)
    assert hello["view"]["to_act"] == [0, 1]  # both must discard; the bot's turn is lost
    frame = await player.receive_until(
        lambda frame: frame["type"] == "event" and frame["event"]["type"] == "discarded"
    )
    assert frame["event"]["data"]["seat"] == 1
    assert await bot_moves(match.pk) == [f"bot-{hello['seq']}"]
    await player.close()


async def test_connections_opening_together_start_the_waiting_bots_turn_once(alice, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(bot_turns, "_start_turn", lambda **turn: None)
        match = await match_against(alice, "hard", {"match_target": 1})
    hello = await sync_to_async(_hello_for)(match, alice)
    assert bot_turns.bot_turn_resume(hello=hello) is True
    assert bot_turns.bot_turn_resume(hello=hello) is False  # already under way here
    while bot_turns._turns_under_way:
        await asyncio.sleep(0.01)
    assert await bot_moves(match.pk) == [f"bot-{hello['seq']}"]
    # Once the bot has moved, the match no longer waits on it: nothing more to resume.
    assert bot_turns.bot_turn_resume(hello=await sync_to_async(_hello_for)(match, alice)) is False


def _hello_for(match: Match, user) -> dict[str, Any]:
    match.refresh_from_db()
    return selectors.match_hello(match=match, seat=0)
