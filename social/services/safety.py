"""Blocks and personal chat mutes, and a person's social settings.

A block ends the friendship, withdraws pending friend requests and open challenges between the
two, and from then on (social/selectors.py, the chat gate registered in social/apps.py) keeps
each out of the other's chat, challenges, requests and presence. A mute only silences the
muted person for the muter; neither is told.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from social.errors import SocialError
from social.models import Block, ChatMute, Friendship, SocialSettings
from social.selectors import pair
from social.services.challenges import challenges_close_between
from social.services.friends import pending_requests_close
from social.services.people import member_required

SETTING_NAMES = (
    "presence_friends_only",
    "challenges_friends_only",
    "matches_friends_only",
    "mute_all_chat",
    "public_puzzles_from_private",
)


def _not_self(user: User, other: User, what: str) -> None:
    if user.pk == other.pk:
        raise SocialError(f"own_{what}", f"You cannot {what} yourself.")


@transaction.atomic
def block_add(*, user: object, other: User) -> Block:
    member = member_required(user)
    _not_self(member, other, "block")
    block, _ = Block.objects.get_or_create(blocker=member, blocked=other)
    low, high = pair(member.pk, other.pk)
    Friendship.objects.filter(first_id=low, second_id=high).delete()
    pending_requests_close(member.pk, other.pk)
    challenges_close_between(member.pk, other.pk)
    return block


@transaction.atomic
def block_remove(*, user: object, other: User) -> None:
    member = member_required(user)
    deleted, _ = Block.objects.filter(blocker=member, blocked=other).delete()
    if not deleted:
        raise SocialError(
            "not_blocked", f"You have not blocked {other.get_username()}.", status=409
        )


@transaction.atomic
def mute_add(*, user: object, other: User) -> ChatMute:
    member = member_required(user)
    _not_self(member, other, "mute")
    mute, _ = ChatMute.objects.get_or_create(muter=member, muted=other)
    return mute


@transaction.atomic
def mute_remove(*, user: object, other: User) -> None:
    member = member_required(user)
    deleted, _ = ChatMute.objects.filter(muter=member, muted=other).delete()
    if not deleted:
        raise SocialError("not_muted", f"You have not muted {other.get_username()}.", status=409)


@transaction.atomic
def social_settings_update(*, user: object, **choices: bool) -> SocialSettings:
    """Save the person's choices (only the names in ``SETTING_NAMES``, each a bool)."""
    member = member_required(user)
    unknown = set(choices) - set(SETTING_NAMES)
    if unknown or not all(isinstance(value, bool) for value in choices.values()):
        raise SocialError("bad_settings", "Unknown or malformed settings.")
    settings, _ = SocialSettings.objects.select_for_update().get_or_create(user=member)
    for name, value in choices.items():
        setattr(settings, name, value)
    settings.save()
    return settings
