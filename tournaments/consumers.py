"""``/ws/tournaments/<id>/``: a tournament page's live updates (docs/protocol.md).

Sends ``{"type": "changed"}`` when the standings or tables changed, at most about once a
second however many results arrive (:data:`MIN_INTERVAL`; a change inside the interval is sent
when it ends, so the last one is never lost), and ``table_ready`` to a player whose table of a
new round is ready. The page fetches the fresh part itself (``/tournaments/<id>/live/``), so a
page without this socket still works by reload. Clients send only ``ping``.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from kernel.websocket import PushSocketConsumer
from tournaments.broadcast import tournament_group, tournament_user_group

MIN_INTERVAL = 1.0


class TournamentConsumer(PushSocketConsumer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.last_sent = 0.0
        self.pending: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        user = self.scope.get("user")
        self.groups = [*self.groups, tournament_group(self.tournament_id)]
        if user is not None and user.is_authenticated:
            self.groups.append(tournament_user_group(self.tournament_id, user.pk))
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.pending is not None:
            self.pending.cancel()

    async def tournament_changed(self, message: dict[str, Any]) -> None:
        if self.pending is not None:
            return  # a send is already due at the end of the interval
        wait = self.last_sent + MIN_INTERVAL - time.monotonic()
        if wait <= 0:
            await self._send_changed()
            return
        loop = asyncio.get_running_loop()
        self.pending = loop.call_later(wait, lambda: loop.create_task(self._send_changed()))

    async def _send_changed(self) -> None:
        self.pending = None
        self.last_sent = time.monotonic()
        await self.send_json({"type": "changed"})

    async def tournament_push(self, message: dict[str, Any]) -> None:
        await self.send_json(message["payload"])
