"""A Swiss of four over the real server and worker processes, with a kill -9 of both mid-round.

Round 1: table 1 is played to its end by two scripted clients over the websocket; then the
server and the worker are killed (SIGKILL) and, while both are down, table 2 ends by a
resignation (through the service layer, in another process). Restarted, the worker runs the
pending hook, which pairs round 2 (score groups: the two winners meet). Round 2 ends by
resignations and the tournament finishes with the standings worked out by hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.conftest import live_server_env
from tests.server.test_durable_timers import crash_and_restart, eventually, in_the_database
from tests.support.match_client import MatchClient
from tests.support.servers import DaphneServer, LiveDatabase, WorkerProcess
from tests.support.services import database_url

pytestmark = pytest.mark.slow

SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from tournaments.services.lifecycle import tournament_create, tournament_join

def login(name):
    user = get_user_model().objects.create_user(username=name)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return user, session.session_key

people = [login(f"t{n}") for n in range(1, 5)]
cup = tournament_create(creator=people[0][0], name="Crash cup", kind="swiss", rounds=2,
                        variant="five", match_target=1, capacity=4, duplicate=True)
for user, _ in people:
    tournament_join(tournament_id=cup.pk, user=user)
answer = {"tournament": cup.pk, "sessions": {user.username: key for user, key in people}}
"""

TABLES = """
import json
from tournaments.models import Pairing, Tournament
cup = Tournament.objects.get(pk=CUP)
answer = {"status": cup.status, "round": cup.current_round, "tables": [
    [p.match_id, p.first.user.username, p.second.user.username, p.finished,
     None if p.winner is None else p.winner.user.username]
    for p in Pairing.objects.filter(round__tournament=cup, round__number=cup.current_round)
    .select_related("first__user", "second__user", "winner__user").order_by("table")]}
"""

RESIGN = """
import json
from django.contrib.auth import get_user_model
from games import services
services.match_resign(match_id=MATCH, user=get_user_model().objects.get(username="NAME"))
answer = True
"""

STANDINGS = """
import json
from tournaments.models import Tournament
from tournaments.selectors import standings_lines
cup = Tournament.objects.get(pk=CUP)
answer = [[line.entry.name, line.line.rank, line.line.score] for line in standings_lines(cup)]
"""


@pytest.fixture(scope="module")
def own_database(tmp_path_factory) -> Iterator[LiveDatabase]:
    database = LiveDatabase(tmp_path_factory.mktemp("tournament-db"), database_url())
    database.create()
    yield database
    database.drop()


@pytest.fixture
def site(own_database, tmp_path) -> Iterator[tuple[DaphneServer, WorkerProcess]]:
    env = live_server_env(
        own_database,
        TASK_WORKER_IN_SERVER="false",
        BOT_DELAY_SECONDS="0",
        ABANDON_AFTER_SECONDS="600",
    )
    server = DaphneServer(env, log_path=tmp_path / "daphne.log").start()
    worker = WorkerProcess(env, log_path=tmp_path / "worker.log").start()
    yield server, worker
    worker.stop()
    server.stop()


def tables_when(env, cup: int, done, timeout: float = 60.0):
    return eventually(env, TABLES.replace("CUP", str(cup)), done, timeout)


def resign(env, match: int, name: str) -> None:
    in_the_database(env, RESIGN.replace("MATCH", str(match)).replace("NAME", name))


async def play_out(server: DaphneServer, match: int, sessions: list[str]) -> None:
    players = [MatchClient(server.ws_url, match, key, origin=server.url) for key in sessions]
    await asyncio.gather(*(player.connect() for player in players))
    await asyncio.gather(*(player.play_until_over(timeout=90) for player in players))
    await asyncio.gather(*(player.close() for player in players))


def test_a_swiss_goes_on_after_the_server_and_worker_are_killed_mid_round(site):
    server, worker = site
    env = server.env
    setup = in_the_database(env, SETUP)
    cup, sessions = setup["tournament"], setup["sessions"]
    first = tables_when(env, cup, lambda a: a["round"] == 1 and len(a["tables"]) == 2)
    assert [table[1:3] for table in first["tables"]] == [["t1", "t2"], ["t3", "t4"]]
    (one, a, b, _, _), (two, c, d, _, _) = first["tables"]

    asyncio.run(play_out(server, one, [sessions[a], sessions[b]]))
    played = tables_when(env, cup, lambda a: a["tables"][0][3])
    winner_one = played["tables"][0][4]
    assert played["round"] == 1

    server.kill()
    worker.kill()
    resign(env, two, d)  # t3 wins table 2 while nothing is running
    assert in_the_database(env, TABLES.replace("CUP", str(cup)))["round"] == 1
    crash_and_restart(server, worker)

    second = tables_when(env, cup, lambda a: a["round"] == 2 and len(a["tables"]) == 2)
    loser_one = b if winner_one == a else a
    winners = sorted([winner_one, "t3"], key=lambda name: int(name[1:]))
    losers = sorted([loser_one, "t4"], key=lambda name: int(name[1:]))
    assert [table[1:3] for table in second["tables"]] == [winners, losers]
    for match, first_name, _second_name, _, _ in second["tables"]:
        resign(env, match, first_name)  # the second-named wins each table of round 2

    finished = tables_when(env, cup, lambda a: a["status"] == "finished")
    assert finished["round"] == 2
    standings = in_the_database(env, STANDINGS.replace("CUP", str(cup)))
    scores = {name: score for name, _, score in standings}
    assert scores[winners[1]] == 2  # won both rounds
    assert scores[losers[0]] == 0  # lost both
    assert scores[winners[0]] == scores[losers[1]] == 1
