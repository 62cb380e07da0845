"""The match websocket: authenticate, parse, call a service or selector, send. No rules here.

Each connection remembers the last event number it has sent, so the frames it writes are in
order and gap-free even if two broadcasts overtake each other between processes: a frame that
arrives early makes it fetch the missing events from the log first; a late one is dropped.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games import selectors, services
from games.broadcast import group_name, viewer_key
from games.models import Match
from games.privacy import match_hidden_from, match_hidden_refusal
from games.protocol import ProtocolError, parse_frame
from games.services.presence import MATCH, PresenceRenewal
from kernel.error_renderings import error_frame
from kernel.log_context import log_context
from kernel.socket_limits import TokenBucket
from kernel.websocket import SiteWebsocketConsumer

logger = logging.getLogger(__name__)

CLOSE_MATCH_PRIVATE = 4403
CLOSE_MATCH_NOT_FOUND = 4404
# Syncs that replay events: a page asks once after each hello (its log's history) and after a
# rare gap, so 4 at once and one more every 4 s; keep-alive syncs are not counted here.
REPLAY_BURST = 4
REPLAYS_PER_SECOND = 0.25

# Django runs all "thread-sensitive" sync code of a process in one thread, which would make every
# match's actions queue behind each other. On PostgreSQL the match row lock already serialises
# what must be serialised (one match), so actions of different matches run on a pool of worker
# threads at once. SQLite allows one writer anyway, so there the single thread is kept.
PARALLEL_ACTIONS = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
action_apply_async = database_sync_to_async(
    services.action_apply, thread_sensitive=not PARALLEL_ACTIONS
)


def _dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


def _hello(match_id: int, user) -> dict[str, Any] | None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    seat = selectors.seat_for_user(match=match, user=user)
    return selectors.match_hello(match=match, seat=seat)


def _missing_frames(
    match_id: int, seat: int | None, after: int, before: int
) -> list[tuple[int, str]]:
    events = selectors.match_events_since(match=Match(pk=match_id), seq=after, before=before)
    return [(event.seq, _dumps(selectors.event_frame(event=event, seat=seat))) for event in events]


class MatchConsumer(SiteWebsocketConsumer):
    """One client's connection to one match (a seat or a spectator)."""

    seat: int | None = None
    last_seq: int = 0
    joined: bool = False
    # This socket's presence lease at the match (players only; games/services/presence.py).
    presence: PresenceRenewal | None = None

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        self.replay_bucket = TokenBucket(capacity=REPLAY_BURST, rate=REPLAYS_PER_SECOND)
        await self.accept()
        # Visitors who are not logged in watch public matches (the services refuse their
        # actions); a private match, reached only by its secret link, is for its players alone.
        if await self.reads(match_hidden_from)(match_id=self.match_id, user=self.user):
            code, message = await self.reads(match_hidden_refusal)(match_id=self.match_id)
            await self._refuse(code, message, CLOSE_MATCH_PRIVATE)
            return
        # Join the group before reading the snapshot, so no event can fall between them.
        await self.channel_layer.group_add(group_name(self.match_id), self.channel_name)
        self.joined = True
        hello = await self.reads(_hello)(self.match_id, self.user)
        if hello is None:
            await self._refuse(
                "match_not_found", f"there is no match {self.match_id}", CLOSE_MATCH_NOT_FOUND
            )
            return
        self.seat = hello["seat"]
        self.last_seq = hello["seq"]
        if self.seat is not None:
            self.presence = PresenceRenewal(
                socket=self.channel_name, user=self.user, place=MATCH, spawn=self.spawn
            )
            await self.presence.start(match_id=self.match_id)
        await self.send(text_data=_dumps(hello))

    async def disconnect(self, code: int) -> None:
        if self.joined:
            await self.channel_layer.group_discard(group_name(self.match_id), self.channel_name)
            self.joined = False
        if self.presence is not None:
            await self.presence.stop()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # The connection's rate was checked when the frame arrived (kernel/websocket.py).
        try:
            message = parse_frame(text_data)
        except ProtocolError as error:
            await self._send_frame(error.frame())
            return
        if message.type == "ping":
            await self._send_frame({"type": "pong"})
        elif message.type == "sync":
            # A keep-alive (nothing missed) costs one small query; asking for events this
            # connection was already sent (history, or a real gap) replays them: that is limited.
            if (message.seq or 0) < self.last_seq and not self.replay_bucket.take():
                await self._send_frame(
                    ProtocolError("rate_limited", "too many syncs; wait a few seconds").frame()
                )
                return
            await self._replay_since(message.seq or 0)
        else:
            await self._act(message.action or {}, message.action_id)

    async def _act(self, action: dict[str, Any], action_id: str | None) -> None:
        # The ids on every line the action logs, here and in the service's thread.
        with log_context(match_id=self.match_id, seat=self.seat, action_id=action_id):
            try:
                outcome = await action_apply_async(
                    match_id=self.match_id, user=self.user, action=action, action_id=action_id
                )
            except services.ServiceError as error:
                logger.info("action refused: %s", error.code, extra={"code": error.code})
                await self._send_frame(error_frame(error, action_id=action_id))
                return
        await self._send_frame(
            {
                "type": "ack",
                "action_id": outcome.action_id,
                "seq": outcome.seq,
                "duplicate": outcome.duplicate,
            }
        )

    async def _replay_since(self, seq: int) -> None:
        answer = await self.reads(selectors.match_sync)(
            match_id=self.match_id, seat=self.seat, seq=seq
        )
        self.last_seq = max(self.last_seq, answer["seq"])
        await self._send_frame(answer)

    async def match_frames(self, message: dict[str, Any]) -> None:
        """A broadcast from the group: write this viewer's frames, in order, without gaps.

        The events of one broadcast (one action's) go out as one ``events`` frame when there are
        several: a websocket frame costs the server, the network and the page far more than the
        bytes in it (docs/protocol.md, docs/performance.md).
        """
        texts: list[str] = []
        for seq, text in message["frames"][viewer_key(self.seat)]:
            if seq <= self.last_seq:
                continue
            if seq > self.last_seq + 1:
                missing = await self.reads(_missing_frames)(
                    self.match_id, self.seat, self.last_seq, seq
                )
                texts.extend(missing_text for _, missing_text in missing)
            texts.append(text)
            self.last_seq = seq
        if len(texts) == 1:
            await self.send(text_data=texts[0])
        elif texts:
            # The frames are JSON already: join them rather than decode and encode again.
            await self.send(text_data='{"type":"events","events":[' + ",".join(texts) + "]}")

    async def _send_frame(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=_dumps(frame))

    async def _refuse(self, code: str, message: str, close_code: int) -> None:
        await self._send_frame(ProtocolError(code, message).frame())
        await self.close(code=close_code)
