"""The channel layer's Redis is down while a seek, a chat line and a tournament change commit.

A real Daphne process sends through a private redis-server (tests/support/servers.py), which the
test kills with SIGKILL and starts again on the same port. The cache (the rate limits) lives on
another Redis (``CACHE_REDIS_URL``), so what is under test is the send path alone
(kernel/sending.py): none of the three requests fails, and once Redis is back each message
reaches the sockets that were open all along.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
import websockets

from tests.conftest import live_server_env
from tests.server.test_durable_timers import (  # shells_end: the module's shells are closed
    eventually,
    in_the_database,
    shells_end,  # noqa: F401 - an autouse fixture
)
from tests.support.servers import DaphneServer, RedisServer
from tests.support.services import require_redis_server

pytestmark = [pytest.mark.slow, pytest.mark.restarts_services]

SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from tournaments.services.lifecycle import tournament_create

def login(name):
    user = get_user_model().objects.create_user(username=name)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return user, session.session_key

alice, alice_key = login("PREFIX-alice")
bob, bob_key = login("PREFIX-bob")
cup = tournament_create(creator=alice, name="Outage cup", kind="swiss", rounds=2,
                        variant="five", match_target=1, capacity=4, duplicate=True)
answer = {"tournament": cup.pk, "alice": alice_key, "bob": bob_key}
"""


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def post_form(server: DaphneServer, path: str, session_key: str, form: dict[str, str]) -> int:
    """POST ``form`` as a signed-in browser would (session and CSRF cookies); the status."""
    token = secrets.token_hex(16)  # an unmasked 32-character secret, as Django accepts
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=urllib.parse.urlencode(form).encode(),
        headers={
            "Cookie": f"sessionid={session_key}; csrftoken={token}",
            "X-CSRFToken": token,
            "Origin": server.url,
        },
        method="POST",
    )
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:  # 3xx (not followed) and errors alike
        return error.code


async def open_socket(server: DaphneServer, path: str, session_key: str):
    return await websockets.connect(
        f"{server.ws_url}{path}",
        additional_headers={"Cookie": f"sessionid={session_key}", "Origin": server.url},
        open_timeout=10,
    )


async def frames_of_types(socket, types: set[str], timeout: float = 30.0) -> dict[str, dict]:
    """The first frame of each type in ``types``, in whatever order they come, skipping others
    (online counts, pongs)."""
    found: dict[str, dict] = {}
    async with asyncio.timeout(timeout):
        while set(found) != types:
            frame = json.loads(await socket.recv())
            if frame.get("type") in types:
                found.setdefault(frame["type"], frame)
    return found


@pytest.fixture
def layer_redis(tmp_path):
    require_redis_server()
    (tmp_path / "layer").mkdir()
    redis = RedisServer(tmp_path / "layer").start()
    yield redis
    redis.kill()


@pytest.fixture
def cache_redis(tmp_path):
    require_redis_server()
    (tmp_path / "cache").mkdir()
    redis = RedisServer(tmp_path / "cache").start()
    yield redis
    redis.kill()


async def test_what_commits_while_the_layer_is_down_arrives_once_it_is_back(
    live_database, layer_redis, cache_redis, tmp_path
):
    env = {
        **live_server_env(live_database),
        "REDIS_URL": layer_redis.url,
        "CACHE_REDIS_URL": cache_redis.url,
        "TASK_WORKER_IN_SERVER": "false",
    }
    server = DaphneServer(env, log_path=tmp_path / "daphne.log")
    await asyncio.to_thread(server.start)
    try:
        setup = await asyncio.to_thread(
            in_the_database, env, SETUP.replace("PREFIX", uuid.uuid4().hex[:8])
        )
        cup = setup["tournament"]
        alice_lobby = await open_socket(server, "/ws/lobby/", setup["alice"])
        alice_cup = await open_socket(server, f"/ws/tournaments/{cup}/", setup["alice"])
        bob_lobby = await open_socket(server, "/ws/lobby/", setup["bob"])
        await frames_of_types(alice_lobby, {"hello"})
        await frames_of_types(bob_lobby, {"hello"})

        await asyncio.to_thread(layer_redis.kill)
        seek = await asyncio.to_thread(
            post_form,
            server,
            "/lobby/seeks/",
            setup["bob"],
            {"variant": "six", "scoring": "auto", "match_target": "1"},
        )
        joined = await asyncio.to_thread(
            post_form, server, f"/tournaments/{cup}/join/", setup["bob"], {}
        )
        await bob_lobby.send(json.dumps({"type": "chat", "text": "still here"}))
        # Committed, not failed: both forms redirect as usual; the chat line is stored (its
        # refusal would come back as an error frame, and a crash would close the socket).
        assert (seek, joined) == (302, 302)
        stored = await asyncio.to_thread(
            eventually,
            env,
            "from lobby.models import ChatMessage, Seek\n"
            "from tournaments.models import Entry\n"
            "answer = [Seek.objects.filter(creator__username__endswith='-bob').count(),"
            " ChatMessage.objects.filter(text='still here').count(),"
            f" Entry.objects.filter(tournament_id={cup}).count()]\n"
            "import json",
            lambda answer: answer == [1, 1, 1],
            30.0,
        )
        assert stored == [1, 1, 1]

        await asyncio.to_thread(layer_redis.start)
        # Within the send path's retry window (kernel/sending.py retries for up to 60 s), which
        # a loaded machine needs when the servers are slow to resubscribe.
        lobby = await frames_of_types(alice_lobby, {"seek_added", "chat"}, timeout=75.0)
        cup_page = await frames_of_types(alice_cup, {"changed"}, timeout=75.0)
        assert lobby["seek_added"]["seek"]["creator"].endswith("-bob")
        assert lobby["chat"]["message"]["text"] == "still here"
        assert cup_page["changed"] == {"type": "changed"}
        for socket in (alice_lobby, alice_cup, bob_lobby):
            await socket.close()
    finally:
        server.stop()
    log = (tmp_path / "daphne.log").read_text()
    assert "Internal Server Error" not in log
    assert " 500 " not in log
