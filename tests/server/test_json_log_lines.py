"""JSON logs carry the ids that let an operator follow one action (issue 28, item 4).

An HTTP request's lines carry its request id (a proxy's ``X-Request-ID`` kept, a forged one
replaced); a socket action's carry the connection's request id, the match, the seat and the
client's action id; a worker's task run carries the task id, the match and the seat, and the
line that queued the task names that task id beside the action that queued it.
"""

from __future__ import annotations

import io
import json
import logging
import random
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from cribbage_site.asgi import application
from games import services
from games.models import MatchAction
from kernel.log_context import JsonLogFormatter, LogContextFilter
from tests.server.driving import random_move
from tests.server.sockets import SAME_ORIGIN, Player, session_cookie
from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.tasks import tasks_run_due


class JsonLines:
    """Every record logged while the test runs, written as the site writes JSON logs."""

    def __init__(self) -> None:
        self.stream = io.StringIO()

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.stream.getvalue().splitlines()]

    def with_message(self, start: str) -> list[dict]:
        return [line for line in self.lines() if line["message"].startswith(start)]


@pytest.fixture
def json_lines() -> Iterator[JsonLines]:
    captured = JsonLines()
    handler = logging.StreamHandler(captured.stream)
    handler.addFilter(LogContextFilter())
    handler.setFormatter(JsonLogFormatter())
    root = logging.getLogger()
    requests = logging.getLogger("cribbage_site.requests")
    levels = root.level, requests.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    requests.setLevel(logging.INFO)  # as with LOG_FORMAT=json
    try:
        yield captured
    finally:
        root.removeHandler(handler)
        root.setLevel(levels[0])
        requests.setLevel(levels[1])


@pytest.mark.django_db
def test_an_http_request_keeps_the_proxys_request_id_on_its_line_and_its_answer(client, json_lines):
    response = client.get("/rules/", HTTP_X_REQUEST_ID="edge-7f3a.42")
    assert response["X-Request-ID"] == "edge-7f3a.42"
    (line,) = [line for line in json_lines.lines() if line["logger"] == "cribbage_site.requests"]
    assert line["request_id"] == "edge-7f3a.42"
    assert (line["message"], line["status"]) == ("GET /rules/ 200", 200)
    assert line["level"] == "INFO" and "duration_ms" in line


@pytest.mark.django_db
def test_a_forged_request_id_is_replaced_not_written_into_the_log(client, json_lines):
    response = client.get("/rules/", HTTP_X_REQUEST_ID='x"\n{"level": "ERROR"}')
    made_up = response["X-Request-ID"]
    assert len(made_up) == 32 and made_up.isalnum()
    assert [line["request_id"] for line in json_lines.lines()] == [made_up]


@pytest.mark.django_db(transaction=True)
async def test_a_socket_actions_lines_carry_the_connection_match_seat_and_action_ids(
    match, alice, json_lines
):
    cookie = await sync_session_cookie(alice)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/matches/{match.pk}/",
        headers=[
            (b"origin", SAME_ORIGIN),
            (b"host", b"127.0.0.1"),
            (b"cookie", cookie),
            (b"x-request-id", b"socket-abc"),
        ],
    )
    connected, _ = await communicator.connect()
    assert connected
    player = Player(communicator)
    hello = await player.receive()
    cards = hello["view"]["cards"]
    await player.send({"type": "discard", "cards": cards[:2], "action_id": "d-1"})
    await player.receive_until(lambda frame: frame["type"] == "ack")
    await player.send({"type": "discard", "cards": cards[2:4], "action_id": "d-2"})
    await player.receive_until(lambda frame: frame["type"] == "error")
    await player.close()

    (applied,) = json_lines.with_message("action applied")
    assert applied["request_id"] == "socket-abc"
    assert (applied["match_id"], applied["seat"], applied["action_id"]) == (match.pk, 0, "d-1")
    assert (applied["action_type"], applied["seq"]) == ("discard", applied["seq"])
    stored = await MatchAction.objects.filter(match=match, client_action_id="d-1").aget()
    assert stored.seat == 0  # the same ids find the action in the database
    (refused,) = json_lines.with_message("action refused")
    assert (refused["request_id"], refused["action_id"], refused["seat"]) == (
        "socket-abc",
        "d-2",
        0,
    )


async def sync_session_cookie(user) -> bytes:
    from asgiref.sync import sync_to_async

    return await sync_to_async(session_cookie)(user)


@pytest.mark.django_db(transaction=True)
def test_a_workers_task_run_carries_its_task_id_and_the_line_that_queued_it_names_it(
    alice, settings, json_lines
):
    settings.BOT_DELAY_SECONDS = 60  # queued with the player's action, run by the test below
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    rng = random.Random(28)

    def bot_turns_queued_by_alice() -> list[dict]:
        return [
            line
            for line in json_lines.with_message("task queued: games.tasks.bot_turn")
            if str(line.get("action_id", "")).startswith("alice-")
        ]

    for step in range(40):  # alice plays until one of her moves hands the turn to the computer
        if bot_turns_queued_by_alice():
            break
        tasks_run_due(now=timezone.now() + timedelta(seconds=61))
        move = random_move(match, rng)
        if move is not None and move[0] == 0:
            services.action_apply(
                match_id=match.pk, user=alice, action=move[1], action_id=f"alice-{step}"
            )
    (queued,) = bot_turns_queued_by_alice()[:1]
    assert (queued["match_id"], queued["seat"]) == (match.pk, 0)
    tasks_run_due(now=timezone.now() + timedelta(seconds=61))

    (bot,) = [
        line
        for line in json_lines.with_message("action applied")
        if line.get("task_id") == queued["queued_task_id"]
    ]
    assert bot["task"] == "games.tasks.bot_turn"
    assert (bot["match_id"], bot["seat"]) == (match.pk, 1)
    assert bot["action_id"].startswith("bot-")


def run_logging(log_format: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "import logging; logging.getLogger('cribbage_site.check').warning('hello %s', 'json')",
        ],
        cwd=PROJECT_DIR,
        env=child_environment(LOG_FORMAT=log_format),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_log_format_json_writes_one_json_object_a_line():
    completed = run_logging("json")
    assert completed.returncode == 0, completed.stderr[-2000:]
    lines = [json.loads(line) for line in completed.stderr.splitlines() if line.startswith("{")]
    (line,) = [line for line in lines if line["logger"] == "cribbage_site.check"]
    assert (line["level"], line["message"]) == ("WARNING", "hello json")


def test_an_unknown_log_format_is_refused_at_start():
    completed = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=PROJECT_DIR,
        env=child_environment(LOG_FORMAT="xml"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode != 0
    assert "LOG_FORMAT must be text or json" in completed.stderr
