"""Seeks: create, cancel, accept (exactly one winner under a row lock), expire when the creator left."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from accounts.services import profile_for
from games.engine.options import TOURNAMENT_CLOCK, MatchOptions, TimeControl
from games.models import Match
from games.services import ServiceError, match_create, match_join
from games.services.presence import LOBBY, absences_since, presence_lease_close
from kernel import match_options
from lobby import settings as lobby_settings
from lobby import tasks
from lobby.broadcast import LOBBY_GROUP, send_after_commit, user_group
from lobby.models import Seek
from lobby.selectors import seek_creator_gone, seek_dict, seek_terms_label
from lobby.services.errors import LobbyError
from ratings.kinds import kind_of
from ratings.selectors import rating_value_for


def checked_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Options validated by the engine's own rules, in MatchOptions.to_dict() shape."""
    if "turn_based" in (options or {}):
        # The match is turn-based by its time control (days per move), never by this key.
        raise LobbyError("bad_options", "Choose days per move to play a turn-based match.")
    try:
        return MatchOptions.from_dict(dict(options or {})).to_dict()
    except (ValueError, TypeError) as error:
        raise LobbyError("bad_options", str(error)) from error


def _require_player(user: User | AnonymousUser | None) -> User:
    """The signed-in ``user`` (a member or a guest); anyone else is refused."""
    if user is None or not user.is_authenticated:
        raise LobbyError("not_authenticated", "Log in or play as a guest first.")
    return user


def seek_create(
    *,
    creator: User | AnonymousUser,
    options: dict[str, Any] | None,
    rated: bool = False,
    rating_range: tuple[int | None, int | None] = (None, None),
    clock: TimeControl | None = None,
) -> Seek:
    """Post a seek; everyone in the lobby sees it as soon as it is committed.

    ``rated``: the match it makes is rated (members only). ``rating_range``: only players rated
    within it (either end None: open) may accept. ``clock``: the match's time control
    (games.services.match_create's rule: a rated seek always has one, by default the engine's).
    """
    creator = _require_player(creator)
    clean = checked_options(options)
    if rated and profile_for(creator).is_guest:
        raise LobbyError(
            "rated_needs_account", "Sign up to play rated matches; guests play casual."
        )
    control = clock or (TOURNAMENT_CLOCK if rated else TimeControl())
    if rated and not control.timed:
        raise LobbyError("rated_needs_clock", "A rated match has a clock: choose a time control.")
    low, high = rating_range
    if low is not None and high is not None and low > high:
        raise LobbyError("bad_rating_range", "The highest rating must not be below the lowest.")
    with transaction.atomic():
        open_count = Seek.objects.filter(creator=creator, status=Seek.Status.OPEN).count()
        if open_count >= lobby_settings.max_open_seeks():
            raise LobbyError(
                "too_many_seeks",
                "You already have as many open seeks as allowed; cancel one first.",
            )
        seek = Seek.objects.create(
            creator=creator,
            rated=rated,
            rating_min=low,
            rating_max=high,
            **clean,
            **match_options.clock_model_values(control),
        )
        send_after_commit(LOBBY_GROUP, {"type": "seek_added", "seek": seek_dict(seek)})
    return seek


def _close(seek: Seek, status: str, reason: str) -> None:
    seek.status = status
    seek.closed_at = timezone.now()
    seek.save(update_fields=["status", "closed_at", "accepted_by", "match"])
    send_after_commit(LOBBY_GROUP, {"type": "seek_removed", "id": seek.pk, "reason": reason})


def _locked_open_seek(seek_id: int) -> Seek:
    seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
    if seek is None:
        raise LobbyError("seek_not_found", "There is no such seek.")
    if seek.status != Seek.Status.OPEN:
        raise LobbyError("seek_gone", "That seek is no longer open.")
    return seek


@transaction.atomic
def seek_cancel(*, seek_id: int, user: User | AnonymousUser) -> Seek:
    user = _require_player(user)
    seek = _locked_open_seek(seek_id)
    if seek.creator_id != user.pk:
        raise LobbyError("not_yours", "Only the player who made a seek can cancel it.")
    _close(seek, Seek.Status.CANCELLED, "cancelled")
    return seek


def _require_within_range(seek: Seek, user: User) -> None:
    if seek.rating_min is None and seek.rating_max is None:
        return
    rating = rating_value_for(
        user_id=user.pk,
        kind=kind_of(
            variant=seek.variant, players=seek.players, turn_based=seek.time_control.turn_based
        ),
    )
    too_low = seek.rating_min is not None and rating < seek.rating_min
    too_high = seek.rating_max is not None and rating > seek.rating_max
    if too_low or too_high:
        raise LobbyError(
            "rating_out_of_range",
            f"That seek is for players rated {seek_terms_label(seek).split('for ')[-1]}; "
            f"yours is {round(rating)}.",
        )


