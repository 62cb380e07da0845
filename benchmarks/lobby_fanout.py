"""How fast the lobby reaches everyone: N lobby sockets on a real Daphne, chat and seeks fanned out.

Starts one Daphne on a fresh database (PostgreSQL when DATABASE_URL points at it, else SQLite;
Redis as the channel layer when REDIS_URL is set), signs in N guests, opens N /ws/lobby/
sockets, then:

- chat: one socket sends a line; the time until every socket has it (p50/p90/max over rounds);
- seeks: a seek posted by an HTTP form POST (CSRF and all); the time until every socket has
  ``seek_added``; then its cancel, until every socket has ``seek_removed``;
- hello: the time from opening a socket to its ``hello`` with N people online.

    .venv/bin/python benchmarks/lobby_fanout.py --people 100 --rounds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))
SECRET = "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"

import websockets  # noqa: E402

from tests.support.servers import DaphneServer, LiveDatabase  # noqa: E402


def server_env(database: LiveDatabase) -> dict[str, str]:
    # DEBUG on only so pages render without collectstatic's manifest; the cost is Django's
    # per-request query log, which makes these numbers a little pessimistic.
    env = {
        "DATABASE_URL": database.url,
        "DEBUG": "true",
        "SECRET_KEY": SECRET,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "LOG_LEVEL": "WARNING",
        # The site's own settings (the password hasher included), not the tests' faster ones.
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env


def make_guests(database: LiveDatabase, count: int) -> list[str]:
    """Guests with sessions written straight to the server's database; returns session keys."""
    os.environ.update(
        {
            "DATABASE_URL": database.url,
            "SECRET_KEY": SECRET,
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
    import django

    django.setup()
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.services import guest_create

    keys = []
    for _ in range(count):
        user = guest_create()
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        keys.append(session.session_key)
    return keys


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return f"p50 {pick(0.5):.1f} ms  p90 {pick(0.9):.1f} ms  max {ordered[-1] * 1000:.1f} ms"


class Person:
    def __init__(self, server: DaphneServer, session_key: str) -> None:
        self.server = server
        self.cookie = f"sessionid={session_key}"
        self.socket = None
        self.inbox: asyncio.Queue = asyncio.Queue()

    async def open(self) -> float:
        started = time.perf_counter()
        self.socket = await websockets.connect(
            self.server.ws_url + "/ws/lobby/",
            additional_headers={"Cookie": self.cookie, "Origin": self.server.url},
        )
        while json.loads(await self.socket.recv())["type"] != "hello":
            pass
        elapsed = time.perf_counter() - started
        asyncio.get_running_loop().create_task(self.read())
        return elapsed

    async def read(self) -> None:
        async for text in self.socket:
            await self.inbox.put((time.perf_counter(), json.loads(text)))

    async def wait_for(self, predicate, timeout: float = 30) -> float:
        while True:
            at, frame = await asyncio.wait_for(self.inbox.get(), timeout)
            if predicate(frame):
                return at

    def post(self, path: str, data: dict[str, str]) -> None:
        """A form POST the way a browser sends it: CSRF cookie and token from the lobby page."""
        request = urllib.request.Request(
            self.server.url + "/lobby/", headers={"Cookie": self.cookie}
        )
        with urllib.request.urlopen(request) as response:
            page = response.read().decode()
            csrf_cookie = re.search(
                r"csrftoken=([^;]+)", response.headers.get("Set-Cookie", "")
            ).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        post = urllib.request.Request(
            self.server.url + path,
            data=body,
            headers={
                "Cookie": f"{self.cookie}; csrftoken={csrf_cookie}",
                "Origin": self.server.url,
            },
        )
        opener = urllib.request.build_opener(NoRedirect)
        opener.open(post).close()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_302(self, req, fp, code, msg, headers):
        return fp


async def fan_out(people: list[Person], send, predicate) -> float:
    started = time.perf_counter()
    await send()
    arrivals = await asyncio.gather(*(person.wait_for(predicate) for person in people))
    return max(arrivals) - started


async def run(server: DaphneServer, keys: list[str], rounds: int) -> None:
    people = [Person(server, key) for key in keys]
    hello_times = [await person.open() for person in people]
    print(f"hello with {len(people)} online: {percentiles(hello_times)}")

    chat_times = []
    for number in range(rounds):
        sender = people[number % len(people)]
        text = f"round {number}"
        chat_times.append(
            await fan_out(
                people,
                lambda s=sender, t=text: s.socket.send(json.dumps({"type": "chat", "text": t})),
                lambda f, t=text: f["type"] == "chat" and f["message"]["text"] == t,
            )
        )
    print(f"chat line reaching all {len(people)}: {percentiles(chat_times)}")

    added, removed = [], []
    loop = asyncio.get_running_loop()
    for number in range(rounds):
        poster = people[number % len(people)]
        form = {"variant": "six", "scoring": "auto", "match_target": "1"}
        added.append(
            await fan_out(
                people,
                lambda p=poster, data=form: loop.run_in_executor(
                    None, p.post, "/lobby/seeks/", data
                ),
                lambda f: f["type"] == "seek_added",
            )
        )
        from lobby.models import Seek

        seek_id = await loop.run_in_executor(
            None, lambda: Seek.objects.filter(status="open").latest("id").pk
        )
        removed.append(
            await fan_out(
                people,
                lambda p=poster, s=seek_id: loop.run_in_executor(
                    None, p.post, f"/lobby/seeks/{s}/cancel/", {}
                ),
                lambda f, s=seek_id: f["type"] == "seek_removed" and f["id"] == s,
            )
        )
    print(f"seek posted (HTTP) until all {len(people)} see it: {percentiles(added)}")
    print(f"seek cancelled (HTTP) until all {len(people)} lose it: {percentiles(removed)}")
    for person in people:
        await person.socket.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory), os.environ.get("DATABASE_URL", ""))
        database.create()
        server = DaphneServer(server_env(database), log_path=Path(directory) / "daphne.log")
        try:
            keys = make_guests(database, args.people)
            server.start()
            print(
                f"database {'PostgreSQL' if database.name else 'SQLite'}, channel layer "
                f"{'Redis' if os.environ.get('REDIS_URL') else 'in-memory'}, {args.people} people"
            )
            asyncio.run(run(server, keys, args.rounds))
        finally:
            server.stop()
            database.drop()


if __name__ == "__main__":
    main()
