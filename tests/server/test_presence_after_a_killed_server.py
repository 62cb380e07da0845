"""A player whose server is killed (SIGKILL: nothing closes, nothing is counted down) is gone
once their presence lease lapses: the worker ends the match as their abandonment, and the
opponent may claim the win, both within ``ABANDON_AFTER_SECONDS`` plus one lease period.

Real processes on a database of this module's own: two Daphne servers (alice's and bob's),
and a worker for the abandonment. Short clocks are injected through the environment.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect

from tests.conftest import live_server_env
from tests.server.test_durable_timers import eventually, in_the_database
from tests.support.match_client import create_matches
from tests.support.servers import PROJECT_DIR, DaphneServer, LiveDatabase, WorkerProcess
from tests.support.services import database_url

pytestmark = [pytest.mark.slow, pytest.mark.restarts_services]

# The limit is longer than it need be for the check itself: the players must reach the table
# within it after the match is made (by another process), on a busy shared machine.
ABANDON = 6.0
LEASE = 3.0
CLOCKS = {
    "ABANDON_AFTER_SECONDS": str(ABANDON),
    "PRESENCE_LEASE_SECONDS": str(LEASE),
    "PRESENCE_RENEW_SECONDS": "0.5",
    "TASK_WORKER_IN_SERVER": "false",
}
# The worker's polling, and for the claim our own polling (a process per look), on a busy
# shared machine, on top of the bound.
SLACK = 4.0

CLAIMS = """
import time
from django.contrib.auth import get_user_model
from lobby.services import abandonment_claim, LobbyError
alice = get_user_model().objects.get(pk=ALICE)
deadline = time.time() + 60
while time.time() < deadline:
    try:
        print("CLAIM", time.time(), abandonment_claim(match_id=MATCH, user=alice).finish_reason, flush=True)
        break
    except LobbyError as error:
        print("CLAIM", time.time(), error.code, flush=True)
    time.sleep(0.05)
"""

ENDING = """
import json
from games.models import Match
match = Match.objects.get(pk=MATCH)
answer = [match.status, match.winner_seat, match.finish_reason,
          match.finished_at and match.finished_at.timestamp()]
"""

# Bob holds a lease opened more than one lease period ago that has not expired: his server
# has renewed it (an unrenewed lease would have lapsed by now).
RENEWED = """
import json
from datetime import timedelta
from django.utils import timezone
from games.models import PresenceLease, Seat
now = timezone.now()
bob = Seat.objects.get(match_id=MATCH, number=1).user_id
answer = PresenceLease.objects.filter(
    match_id=MATCH, user_id=bob, expires_at__gt=now, opened_at__lt=now - timedelta(seconds=LEASE)
).exists()
"""

SEATED = """
import json
from games.models import Seat
answer = [seat.user_id for seat in Seat.objects.filter(match_id=MATCH).order_by("number")]
"""


@pytest.fixture(scope="module")
def own_database(tmp_path_factory) -> Iterator[LiveDatabase]:
    database = LiveDatabase(tmp_path_factory.mktemp("presence-db"), database_url())
    database.create()
    yield database
    database.drop()


@pytest.fixture
def two_servers(own_database, tmp_path) -> Iterator[tuple[DaphneServer, DaphneServer]]:
    env = live_server_env(own_database, **CLOCKS)
    alices = DaphneServer(env, log_path=tmp_path / "alice.log").start()
    bobs = DaphneServer(env, log_path=tmp_path / "bob.log").start()
    yield alices, bobs
    bobs.stop()
    alices.stop()


def at_the_table(server: DaphneServer, match_id: int, session: str):
    socket = connect(
        f"{server.ws_url}/ws/matches/{match_id}/",
        additional_headers={"Cookie": f"sessionid={session}", "Origin": server.url},
    )
    socket.recv(timeout=10)  # hello: this player is at the table, and holds a lease
    return socket


def test_the_player_on_a_killed_server_is_abandoned_within_the_limit_plus_a_lease(
    two_servers, tmp_path
):
    alices, bobs = two_servers
    worker = WorkerProcess(alices.env, log_path=tmp_path / "worker.log").start()
    try:
        (setup,) = create_matches(alices.env, 1, prefix="killed-server-")
        match_id = setup["match"]
        alice = at_the_table(alices, match_id, setup["sessions"][0])
        at_the_table(bobs, match_id, setup["sessions"][1])
        # Bob is held present by a live server's renewals, not by a fresh row.
        renewed = RENEWED.replace("MATCH", str(match_id)).replace("LEASE", str(LEASE))
        assert eventually(alices.env, renewed, bool, timeout=30), "bob's lease was not renewed"
        code = ENDING.replace("MATCH", str(match_id))
        assert in_the_database(alices.env, code)[0] == "active"
        bobs.kill()  # SIGKILL: no close reaches anyone, no lease is ended
        killed_at = time.time()
        ended = eventually(alices.env, code, lambda answer: answer[0] == "finished", timeout=40)
        assert ended[:3] == ["finished", 0, "abandoned"]
        took = ended[3] - killed_at  # by the database's clock of the ending, not our polling
        assert ABANDON <= took <= ABANDON + LEASE + SLACK, took
        alice.close()
    finally:
        worker.stop()


def test_the_opponent_may_claim_once_the_killed_servers_lease_has_lapsed(two_servers):
    alices, bobs = two_servers  # no worker: only the claim can end it
    (setup,) = create_matches(alices.env, 1, prefix="killed-claim-")
    match_id = setup["match"]
    alice = at_the_table(alices, match_id, setup["sessions"][0])
    at_the_table(bobs, match_id, setup["sessions"][1])
    alice_id = in_the_database(alices.env, SEATED.replace("MATCH", str(match_id)))[0]
    claims = CLAIMS.replace("MATCH", str(match_id)).replace("ALICE", str(alice_id))
    # Alice claims every 50 ms from before the kill until one claim is granted.
    claiming = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "-c", claims],
        cwd=PROJECT_DIR,
        env=alices.env,
        stdout=subprocess.PIPE,
        text=True,
    )
    first = next(line for line in claiming.stdout if line.startswith("CLAIM")).split()
    assert first[2] == "opponent_present", first
    bobs.kill()
    killed_at = time.time()
    rest, _ = claiming.communicate(timeout=90)
    answers = [
        (float(when), what) for _, when, what in (line.split() for line in rest.splitlines())
    ]
    granted_at, granted = answers[-1]
    assert granted == "abandoned"
    assert {what for _, what in answers[:-1]} == {"opponent_present"}  # refused until then
    assert ABANDON <= granted_at - killed_at <= ABANDON + LEASE + SLACK, granted_at - killed_at
    alice.close()