def seek_accept(*, seek_id: int, user: User | AnonymousUser) -> Match:
    """Take a seek: the match starts with the creator in seat 0 and ``user`` in seat 1.

    A seek for three or four fills seat by seat (:func:`_seek_seat_taken`): it stays open, and
    listed, until the match it made has every seat taken.

    The seek row is locked for the whole transaction, so of two players accepting at once the
    second waits, then finds the seek closed and is refused: exactly one match is made.
    """
    user = _require_player(user)
    with transaction.atomic():
        seek = _locked_open_seek(seek_id)
        if seek.creator_id == user.pk:
            raise LobbyError("own_seek", "You cannot accept your own seek.")
        _require_within_range(seek, user)
        if seek_creator_gone(seek):
            _close(seek, Seek.Status.EXPIRED, "expired")
            expired = True  # commit the expiry, then refuse outside the transaction
        elif seek.players != 2:
            expired = False
            match = _seek_seat_taken(seek, user)
        else:
            expired = False
            try:
                match = match_create(
                    creator=seek.creator,
                    options=seek.options,
                    rated=seek.rated,
                    clock=seek.time_control,
                )
                match = match_join(match=match, user=user)
            except ServiceError as error:
                raise LobbyError(error.code, error.message) from error
            seek.accepted_by = user
            seek.match = match
            _close(seek, Seek.Status.ACCEPTED, "accepted")
            # Both are busy now: their other seeks would only start matches nobody attends.
            others = Seek.objects.select_for_update().filter(
                status=Seek.Status.OPEN, creator_id__in=[seek.creator_id, user.pk]
            )
            for other in others:
                _close(other, Seek.Status.CANCELLED, "cancelled")
            started = {
                "type": "match_started",
                "match_id": match.pk,
                "url": f"/matches/{match.pk}/",
            }
            send_after_commit(user_group(seek.creator_id), started)
    if expired:
        raise LobbyError("seek_gone", "That seek's player has left the lobby.")
    return match


def _seek_seat_taken(seek: Seek, user: User) -> Match:
    """``user`` takes the next seat of a seek for three or four (the seek row is locked).

    The first to accept makes the match and sends its creator to the table, where the seats
    fill as others accept; the seek closes, as accepted, with the last seat.
    """
    try:
        if seek.match is None:
            match = match_create(
                creator=seek.creator,
                options=seek.options,
                rated=seek.rated,
                clock=seek.time_control,
            )
            seek.match = match
            seek.save(update_fields=["match"])
            send_after_commit(
                user_group(seek.creator_id),
                {"type": "match_started", "match_id": match.pk, "url": f"/matches/{match.pk}/"},
            )
        elif seek.match.seats.filter(user_id=user.pk).exists():
            raise LobbyError("already_seated", "You already have a seat at this table.")
        match = match_join(match=seek.match, user=user)
    except ServiceError as error:
        raise LobbyError(error.code, error.message) from error
    if match.status != Match.Status.WAITING:
        seek.accepted_by = user
        _close(seek, Seek.Status.ACCEPTED, "accepted")
    return match


def seeks_expire_absent(*, creator_id: int | None = None) -> list[int]:
    """Close open seeks whose creator has been away longer than the grace period; return their ids."""
    expired: list[int] = []
    candidates = Seek.objects.filter(status=Seek.Status.OPEN)
    if creator_id is not None:
        candidates = candidates.filter(creator_id=creator_id)
    for seek_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            seek = (
                Seek.objects.select_for_update().filter(pk=seek_id, status=Seek.Status.OPEN).first()
            )
            if seek is not None and seek_creator_gone(seek):
                _close(seek, Seek.Status.EXPIRED, "expired")
                expired.append(seek.pk)
    return expired


def seeks_expiry_schedule(*, creator_id: int, after: float | None = None) -> None:
    """Queue the expiry of ``creator_id``'s open seeks for when their grace period is over.

    Call inside the transaction that makes it due (the creator's last lobby socket closing):
    the task is a row of that transaction. Half a second of margin, as the grace is "more than".
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("the seek expiry is queued inside the transaction that makes it due")
    delay = lobby_settings.seek_creator_grace_seconds() + 0.5 if after is None else after
    tasks.seeks_expire.using(run_after=timezone.now() + timedelta(seconds=delay)).enqueue(
        creator_id=creator_id
    )


@transaction.atomic
def lobby_presence_leave(*, user: User, socket: str) -> None:
    """A lobby socket closed: end its presence lease, and start the clock on the person's open
    seeks, in one transaction."""
    presence_lease_close(socket=socket)
    if Seek.objects.filter(creator_id=user.pk, status=Seek.Status.OPEN).exists():
        seeks_expiry_schedule(creator_id=user.pk)


def seeks_expiry_requeue() -> int:
    """The start-up sweep's part for seeks: queue the expiry of every open seek whose creator
    has no lobby socket now (a task lost with a worker, or never queued). Returns how many."""
    from django_tasks_db.models import DBTaskResult

    creators = set(
        Seek.objects.filter(status=Seek.Status.OPEN).values_list("creator_id", flat=True)
    )
    queued = 0
    for creator_id in sorted(creators):
        pending = DBTaskResult.objects.filter(
            task_path="lobby.tasks.seeks_expire",
            status="READY",
            args_kwargs__kwargs__creator_id=creator_id,
        )
        here = absences_since(user_ids={creator_id}, place=LOBBY).get(creator_id, 0) is None
        if pending.exists() or here:
            continue
        with transaction.atomic():
            seeks_expiry_schedule(creator_id=creator_id, after=0)
        queued += 1
    return queued
