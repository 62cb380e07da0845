"""A socket whose handler fails is closed where the client sees it, on a real Daphne.

Daphne's websocket library refuses to send a close code 1011 from an application (only 1000
and 3000-4999), silently: the old ``close(1011)`` left the socket open and deaf, a zombie. Now
the client gets an ``error`` frame (``server_error``) and the close code 4500, the failure is
logged once, and the consumer's disconnect runs (a player's presence lease ends). The failure
is injected by the test-only ``TEST_SOCKET_FAILURE_FRAME``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from kernel.websocket import CLOSE_SERVER_ERROR
from tests.conftest import live_server_env
from tests.server.test_durable_timers import eventually, in_the_database
from tests.support.match_client import create_matches
from tests.support.servers import DaphneServer

pytestmark = pytest.mark.slow

FAIL = "fail-now"

ABSENT = """
import json
from games.models import Match, Seat
from games.services.presence import match_seconds_absent
match = Match.objects.get(pk=MATCH)
answer = [match_seconds_absent(match=match, user_id=seat.user_id) for seat in match.seats.order_by("number")]
"""


@pytest.fixture(scope="module")
def server(live_database, tmp_path_factory) -> Iterator[DaphneServer]:
    log = tmp_path_factory.mktemp("failing-sockets") / "daphne.log"
    env = live_server_env(live_database, TEST_SOCKET_FAILURE_FRAME=FAIL)
    started = DaphneServer(env, log_path=log).start()
    started.log_file = log
    yield started
    started.stop()


def closed_by_the_server(socket) -> tuple[list[dict], int | None]:
    """Every frame until the server's close, and its close code."""
    frames = []
    try:
        while True:
            frames.append(json.loads(socket.recv(timeout=10)))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd else None


def test_a_failed_handler_closes_the_tournament_socket_with_a_code_the_client_sees(server):
    with connect(
        f"{server.ws_url}/ws/tournaments/1/", additional_headers={"Origin": server.url}
    ) as socket:
        socket.send(FAIL)
        frames, code = closed_by_the_server(socket)
    assert code == CLOSE_SERVER_ERROR
    assert [frame["code"] for frame in frames] == ["server_error"]
    assert server.log_file.read_text().count("websocket handler failed") == 1


def test_a_deeply_nested_frame_gets_an_error_and_the_tournament_socket_still_answers(server):
    with connect(
        f"{server.ws_url}/ws/tournaments/1/", additional_headers={"Origin": server.url}
    ) as socket:
        socket.send("[" * 2000 + "]" * 2000)
        refused = json.loads(socket.recv(timeout=10))
        assert (refused["type"], refused["code"]) == ("error", "bad_json")
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}


def test_a_players_failed_socket_closes_and_ends_their_presence(server):
    (setup,) = create_matches(server.env, 1, prefix="failing-socket-")
    match_id = setup["match"]
    headers = {"Cookie": f"sessionid={setup['sessions'][1]}", "Origin": server.url}
    with connect(f"{server.ws_url}/ws/matches/{match_id}/", additional_headers=headers) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        assert in_the_database(server.env, ABSENT.replace("MATCH", str(match_id)))[1] is None
        socket.send(FAIL)
        frames, code = closed_by_the_server(socket)
    assert code == CLOSE_SERVER_ERROR
    assert frames[-1]["code"] == "server_error"
    # The disconnect ran: bob's lease ends with the socket (the default lease is a minute).
    absences = eventually(server.env, ABSENT.replace("MATCH", str(match_id)), lambda a: a[1])
    assert absences[1] is not None
