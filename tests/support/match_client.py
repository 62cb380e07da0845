"""A scripted player over a real websocket, for end-to-end tests and benchmarks/ws_load.py.

It speaks docs/protocol.md as a browser would: keeps its view with the reference reducer,
notices gaps and syncs, resends an unacknowledged action with the same ``action_id`` after a
reconnect, and plays simple legal moves read from its view's ``legal`` block (the first cards;
claims of 0 with manual scoring; it never calls Muggins).
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import websockets

from games.engine.reducer import reduce_view
from tests.support.servers import PROJECT_DIR

SETUP_SCRIPT = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from games import services

def login(name):
    user = get_user_model().objects.create_user(username=name)  # no password: no hashing cost
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return user, session.session_key

result = []
for index in range(COUNT):
    alice, alice_key = login(f"{PREFIX}a{index}")
    match = services.match_create(creator=alice, options=OPTIONS)
    if BOT_LEVEL:
        services.match_seat_bot(match=match, level=BOT_LEVEL)
        bob_key = None
    else:
        bob, bob_key = login(f"{PREFIX}b{index}")
        services.match_join(match=match, user=bob)
    result.append({"match": match.pk, "sessions": [alice_key, bob_key]})
print("SETUP" + json.dumps(result))
"""


def create_matches(
    env: dict[str, str],
    count: int,
    *,
    prefix: str,
    options: dict | None = None,
    bot_level: str | None = None,
) -> list[dict]:
    """Create ``count`` started matches (two fresh users each) in a live server's database.

    Runs in a separate process with that server's environment, since the test process's own
    database is pytest's, not the server's. Returns ``[{"match": id, "sessions": [key0, key1]}]``.
    """
    script = (
        SETUP_SCRIPT.replace("COUNT", str(count))
        .replace("PREFIX", repr(prefix))
        .replace("OPTIONS", repr(options or {"match_target": 1}))
        .replace("BOT_LEVEL", repr(bot_level))
    )
    completed = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in completed.stdout.splitlines() if line.startswith("SETUP"))
    return json.loads(line[len("SETUP") :])


