"""Two people play a rated match in their browsers until bob resigns; their profiles and the
leaderboard show it.

A server of its own, with the leaderboard's limits lowered (any deviation, one rated match) so
one short match is enough to be listed, and a database of its own so no other test's matches
move these players' ratings.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

from ratings.glicko2 import Rating, Result, update
from tests.browser.conftest import Player, create_live_users, settle, start_match
from tests.browser.table_checks import act
from tests.conftest import live_server_env
from tests.support.servers import DaphneServer, LiveDatabase, WorkerProcess
from tests.support.services import redis_url
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("alice_rated", "bob_rated")


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory) -> Iterator[DaphneServer]:
    database = LiveDatabase(tmp_path_factory.mktemp("rated-db"), os.environ.get("DATABASE_URL", ""))
    database.create()
    env = live_server_env(
        database, RATINGS_LEADERBOARD_MAX_DEVIATION="350", RATINGS_LEADERBOARD_MIN_MATCHES="1"
    )
    logs = tmp_path_factory.mktemp("rated-logs")
    worker = None
    if redis_url():
        env["TASK_WORKER_IN_SERVER"] = "false"
        worker = WorkerProcess(env, log_path=logs / "worker.log").start()
    server = DaphneServer(env, log_path=logs / "server.log")
    if not os.environ.get("REDIS_URL"):
        server.env.pop("REDIS_URL", None)
    server.start()
    create_live_users(database.url, *NAMES)
    yield server
    server.stop()
    if worker is not None:
        worker.stop()
    database.drop()


def shown_rating(player: Player, name: str) -> tuple[int, str]:
    """(the rating's number, the text shown) in the five-card row of ``name``'s profile."""
    player.page.goto(f"{player.base_url}/accounts/players/{name}/")
    cell = player.page.locator('tr[data-kind="five-2p"] td.rating')
    return int(cell.get_attribute("data-rating")), cell.inner_text()


def test_a_rated_match_moves_both_ratings_lists_both_and_draws_the_history(rated_server, new_page):
    alice, bob = (Player(name, new_page(), rated_server.url) for name in NAMES)
    for player in (alice, bob):
        player.log_in()
    start_match(alice, bob, variant="five", rated=True)
    match_id = int(re.search(r"/matches/(\d+)/", alice.page.url).group(1))
    # Both play a card (a rated match resigned earlier is aborted, not rated: docs/ratings.md),
    # then bob resigns. A whole match through the page is tests/browser/test_play_a_match.py.
    players, seq, played = [alice, bob], -1, set()
    for _ in range(30):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        if played == {alice.name, bob.name}:
            break
        for player in players:
            if act(player, player.view(), keyboard=False) == "play":
                played.add(player.name)
    else:
        pytest.fail(f"both never played a card (played: {played})")
    bob.page.click("#resign-button")
    bob.page.click("#resign-button")
    for player in players:
        player.page.wait_for_selector("#result-panel", state="visible")
    winner, loser = alice, bob

    # The hook runs in the worker just after the match ends: wait for the profile to show it.
    wait_until(
        lambda: shown_rating(winner, winner.name)[0] != 1500,
        timeout=20,
        message="the rating changed",
        every=0.3,
    )
    # Two new players, one result: Glicko-2's numbers, provisional still ("?").
    expected = update(Rating(), [Result(1500, 350, 1.0)])
    assert shown_rating(winner, winner.name) == (
        round(expected.rating),
        f"{round(expected.rating)}?",
    )
    assert shown_rating(winner, loser.name)[0] == round(3000 - expected.rating)
    for player in players:
        player.page.goto(f"{player.base_url}/accounts/players/{player.name}/")
        point = player.page.locator(f'.rating-point[data-match-id="{match_id}"]')
        assert point.count() == 1
        assert player.page.locator('tr[data-kind="five-2p"] td.rank').inner_text() == (
            "#1" if player is winner else "#2"
        )

    loser.page.goto(f"{loser.base_url}/ratings/five-2p/")
    board = loser.page.locator("[data-testid=leaderboard] tbody tr")
    assert [row.get_attribute("data-player") for row in board.all()] == [winner.name, loser.name]
    assert loser.page.locator("[data-testid=own-rank]").inner_text() == "You are #2."
