"""Websockets of the lobby (/ws/lobby/) and of each match's chat (/ws/matches/<id>/chat/).

Thin by design: authenticate, parse, call a service or selector, send. The wire format is in
docs/lobby.md. Both sockets answer ``ping`` with ``pong``; a signed-in person's socket holds a presence lease
that its server renews (games/services/presence.py).
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async

from games.models import Match, Seat
from games.services.abandonment import abandon_after_seconds
from games.services.presence import (
    LOBBY,
    MATCH,
    PresenceRenewal,
    match_seats_absent_seconds,
    match_seconds_absent,
)
from kernel import chat_gates
from kernel.error_renderings import error_frame
from kernel.errors import SiteError
from kernel.frames import FrameError, frame_action_id, frame_decode
from kernel.sending import group_send_from_loop
from kernel.socket_limits import TokenBucket
from kernel.websocket import SiteWebsocketConsumer
from lobby import selectors, services
from lobby.broadcast import LOBBY_GROUP, chat_group, match_social_group, user_group
from lobby.models import RematchOffer

CLOSE_NOT_AUTHENTICATED = 4401
CLOSE_PRIVATE = 4403
CLOSE_NOT_FOUND = 4404
LOBBY_CHAT_ROOM = "lobby"
# ``refresh`` re-reads the whole lobby: 3 at once, then one every 5 s (the page asks every 20 s).
REFRESH_BURST = 3
REFRESHES_PER_SECOND = 0.2


def parse_frame(text: str | None) -> dict[str, Any]:
    """A client frame as a dict with a string ``type``; anything else is a LobbyError.

    The shape and size are checked by the parser every socket shares (kernel/frames.py),
    which turns even a frame nested thousands deep into a clear error instead of a crash.
    """
    try:
        frame = frame_decode(text)
    except FrameError as error:
        raise services.LobbyError("bad_frame", error.message) from error
    if not isinstance(frame.get("type"), str):
        raise services.LobbyError("bad_frame", "Frames must be objects with a type.")
    return frame


class PushingConsumer(SiteWebsocketConsumer):
    """Shared plumbing: group bookkeeping, JSON sending, and the ``lobby.push`` group handler."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.joined_groups: list[str] = []
        self.user: Any = None  # the scope's user, from connect()
        # The socket's presence lease, for signed-in people (games/services/presence.py).
        self.presence: PresenceRenewal | None = None

    @property
    def signed_in(self) -> bool:
        return bool(self.user is not None and self.user.is_authenticated)

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined_groups.append(group)

    async def leave_all(self) -> None:
        for group in self.joined_groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.joined_groups = []

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload, separators=(",", ":")))

    async def lobby_push(self, message: dict[str, Any]) -> None:
        if await self.hears(message):
            await self.send_json(message["payload"])

    async def hears(self, message: dict[str, Any]) -> bool:
        """Whether this socket's person hears the chat line in ``message`` (kernel/chat_gates.py:
        blocks, mutes, all chat muted); every other push is for everyone in the group."""
        speaker = message.get("speaker_id")
        if speaker is None or not self.signed_in or speaker == self.user.pk:
            return True
        listener = self.user.pk
        return bool(
            await database_sync_to_async(_hears_line)(listener_id=listener, speaker_id=speaker)
        )

    async def refuse(self, code: str, message: str, close_code: int) -> None:
        await self.send_json(error_frame(services.LobbyError(code, message)))
        await self.close(code=close_code)


def _hears_line(*, listener_id: int, speaker_id: int) -> bool:
    """Asked per listener of each chat line: not deaf to all chat, and hearing this speaker."""
    return not chat_gates.hears_nobody(listener_id) and chat_gates.hears(listener_id, speaker_id)


def _lobby_hello(user) -> dict[str, Any]:
    signed_in = user is not None and user.is_authenticated
    listener = user.pk if signed_in else None
    return {
        "type": "hello",
        "me": {"id": user.pk, "name": user.get_username()} if signed_in else None,
        # A rated seek that would be casual between its creator and this person says so
        # before they accept (ratings' allowance of rated results per pair and day).
        "seeks": selectors.seeks_marked_casual_for(seeks=selectors.open_seeks(), user=user),
        "live_matches": selectors.live_matches(),
        "online": selectors.online_count(),
        "chat": selectors.chat_recent(room=LOBBY_CHAT_ROOM, listener_id=listener),
        "chat_muted": chat_gates.hears_nobody(listener),
        # A match a seek of theirs became while this page was not listening: go there.
        "your_match": selectors.seek_match_unopened(user=user),
    }