@dataclass
class MatchClient:
    """One player (or spectator) connected to one match."""

    base_ws_url: str
    match_id: int
    session_key: str
    origin: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    received_at: dict[int, float] = field(default_factory=dict)
    sent_at: dict[str, float] = field(default_factory=dict)
    acked: dict[str, int] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)
    seat: int | None = None
    view: dict[str, Any] | None = None
    seq: int = 0
    pending: dict[str, Any] | None = None
    pending_seq: int = 0
    counter: int = 0
    throttled: int = 0
    sent_types: dict[str, int] = field(default_factory=dict)
    think: float = 0.0  # seconds a player waits before each move (a person's pace)
    planned: dict[str, Any] | None = None
    due_at: float = 0.0
    socket: Any = None
    # As static/js/connection.js: a keep-alive sync every 15 to 25 s (at random, so clients that
    # connected together do not all sync at once), and a sync when an ack names an event that
    # has not come a moment later (a broadcast lost on the way).
    keepalive: float = 20.0
    catch_up_after: float = 1.5
    next_keepalive: float = 0.0
    catch_up: tuple[float, int] | None = None  # (when, the seq the ack named)
    drops: int = 0  # connections lost while playing (a test waits on these, not on a clock)

    @property
    def url(self) -> str:
        return f"{self.base_ws_url}/ws/matches/{self.match_id}/"

    @property
    def over(self) -> bool:
        return self.view is not None and self.view["phase"] == "match_over"

    async def connect(self, timeout: float = 10) -> None:
        """Connect (retrying while the server is down) and read ``hello``, or sync after a drop."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.socket = await websockets.connect(
                    self.url,
                    additional_headers={
                        "Cookie": f"sessionid={self.session_key}",
                        "Origin": self.origin,
                    },
                    open_timeout=5,
                )
                break
            except (TimeoutError, OSError, websockets.InvalidHandshake):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
        try:
            hello = json.loads(await self.socket.recv())
        except websockets.ConnectionClosed:
            # Refused right after the handshake (the server lost its channel layer, say):
            # try again while there is time, as the page's reconnection does.
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)
            return await self.connect(timeout=deadline - time.monotonic())
        self.frames.append(hello)
        self.next_keepalive = time.monotonic() + self._keepalive_delay()
        if hello["type"] != "hello":
            raise RuntimeError(f"expected hello, got {hello}")
        if self.view is None:
            self._reset(hello)
        elif hello["seq"] > self.seq:
            # Reconnected after missing events: ask for them, as the page does.
            await self.send({"type": "sync", "seq": self.seq})
        if self.pending is not None:
            await self.send(self.pending)  # unacknowledged: resend with the same action_id

    def _keepalive_delay(self) -> float:
        return self.keepalive * random.uniform(0.75, 1.25)

    async def send(self, message: dict[str, Any]) -> None:
        self.sent_types[message["type"]] = self.sent_types.get(message["type"], 0) + 1
        await self.socket.send(json.dumps(message))

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    def _reset(self, hello: dict[str, Any]) -> None:
        self.seat, self.view, self.seq = hello["seat"], hello["view"], hello["seq"]

    def _apply(self, frame: dict[str, Any]) -> bool:
        """Apply an event frame; False when it shows a gap (the caller syncs)."""
        if frame["seq"] <= self.seq:
            return True
        if frame["seq"] != self.seq + 1:
            return False
        self.view = reduce_view(self.view, frame["event"])
        self.seq = frame["seq"]
        self.received_at.setdefault(frame["seq"], time.perf_counter())
        return True

    async def handle(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        kind = frame["type"]
        if kind in ("event", "events"):
            for event_frame in frame["events"] if kind == "events" else [frame]:
                if not self._apply(event_frame):
                    await self.send({"type": "sync", "seq": self.seq})
                    break
        elif kind == "synced":
            for event_frame in frame["events"]:
                self._apply(event_frame)
        elif kind == "hello":
            self._reset(frame)
        elif kind == "ack":
            self.acked[frame["action_id"]] = frame["seq"]
            if frame["seq"] > self.seq:
                self.catch_up = (time.monotonic() + self.catch_up_after, frame["seq"])
            if self.pending is not None and frame["action_id"] == self.pending["action_id"]:
                self.pending, self.pending_seq = None, frame["seq"]
        elif kind == "error" and frame["code"] == "rate_limited":
            # Too fast for the server's limit (a script, not a person): wait, then resend.
            self.throttled += 1
            await asyncio.sleep(0.3)
            if self.pending is not None:
                await self.send(self.pending)
        elif kind == "error":
            self.errors.append(frame)
            if self.pending is not None and frame.get("action_id") == self.pending["action_id"]:
                self.pending = None

    def next_action(self) -> dict[str, Any] | None:
        """A legal move from the view, or None when it is not this seat's moment."""
        view = self.view
        if (
            view is None
            or self.seat is None
            or self.pending is not None
            or self.seq < self.pending_seq
        ):
            return None
        if self.seat not in view["to_act"]:
            return None
        legal = view["legal"]
        if legal["claim"] is not None:
            return {"type": "claim", "points": 0}
        if legal["discard"]:
            return {"type": "discard", "cards": view["cards"][:2]}
        if legal["play"]:
            return {"type": "play", "card": legal["play"][0]}
        return None

    async def act_if_due(self) -> None:
        """Plan a move when one is due, and send it once the think time has passed."""
        if self.planned is None:
            action = self.next_action()
            if action is None:
                return
            # Jittered so that many scripted players do not all move in the same instant.
            pause = self.think * random.uniform(0.5, 1.5)
            self.planned, self.due_at = action, time.monotonic() + pause
        if time.monotonic() < self.due_at:
            return
        # Decide again now: the view may have moved on since the plan (one action's events
        # arrive one frame at a time, and the first can make this seat look due too early).
        self.planned = None
        action = self.next_action()
        if action is None:
            return
        self.counter += 1
        action_id = f"s{self.seat}-{self.counter}"
        self.pending = {**action, "action_id": action_id}
        self.sent_at[action_id] = time.perf_counter()
        await self.send(self.pending)

    async def _sync_if_due(self) -> None:
        """The keep-alive sync, and the catch-up sync after an ack whose events never came."""
        now = time.monotonic()
        if self.catch_up is not None and now >= self.catch_up[0]:
            behind = self.seq < self.catch_up[1]
            self.catch_up = None
            if behind:
                await self.send({"type": "sync", "seq": self.seq})
        if now >= self.next_keepalive:
            self.next_keepalive = now + self._keepalive_delay()
            await self.send({"type": "sync", "seq": self.seq})

    async def play_until_over(self, *, timeout: float = 120, reconnect: bool = False) -> None:
        """Read frames and act until the match ends; reconnect after a drop if asked to."""
        deadline = time.monotonic() + timeout
        while not self.over:
            try:
                await self.act_if_due()
                await self._sync_if_due()
            except websockets.ConnectionClosed:
                self.drops += 1
                if not reconnect:
                    raise
                await self.connect(timeout=max(deadline - time.monotonic(), 1))
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(
                    f"seat {self.seat}: match {self.match_id} not over at seq {self.seq}; "
                    f"to_act {self.view['to_act']}, pending {self.pending}, "
                    f"last frames {self.frames[-3:]}"
                )
            wait = min(remaining, 5, self.next_keepalive - time.monotonic())
            if self.catch_up is not None:
                wait = min(wait, self.catch_up[0] - time.monotonic())
            if self.planned is not None:
                wait = min(wait, self.due_at - time.monotonic())
            wait = max(0.0, wait)
            try:
                text = await asyncio.wait_for(self.socket.recv(), wait)
            except websockets.ConnectionClosed:
                self.drops += 1
                if not reconnect:
                    raise
                await self.connect(timeout=remaining)
                continue
            except TimeoutError:
                continue
            await self.handle(json.loads(text))
