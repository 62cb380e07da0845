"""``/ws/challenges/<id>/``: a challenge page's live state, for its two people only.

On connect it sends the challenge as it stands (a ``challenge`` frame); when the challenge is
accepted, declined, withdrawn or expires, the service that changed it sends the new state to
the group after its commit (social/broadcast.py), so the challenger sees the answer at once.
Clients send only ``ping``.
"""

from __future__ import annotations

from typing import Any

from kernel.error_renderings import error_frame
from kernel.errors import SiteError
from kernel.websocket import PushSocketConsumer
from social.broadcast import challenge_group
from social.models import Challenge
from social.services.challenges import challenge_state

CLOSE_NOT_AUTHENTICATED = 4401
CLOSE_NOT_YOURS = 4403


def _state_for(challenge_id: int, user_id: int) -> dict[str, Any] | None:
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None or user_id not in (challenge.challenger_id, challenge.challenged_id):
        return None
    return challenge_state(challenge)


class ChallengeConsumer(PushSocketConsumer):
    async def connect(self) -> None:
        self.challenge_id = int(self.scope["url_route"]["kwargs"]["challenge_id"])
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            await self.refuse(
                SiteError("not_authenticated", "Log in to see your challenges."),
                CLOSE_NOT_AUTHENTICATED,
            )
            return
        # Join before reading, so an answer committed in between is not lost (the page applies
        # whichever state arrives last; each is the whole state).
        await self.channel_layer.group_add(challenge_group(self.challenge_id), self.channel_name)
        self.groups = [*self.groups, challenge_group(self.challenge_id)]
        state = await self.reads(_state_for)(self.challenge_id, user.pk)
        if state is None:
            await self.channel_layer.group_discard(
                challenge_group(self.challenge_id), self.channel_name
            )
            await self.refuse(
                SiteError("challenge_not_found", "There is no such challenge."), CLOSE_NOT_YOURS
            )
            return
        await self.send_json(state)

    async def refuse(self, error: SiteError, code: int) -> None:
        await self.send_json(error_frame(error))
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(
            challenge_group(self.challenge_id), self.channel_name
        )

    async def social_push(self, message: dict[str, Any]) -> None:
        await self.send_json(message["payload"])
