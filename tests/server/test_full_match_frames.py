"""Whole matches over the websocket, every frame recorded: nothing leaks, and the frames rebuild
each viewer's view (for alice, bob and carol the spectator).

Every frame is checked for leaks, not only events: hello, ack, error, synced and pong too. One
match is random with automatic scoring; the other is the five-card game with manual scoring and
Muggins, played by people who claim their points, once claim too little on purpose, and call
Muggins on it, with an illegal move, a ping and a spectator's sync along the way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.db import connections

from games import engine, selectors, services
from games.models import Match, MatchEvent, Shuffle
from games.services.recording import load_state
from tests.server.driving import protocol_action, random_move
from tests.server.leaks import leaks
from tests.server.sockets import Player, connect_and_hello

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.usefixtures("roomy_frame_limit"),
]


@sync_to_async
def next_move(match_id: int, rng: random.Random):
    return random_move(Match.objects.get(pk=match_id), rng)


@sync_to_async
def final_views_and_decks(match_id: int):
    match = Match.objects.get(pk=match_id)
    views = {seat: selectors.match_view(match=match, seat=seat) for seat in (0, 1, None)}
    decks = dict(Shuffle.objects.filter(match=match).values_list("number", "deck"))
    return match.last_seq, views, decks


async def act(player: Player, message: dict[str, Any]) -> dict[str, Any]:
    """Send an action and wait for its answer (the frame limit is roomy: ``roomy_frame_limit``)."""
    await player.send({**message, "action_id": f"m{len(player.frames)}"})
    return await player.receive_until(lambda frame: frame["type"] in {"ack", "error"})


def events_received(player: Player) -> list[dict[str, Any]]:
    """Each event once, in seq order, whether it came live or in a ``synced`` replay."""
    by_seq: dict[int, dict[str, Any]] = {}
    for frame in player.frames:
        inner = frame["events"] if frame["type"] == "synced" else [frame]
        for event_frame in inner:
            if event_frame["type"] == "event":
                by_seq.setdefault(event_frame["seq"], event_frame)
    return [by_seq[seq] for seq in sorted(by_seq)]


async def assert_frames_rebuild_views_and_leak_nothing(
    sockets: dict[int | None, tuple[Player, dict[str, Any]]], match_id: int, hand_size: int
) -> None:
    last_seq, views, decks = await final_views_and_decks(match_id)
    for seat, (player, hello) in sockets.items():
        while not any(f.get("seq") == last_seq and f["type"] == "event" for f in player.frames):
            await player.receive()
        events = events_received(player)
        assert [frame["seq"] for frame in events] == list(range(hello["seq"] + 1, last_seq + 1))
        view = hello["view"]
        for frame in events:
            view = engine.reduce_view(view, frame["event"])
        assert view == views[seat]
        assert player.frames[0] is hello
        assert any(frame["type"] == "events" for frame in player.wire_frames)
        assert leaks(player.wire_frames, seat=seat, decks=decks, hand_size=hand_size) == []
        await player.close()
    await database_sync_to_async(connections.close_all)()


async def test_every_frame_of_a_whole_match_hides_what_it_must_and_rebuilds_each_view(
    match, alice, bob, carol
):
    sockets = {}
    for seat, user in ((0, alice), (1, bob), (None, carol)):
        sockets[seat] = await connect_and_hello(match.pk, user)
    rng = random.Random(5)
    while (move := await next_move(match.pk, rng)) is not None:
        seat, action = move
        answer = await act(sockets[seat][0], action)
        assert answer["type"] == "ack", answer
    await assert_frames_rebuild_views_and_leak_nothing(sockets, match.pk, hand_size=6)


MANUAL_MUGGINS = {"variant": "five", "scoring": "manual", "muggins": True, "match_target": 1}


@sync_to_async
def manual_match(alice, bob) -> int:
    waiting = services.match_create(creator=alice, options=MANUAL_MUGGINS)
    return services.match_join(match=waiting, user=bob).pk


@sync_to_async
def honest_move(match_id: int, rng: random.Random, plan: dict[str, bool]):
    """The next (seat, message) of two careful players: each claims its points (but claims one
    too few once, on purpose) and calls Muggins whenever a claim was wrong. None: match over."""
    state = load_state(Match.objects.get(pk=match_id))
    if not engine.seats_to_act(state):
        return None
    window = state.window
    if window is not None and window.claimed != window.actual:
        return window.caller, {"type": "muggins", "points": abs(window.actual - window.claimed)}
    pending = state.pending
    if pending is not None:
        points = pending.actual
        if not plan["under_claimed"] and points >= 2:
            plan["under_claimed"] = True
            points -= 1
        return pending.seat, {"type": "claim", "points": points}
    moves = [
        (seat, action)
        for seat in sorted(engine.seats_to_act(state))
        for action in engine.legal_actions(state, seat)
        if not isinstance(action, engine.Muggins)  # the claim was right: let the window close
    ]
    seat, action = rng.choice(moves)
    return seat, protocol_action(action)


@sync_to_async
def logged(match_id: int, kind: str) -> list[dict[str, Any]]:
    return list(
        MatchEvent.objects.filter(match_id=match_id, type=kind)
        .order_by("seq")
        .values_list("public", flat=True)
    )


async def test_a_manual_scoring_match_with_muggins_over_the_socket_leaks_nothing(alice, bob, carol):
    match_id = await manual_match(alice, bob)
    sockets = {}
    for seat, user in ((0, alice), (1, bob), (None, carol)):
        sockets[seat] = await connect_and_hello(match_id, user)
    spectator, spectator_hello = sockets[None]

    # Bob tries to play while both must discard: an error, and nothing changes.
    bobs_card = sockets[1][1]["view"]["cards"][0]
    refused = await act(sockets[1][0], {"type": "play", "card": bobs_card})
    assert (refused["type"], refused["code"]) == ("error", "wrong_phase")

    rng = random.Random(8)
    plan = {"under_claimed": False}
    steps = 0
    while (move := await honest_move(match_id, rng, plan)) is not None:
        seat, action = move
        answer = await act(sockets[seat][0], action)
        assert answer["type"] == "ack", (action, answer)
        steps += 1
        if steps == 30:
            # Carol pings, then asks for everything since her hello: a replay (synced).
            await spectator.send({"type": "ping"})
            await spectator.receive_until(lambda frame: frame["type"] == "pong")
            await spectator.send({"type": "sync", "seq": spectator_hello["seq"]})
            synced = await spectator.receive_until(lambda frame: frame["type"] == "synced")
            assert synced["events"], "the replay should hold the events so far"

    wrong = [e for e in await logged(match_id, "score_revealed") if e["claimed"] != e["actual"]]
    assert len(wrong) == 1 and wrong[0]["actual"] - wrong[0]["claimed"] == 1
    assert [e["points"] for e in await logged(match_id, "muggins_called")] == [1]
    assert len(await logged(match_id, "claim_made")) > 10
    assert [e["reason"] for e in await logged(match_id, "points_awarded")] == ["pone_start"]
    await assert_frames_rebuild_views_and_leak_nothing(sockets, match_id, hand_size=5)
