"""Invitation links: a private match whose secret link seats the first person to accept it."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from games.engine.options import TimeControl
from games.models import Match
from games.services import ServiceError, match_create, match_join
from lobby import settings as lobby_settings
from lobby.broadcast import send_after_commit, user_group
from lobby.models import Invitation
from lobby.services.errors import LobbyError
from lobby.services.seeks import checked_options


def _require_player(user: User | AnonymousUser | None) -> User:
    """The signed-in ``user`` (a member or a guest); anyone else is refused."""
    if user is None or not user.is_authenticated:
        raise LobbyError("not_authenticated", "Log in or play as a guest first.")
    return user


def invitation_create(
    *,
    creator: User | AnonymousUser,
    options: dict[str, Any] | None,
    rated: bool = False,
    clock: TimeControl | None = None,
) -> Invitation:
    """Create the private match (creator in seat 0) and the secret token that opens its empty seat.

    Casual unless ``rated`` (members only: a guest's rated invitation is refused)."""
    creator = _require_player(creator)
    clean = checked_options(options)
    with transaction.atomic():
        open_count = Invitation.objects.filter(
            creator=creator, status=Invitation.Status.OPEN, match__status=Match.Status.WAITING
        ).count()
        if open_count >= lobby_settings.max_open_invitations():
            raise LobbyError(
                "too_many_invitations", "You have too many open invitations; cancel one first."
            )
        try:
            match = match_create(
                creator=creator, options=clean, private=True, rated=rated, clock=clock
            )
        except ServiceError as error:
            raise LobbyError(error.code, error.message) from error
        return Invitation.objects.create(
            match=match, creator=creator, token=secrets.token_urlsafe(24)
        )


def _locked(token: str) -> Invitation:
    invitation = Invitation.objects.select_for_update().filter(token=token).first()
    if invitation is None:
        raise LobbyError("invitation_not_found", "This invitation link is not valid.")
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, user: User | AnonymousUser) -> Match:
    """Seat ``user`` in the invitation's empty seat; the creator's pages are told to go to the table.

    At a table of three or four each person who opens the link takes the next seat, and the
    invitation is accepted (closed) with the last one."""
    user = _require_player(user)
    invitation = _locked(token)
    if invitation.creator_id == user.pk:
        raise LobbyError(
            "own_invitation", "This is your own invitation: send the link to a friend."
        )
    if invitation.status == Invitation.Status.CANCELLED:
        raise LobbyError("invitation_cancelled", "This invitation was cancelled.")
    if invitation.status == Invitation.Status.ACCEPTED:
        raise LobbyError("match_full", "Someone has already taken this seat.")
    try:
        match = match_join(match=invitation.match, user=user)
    except ServiceError as error:
        raise LobbyError(error.code, error.message) from error
    if match.status == Match.Status.WAITING:
        # A table of three or four: the link stays open for the seats still empty.
        return match
    invitation.status = Invitation.Status.ACCEPTED
    invitation.accepted_by = user
    invitation.closed_at = timezone.now()
    invitation.save(update_fields=["status", "accepted_by", "closed_at"])
    started = {"type": "match_started", "match_id": match.pk, "url": f"/matches/{match.pk}/"}
    send_after_commit(user_group(invitation.creator_id), started)
    return match


@transaction.atomic
def invitation_cancel(*, token: str, user: User | AnonymousUser) -> Invitation:
    """The creator withdraws the link; the waiting match is closed as cancelled."""
    user = _require_player(user)
    invitation = _locked(token)
    if invitation.creator_id != user.pk:
        raise LobbyError("not_yours", "Only the player who made an invitation can cancel it.")
    if invitation.status != Invitation.Status.OPEN:
        raise LobbyError("invitation_closed", "This invitation was already used or cancelled.")
    match = Match.objects.select_for_update().get(pk=invitation.match_id)
    if match.status != Match.Status.WAITING:
        raise LobbyError("match_full", "Someone has already taken the seat.")
    now = timezone.now()
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, finish_reason="cancelled", finished_at=now
    )
    invitation.status = Invitation.Status.CANCELLED
    invitation.closed_at = now
    invitation.save(update_fields=["status", "closed_at"])
    return invitation
