"""Timers outlive their processes: the server and the worker are killed (SIGKILL) while a bot's
turn, an abandonment and a seek's expiry are pending, and started again; each then happens with
nobody connecting. Real Daphne and worker processes on a database of this module's own (the
session's site server has a worker too, which must not run these tasks for us)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect

from tests.conftest import live_server_env
from tests.support.live_shell import LiveShell
from tests.support.match_client import create_matches
from tests.support.servers import DaphneServer, LiveDatabase, WorkerProcess
from tests.support.services import database_url
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.slow, pytest.mark.restarts_services]

# Short clocks, so each timer falls due a few seconds after the crash; the others long, so
# only the timer under test fires (a player who never opens the match abandons it too).
LONG = "600"


@pytest.fixture(scope="module")
def own_database(tmp_path_factory) -> Iterator[LiveDatabase]:
    database = LiveDatabase(tmp_path_factory.mktemp("timers-db"), database_url())
    database.create()
    yield database
    database.drop()


@pytest.fixture
def start_site(own_database, tmp_path) -> Iterator:
    """Start a server and a worker process (no worker in the server) with the given clocks."""
    started = []

    def start(*, bot: str = LONG, abandon: str = LONG, seek_grace: str = LONG):
        env = live_server_env(
            own_database,
            TASK_WORKER_IN_SERVER="false",
            BOT_DELAY_SECONDS=bot,
            ABANDON_AFTER_SECONDS=abandon,
            SEEK_CREATOR_GRACE_SECONDS=seek_grace,
            # One task at a time: after the crash both players' checks fall due together (the
            # dead server's stale count lapses too), and which is charged then depends on which
            # check takes the match's lock first. Tracked for the presence lease (issue 24, 1).
            TASK_WORKER_THREADS="1",
        )
        server = DaphneServer(env, log_path=tmp_path / "daphne.log").start()
        started.append(server)
        worker = WorkerProcess(env, log_path=tmp_path / "worker.log").start()
        started.append(worker)
        return server, worker

    yield start
    for process in reversed(started):
        process.stop()


def crash_and_restart(server: DaphneServer, worker: WorkerProcess) -> None:
    server.kill()
    worker.kill()
    server.start()
    worker.start()


# One shell per environment a test asked in (tests/support/live_shell.py); ended after the test.
shells: dict[tuple, LiveShell] = {}


@pytest.fixture(autouse=True)
def shells_end() -> Iterator[None]:
    yield
    while shells:
        shells.popitem()[1].close()


def in_the_database(env: dict[str, str], code: str):
    """Run ``code`` (which sets ``answer``) on the live database, in a Django process with the
    live site's environment; its answer."""
    key = tuple(sorted(env.items()))
    if key not in shells:
        shells[key] = LiveShell(env)
    return shells[key].ask(code)


def eventually(env: dict[str, str], code: str, done, timeout: float = 60.0):
    """Ask the database until ``done(answer)`` (another process's timer is not ours to await);
    the last answer."""
    answers = []

    def asked():
        answers.append(in_the_database(env, code))
        return done(answers[-1])

    # On a timeout the caller's assertion on the last answer says what was wrong.
    with contextlib.suppress(AssertionError):
        wait_until(asked, timeout=timeout, message=code, every=0.2)
    return answers[-1]


BOT_MOVES = """
import json
from games.models import MatchAction
answer = list(MatchAction.objects.filter(match_id=MATCH, seat=1).values_list("client_action_id", flat=True))
"""

BOB_GONE = """
import json
from games.models import Match
from games.services.presence import match_seconds_absent
match = Match.objects.get(pk=MATCH)
answer = match_seconds_absent(match=match, user_id=match.seats.get(number=1).user_id) is not None
"""

EXPIRY_QUEUED = """
import json
from django_tasks_db.models import DBTaskResult
from lobby.models import Seek
creator_id = Seek.objects.get(pk=SEEK).creator_id
answer = DBTaskResult.objects.filter(
    task_path="lobby.tasks.seeks_expire", args_kwargs__kwargs__creator_id=creator_id
).exists()
"""

ENDING = """
import json
from games.models import Match, MatchFinishedNotice
match = Match.objects.get(pk=MATCH)
answer = [match.status, match.winner_seat, match.finish_reason,
          MatchFinishedNotice.objects.filter(match=match).exists()]
"""