class LobbyConsumer(PushingConsumer):
    """Seeks appearing and going, live matches, players online and the lobby chat, for everyone.

    Visitors who are not signed in may watch; only signed-in people (guests too) count as online,
    chat, and are told when their seek was accepted.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.refresh_bucket = TokenBucket(capacity=REFRESH_BURST, rate=REFRESHES_PER_SECOND)

    async def lobby_push(self, message: dict[str, Any]) -> None:
        """A new rated seek is marked for this socket's person, as the lobby page marks it: the
        group's one message cannot know who reads it."""
        if not await self.hears(message):
            return
        payload = message["payload"]
        seek = payload.get("seek") if payload.get("type") == "seek_added" else None
        if seek and seek.get("rated") and self.signed_in:
            marked = await self.reads(selectors.seeks_marked_casual_for)(
                seeks=[dict(seek)], user=self.user
            )
            payload = {**payload, "seek": marked[0]}
        await self.send_json(payload)

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        await self.accept()
        await self.join(LOBBY_GROUP)
        await self.join(chat_group(LOBBY_CHAT_ROOM))
        if self.signed_in:
            await self.join(user_group(self.user.pk))
            self.presence = PresenceRenewal(
                socket=self.channel_name, user=self.user, place=LOBBY, spawn=self.spawn
            )
            await self.presence.start()
        await self.send_json(await self.reads(_lobby_hello)(self.user))
        if self.signed_in:
            await self.broadcast_online()

    async def disconnect(self, code: int) -> None:
        await self.leave_all()
        if not self.signed_in:
            return
        # Ends the socket's lease and, in the same transaction, queues the expiry of the
        # person's open seeks for when their grace period is over (lobby/tasks.py).
        if self.presence is not None:
            await self.presence.stop_renewing()
        await database_sync_to_async(services.lobby_presence_leave)(
            user=self.user, socket=self.channel_name
        )
        await self.broadcast_online()

    async def broadcast_online(self) -> None:
        count = await database_sync_to_async(selectors.online_count)()
        group_send_from_loop(
            LOBBY_GROUP, {"type": "lobby.push", "payload": {"type": "online", "count": count}}
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame: dict[str, Any] = {}
        try:
            frame = parse_frame(text_data)
            await self.handle(frame)
        except SiteError as error:  # the lobby's refusals, and limits that cannot count
            await self.send_json(error_frame(error, action_id=frame_action_id(frame)))

    async def handle(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "chat":
            await database_sync_to_async(services.chat_post)(
                user=self.user, room=LOBBY_CHAT_ROOM, text=frame.get("text")
            )
        elif kind == "refresh":
            # A whole lobby read: the page asks every 20 s, a script must not ask 20 times a second.
            if not self.refresh_bucket.take():
                raise services.LobbyError(
                    "rate_limited", "The lobby was sent a moment ago; wait a few seconds."
                )
            await self.send_json(await self.reads(_lobby_hello)(self.user))
        else:
            raise services.LobbyError("unknown_type", f"Unknown frame type {kind!r}.")


def _match_chat_hello(match_id: int, user) -> dict[str, Any] | None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    seats = list(Seat.objects.filter(match=match).select_related("user").order_by("number"))
    seat = next((s.number for s in seats if s.user_id == user.pk), None)
    room = selectors.match_chat_room(match=match, user=user)
    offer = RematchOffer.objects.filter(match=match).first()
    return {
        "type": "hello",
        "match": match.pk,
        "seat": seat,
        "room": "players" if seat is not None else "spectators",
        "room_key": room,
        "messages": selectors.chat_recent(room=room, listener_id=user.pk),
        "chat_muted": chat_gates.hears_nobody(user.pk),
        # None at a turn-based match: closing its page abandons nothing (no claim, no countdown).
        "abandon_after": None if match.time_control.turn_based else abandon_after_seconds(),
        "presence": [
            {
                "seat": s.number,
                "name": s.display_name,
                "absent_seconds": match_seconds_absent(match=match, user_id=s.user_id),
            }
            for s in seats
            if s.user_id is not None
        ],
        "rematch": None
        if offer is None
        else {
            "by": offer.offered_by.get_username(),
            # The offerer's own page says "You offered", not their name.
            "by_seat": next((s.number for s in seats if s.user_id == offer.offered_by_id), None),
            "url": f"/matches/{offer.new_match_id}/" if offer.new_match_id else None,
        },
    }


class MatchChatConsumer(PushingConsumer):
    """One match's chat (players' or spectators' room), the players' presence, and rematch news.

    A player's chat socket counts in their presence at the match (games/services/presence.py)
    like the table's own. That the match ended arrives through the match-finished hook
    (lobby/hooks.py), never by reading the match server's frames.

    The room is fixed by who the user is when connecting, never by the client: a seated player
    is in the players' room, anyone else in the spectators' room, and each hears only their own.
    """

    room: str = ""
    seat: int | None = None
    # Seat -> connected, as this socket last told its page (from the hello, then pings).
    told: dict[int, bool]

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.told = {}
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        await self.accept()
        if not self.signed_in:
            await self.refuse(
                "not_authenticated", "Log in or play as a guest to chat.", CLOSE_NOT_AUTHENTICATED
            )
            return
        # A private match's spectators' room would be a way to watch it: players only.
        if await database_sync_to_async(selectors.match_hidden_from)(
            match_id=self.match_id, user=self.user
        ):
            await self.refuse(
                "match_private",
                "Only the players of a private match can chat there.",
                CLOSE_PRIVATE,
            )
            return
        hello = await database_sync_to_async(_match_chat_hello)(self.match_id, self.user)
        if hello is None:
            await self.refuse(
                "match_not_found", f"There is no match {self.match_id}.", CLOSE_NOT_FOUND
            )
            return
        self.room = hello.pop("room_key")
        self.seat = hello["seat"]
        self.told = {p["seat"]: p["absent_seconds"] is None for p in hello["presence"]}
        await self.join(chat_group(self.room))
        await self.join(match_social_group(self.match_id))
        if self.seat is not None:
            self.presence = PresenceRenewal(
                socket=self.channel_name, user=self.user, place=MATCH, spawn=self.spawn
            )
            await self.presence.start(match_id=self.match_id)
            await self.announce_presence(connected=True)
        await self.send_json(hello)

    async def disconnect(self, code: int) -> None:
        await self.leave_all()
        if self.presence is not None and self.seat is not None:
            await self.presence.stop()
            await self.announce_presence(connected=False)

    async def tell_lapsed_presence(self) -> None:
        """Tell this page of any seat whose presence changed unannounced: a player whose server
        died sends no ``presence`` frame, their lease just lapses. Read on each ping (25 s)."""
        match = Match(pk=self.match_id)
        absences = await database_sync_to_async(match_seats_absent_seconds)(match=match)
        for seat, absent in absences.items():
            connected = absent is None
            if self.told.get(seat) != connected:
                self.told[seat] = connected
                await self.send_json(
                    {
                        "type": "presence",
                        "seat": seat,
                        "connected": connected,
                        "absent_seconds": absent,
                    }
                )

    async def lobby_push(self, message: dict[str, Any]) -> None:
        if not await self.hears(message):
            return
        payload = message["payload"]
        if payload.get("type") == "presence":
            if self.told.get(payload["seat"]) == payload["connected"]:
                return  # already told (a ping's look got there first)
            self.told[payload["seat"]] = payload["connected"]
        await self.send_json(payload)

    async def announce_presence(self, *, connected: bool) -> None:
        group_send_from_loop(
            match_social_group(self.match_id),
            {
                "type": "lobby.push",
                "payload": {"type": "presence", "seat": self.seat, "connected": connected},
            },
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame: dict[str, Any] = {}
        try:
            frame = parse_frame(text_data)
            if frame["type"] == "ping":
                await self.send_json({"type": "pong"})
                await self.tell_lapsed_presence()
            elif frame["type"] == "chat":
                await database_sync_to_async(services.chat_post)(
                    user=self.user, room=self.room, text=frame.get("text")
                )
            else:
                raise services.LobbyError("unknown_type", f"Unknown frame type {frame['type']!r}.")
        except SiteError as error:  # the lobby's refusals, and limits that cannot count
            await self.send_json(error_frame(error, action_id=frame_action_id(frame)))
