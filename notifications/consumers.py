"""``/ws/notifications/``: the bell's live count, on every page of a signed-in person.

On connect it sends ``hello`` (the unread count and the latest few). A new notification
arrives as ``notification`` (it and the new count); reading on another tab sends ``unread``.
The counts are read from the database when the message arrives, never kept here, so they are
right whatever order the tabs and the worker act in. Clients send only ``ping``; anything else,
however malformed, is an ``error`` frame (the shared parser's limits), and the socket stays.
Visitors signed out get an ``error`` and close code 4401: there is nothing to tell them.
"""

from __future__ import annotations

from typing import Any

from kernel.error_renderings import error_frame
from kernel.websocket import PushSocketConsumer
from notifications.broadcast import notifications_group
from notifications.errors import NotificationError
from notifications.selectors import bell_state, unread_count

CLOSE_NOT_AUTHENTICATED = 4401


class NotificationConsumer(PushSocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            refusal = NotificationError("not_authenticated", "Log in to get notifications.")
            await self.send_json(error_frame(refusal))
            await self.close(code=CLOSE_NOT_AUTHENTICATED)
            return
        self.user_id = user.pk
        group = notifications_group(self.user_id)
        self.groups = [*self.groups, group]
        await self.channel_layer.group_add(group, self.channel_name)
        await self.send_json(await self.reads(bell_state)(user_id=self.user_id))

    async def notifications_arrived(self, message: dict[str, Any]) -> None:
        unread = await self.reads(unread_count)(user_id=self.user_id)
        await self.send_json(
            {"type": "notification", "notification": message["notification"], "unread": unread}
        )

    async def notifications_read(self, message: dict[str, Any]) -> None:
        unread = await self.reads(unread_count)(user_id=self.user_id)
        await self.send_json({"type": "unread", "unread": unread})
