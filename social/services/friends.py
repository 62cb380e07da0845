"""Friend requests (send, accept, decline, cancel) and unfriending.

A request to someone who blocked you, or whom you blocked, is refused with the same neutral
words as to someone who takes no requests, so a block is never revealed. Two people who ask
each other become friends at once.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.throttle import Throttle
from kernel.notices import Notice, publish
from social import conf
from social.errors import SocialError
from social.models import FriendRequest, Friendship
from social.selectors import are_friends, blocked_either_way, is_guest, pair
from social.services.people import member_required

NOT_TAKING = "This player is not taking friend requests."


def friend_request_throttle() -> Throttle:
    return Throttle(
        "friend-request", conf.friend_requests_per_window(), conf.friend_request_window_seconds()
    )


def _friendship_make(first: User, second: User) -> Friendship:
    low, high = pair(first.pk, second.pk)
    friendship, _ = Friendship.objects.get_or_create(first_id=low, second_id=high)
    return friendship


def _friends_url() -> str:
    return reverse("social:friends")


@transaction.atomic
def friend_request_send(*, sender: object, to: User) -> FriendRequest:
    """Ask ``to`` to be friends; when ``to`` had already asked ``sender``, both are friends now
    (the returned request is then ``to``'s, accepted)."""
    user = member_required(sender)
    if to.pk == user.pk:
        raise SocialError("own_request", "You cannot be your own friend.")
    if is_guest(to):
        raise SocialError(
            "guest_has_no_friends", "Guests have no friends list; they can play you from the lobby."
        )
    if blocked_either_way(user.pk, to.pk):
        raise SocialError("not_taking_requests", NOT_TAKING)
    if are_friends(user.pk, to.pk):
        raise SocialError("already_friends", f"You and {to.get_username()} are already friends.")
    waiting = (
        FriendRequest.objects.select_for_update()
        .filter(from_user=to, to_user=user, status=FriendRequest.Status.PENDING)
        .first()
    )
    if waiting is not None:
        return _accept(waiting, user)
    if FriendRequest.objects.filter(
        from_user=user, to_user=to, status=FriendRequest.Status.PENDING
    ).exists():
        raise SocialError(
            "request_pending", f"You already asked {to.get_username()}; wait for an answer."
        )
    if not friend_request_throttle().hit(str(user.pk)):
        raise SocialError(
            "rate_limited",
            "You have sent many friend requests lately; try again later.",
            status=429,
        )
    try:
        with transaction.atomic():
            request = FriendRequest.objects.create(from_user=user, to_user=to)
    except IntegrityError as error:  # the same request, sent twice at the same moment
        raise SocialError("request_pending", f"You already asked {to.get_username()}.") from error
    publish(
        Notice(
            recipient_id=to.pk,
            kind="friend_request",
            text=f"{user.get_username()} would like to be your friend.",
            url=_friends_url(),
            key=f"friend-request-{request.pk}",
            actor_id=user.pk,
        )
    )
    return request


def _locked(request_id: int) -> FriendRequest:
    request = FriendRequest.objects.select_for_update().filter(pk=request_id).first()
    if request is None:
        raise SocialError("request_not_found", "There is no such friend request.", status=404)
    return request


def _accept(request: FriendRequest, user: User) -> FriendRequest:
    request.status = FriendRequest.Status.ACCEPTED
    request.answered_at = timezone.now()
    request.save(update_fields=["status", "answered_at"])
    _friendship_make(request.from_user, user)
    publish(
        Notice(
            recipient_id=request.from_user_id,
            kind="friend_accepted",
            text=f"{user.get_username()} accepted your friend request.",
            url=_friends_url(),
            key=f"friend-accepted-{request.pk}",
            actor_id=user.pk,
        )
    )
    return request


def _answerable(request_id: int, user: User) -> FriendRequest:
    request = _locked(request_id)
    if request.to_user_id != user.pk:
        raise SocialError("not_yours", "This friend request was not sent to you.", status=403)
    if request.status != FriendRequest.Status.PENDING:
        raise SocialError(
            "request_closed", "This friend request was already answered or withdrawn.", status=409
        )
    return request


@transaction.atomic
def friend_request_accept(*, user: object, request_id: int) -> FriendRequest:
    member = member_required(user)
    request = _answerable(request_id, member)
    if blocked_either_way(member.pk, request.from_user_id):
        raise SocialError("not_taking_requests", NOT_TAKING)
    return _accept(request, member)


@transaction.atomic
def friend_request_decline(*, user: object, request_id: int) -> FriendRequest:
    """Say no; the asker is not told (their request simply stops showing as pending)."""
    member = member_required(user)
    request = _answerable(request_id, member)
    request.status = FriendRequest.Status.DECLINED
    request.answered_at = timezone.now()
    request.save(update_fields=["status", "answered_at"])
    return request


@transaction.atomic
def friend_request_cancel(*, user: object, request_id: int) -> FriendRequest:
    member = member_required(user)
    request = _locked(request_id)
    if request.from_user_id != member.pk:
        raise SocialError(
            "not_yours", "Only the player who sent a friend request can withdraw it.", status=403
        )
    if request.status != FriendRequest.Status.PENDING:
        raise SocialError(
            "request_closed", "This friend request was already answered or withdrawn.", status=409
        )
    request.status = FriendRequest.Status.CANCELLED
    request.answered_at = timezone.now()
    request.save(update_fields=["status", "answered_at"])
    return request


@transaction.atomic
def friend_remove(*, user: object, other: User) -> None:
    """End a friendship (either friend may); the other is not told."""
    member = member_required(user)
    low, high = pair(member.pk, other.pk)
    deleted, _ = Friendship.objects.filter(first_id=low, second_id=high).delete()
    if not deleted:
        raise SocialError(
            "not_friends", f"You and {other.get_username()} are not friends.", status=409
        )


def pending_requests_close(first_id: int, second_id: int) -> None:
    """Withdraw every pending request between the two (a block ends them)."""
    FriendRequest.objects.filter(
        from_user_id__in=(first_id, second_id),
        to_user_id__in=(first_id, second_id),
        status=FriendRequest.Status.PENDING,
    ).update(status=FriendRequest.Status.CANCELLED, answered_at=timezone.now())