def test_a_bot_turn_due_while_everything_is_down_is_played_after_the_restart(start_site):
    server, worker = start_site(bot="5")
    (setup,) = create_matches(server.env, 1, prefix="crash-bot-", bot_level="easy")
    crash_and_restart(server, worker)  # well inside the bot's 5-second pause
    code = BOT_MOVES.replace("MATCH", str(setup["match"]))
    # The bot discards (its only move until alice discards too): the turn queued when the
    # match started, keyed by that position, played once.
    moves = eventually(server.env, code, bool)
    assert len(moves) == 1 and moves[0].startswith("bot-"), moves


def test_an_abandonment_due_while_everything_is_down_fires_after_the_restart(start_site):
    # Long enough that bob's check is still waiting when the crash comes, after we have seen
    # his close recorded (a look at the database takes well under a second, even when busy).
    server, worker = start_site(abandon="8")
    (setup,) = create_matches(server.env, 1, prefix="crash-abandon-")
    match_id = setup["match"]
    sockets = []
    for seat in (0, 1):
        sockets.append(
            connect(
                f"{server.ws_url}/ws/matches/{match_id}/",
                additional_headers={
                    "Cookie": f"sessionid={setup['sessions'][seat]}",
                    "Origin": server.url,
                },
            )
        )
        sockets[-1].recv(timeout=10)  # hello: this player is at the table
    sockets[1].close()  # bob leaves while the game waits on both to discard
    # Let the server record it (a close has no answer to wait for): bob's lease has ended.
    gone = BOB_GONE.replace("MATCH", str(match_id))
    assert eventually(server.env, gone, bool, timeout=20), "the server never saw bob go"
    crash_and_restart(server, worker)  # alice's socket dies with the server; her lease lapses
    code = ENDING.replace("MATCH", str(match_id))
    assert eventually(server.env, code, lambda answer: answer[3]) == [
        "finished",
        0,
        "abandoned",
        True,
    ]


SEEK_SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from lobby.services import seek_create
user = get_user_model().objects.create_user(username="crash-seeker")
session = SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
seek = seek_create(creator=user, options={"match_target": 1})
answer = [seek.pk, session.session_key]
"""


def test_a_seek_expiry_due_while_everything_is_down_fires_after_the_restart(start_site):
    server, worker = start_site(seek_grace="3")
    seek_id, session_key = in_the_database(server.env, SEEK_SETUP)
    lobby = connect(
        f"{server.ws_url}/ws/lobby/",
        additional_headers={"Cookie": f"sessionid={session_key}", "Origin": server.url},
    )
    lobby.recv(timeout=10)  # hello
    lobby.close()  # the creator leaves the lobby: the expiry is queued, 3.5 s on
    queued = EXPIRY_QUEUED.replace("SEEK", str(seek_id))
    assert eventually(server.env, queued, bool, timeout=20), "the expiry was never queued"
    crash_and_restart(server, worker)
    code = f"import json\nfrom lobby.models import Seek\nanswer = Seek.objects.get(pk={seek_id}).status"
    assert eventually(server.env, code, lambda status: status != "open") == "expired"


CLOCK_SETUP = """
import json
from datetime import timedelta
from django.contrib.auth import get_user_model
from django_tasks_db.models import DBTaskResult
from games import services
from games.engine.options import TimeControl
from games.models import Match
people = [get_user_model().objects.create_user(username=f"crash-clock-{n}") for n in (0, 1)]
match = services.match_create(creator=people[0], options={"match_target": 1},
                              clock=TimeControl("realtime", 30, 0))
match = services.match_join(match=match, user=people[1])
# As if both had been thinking for 27 of their 30 seconds: the wait began, and its check
# falls due, that much earlier.
Match.objects.filter(pk=match.pk).update(clock_since=match.clock_since - timedelta(seconds=27))
for check in DBTaskResult.objects.filter(task_path="games.tasks.clock_check"):
    if check.args_kwargs["kwargs"]["match_id"] == match.pk:
        DBTaskResult.objects.filter(pk=check.pk).update(run_after=check.run_after - timedelta(seconds=27))
answer = match.pk
"""


def test_a_clock_that_runs_out_while_everything_is_down_ends_the_match_after_the_restart(
    start_site,
):
    server, worker = start_site()
    match_id = in_the_database(server.env, CLOCK_SETUP)
    crash_and_restart(server, worker)  # nobody is connected, and nothing is running
    code = ENDING.replace("MATCH", str(match_id))
    status, winner, reason, announced = eventually(server.env, code, lambda answer: answer[3])
    assert (status, reason, announced) == ("finished", "time", True)
    assert winner == 1  # both ran out together in the discard: the tie goes against seat 0
