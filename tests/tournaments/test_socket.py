"""The tournament socket: "changed" throttled to about once a second, "table_ready" to players,
and the lobby socket sending a player to their table."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.server.sockets import connect
from tests.tournaments.conftest import tasks_settle
from tournaments.broadcast import tournament_changed
from tournaments.services.lifecycle import tournament_create, tournament_join

pytestmark = pytest.mark.django_db(transaction=True)


def is_type(kind):
    return lambda frame: frame["type"] == kind


@sync_to_async
def upcoming_cup(creator):
    return tournament_create(
        creator=creator, name="Socket cup", kind="knockout", variant="five", capacity=2
    )


@sync_to_async
def changes(tournament_id: int, count: int) -> None:
    for _ in range(count):
        tournament_changed(tournament_id)  # outside a transaction: sent at once


async def test_a_burst_of_changes_reaches_a_page_as_at_most_one_a_second(alice):
    cup = await upcoming_cup(alice)
    connected, page = await connect(0, None, path=f"/ws/tournaments/{cup.pk}/")
    assert connected
    await changes(cup.pk, 10)
    first = await page.receive()
    assert first == {"type": "changed"}
    # The other nine, inside the second, become one more, sent when the second is over (how
    # long that is, is the consumer's MIN_INTERVAL, not something a loaded machine can time).
    second = await page.receive()  # bounded only against a failure (tests/server/sockets.py)
    assert second == {"type": "changed"}
    assert await page.communicator.receive_nothing(timeout=1.5)
    await page.send({"type": "ping"})
    assert await page.receive() == {"type": "pong"}
    await page.close()


async def test_players_pages_are_sent_to_their_table_when_the_round_starts(alice, bob, carol):
    cup = await upcoming_cup(carol)
    connected, tournament_page = await connect(0, alice, path=f"/ws/tournaments/{cup.pk}/")
    assert connected
    connected, lobby_page = await connect(0, bob, path="/ws/lobby/")
    assert connected
    await sync_to_async(tournament_join)(tournament_id=cup.pk, user=alice)
    await sync_to_async(tournament_join)(tournament_id=cup.pk, user=bob)
    await sync_to_async(tasks_settle)()
    ready = await tournament_page.receive_until(is_type("table_ready"))
    assert ready["url"] == f"/matches/{ready['match_id']}/" and ready["round"] == 1
    lobby_ready = await lobby_page.receive_until(is_type("table_ready"))
    assert lobby_ready["match_id"] == ready["match_id"]
    assert lobby_ready["tournament_id"] == cup.pk
    await tournament_page.close()
    await lobby_page.close()
