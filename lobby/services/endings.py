"""How matches end beyond the rules: the abandonment claim, and the rematch that follows a match.

Both go through the match server's services (``games.services``) so every change to a match is
still one locked transaction with its events broadcast after the commit. An absent player loses
by the clock anyway (games/services/abandonment.py); the claim is the opponent's shortcut.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from games.engine import seats_to_act
from games.engine.seating import opponents_of
from games.models import Match, Seat
from games.services import (
    ServiceError,
    match_create,
    match_join,
    match_seat_bot,
)
from games.services.abandonment import ABANDONED, abandon_after_seconds, abandonment_apply
from games.services.presence import match_seconds_absent
from games.services.recording import load_state
from games.table_banners import table_banner
from lobby.broadcast import match_social_group, send_after_commit
from lobby.models import Invitation, RematchOffer
from lobby.services.errors import LobbyError


def _seats(match: Match) -> list[Seat]:
    return list(Seat.objects.filter(match=match).select_related("user").order_by("number"))


def _signed_in(user: User | AnonymousUser | None) -> User:
    if user is None or not user.is_authenticated:
        raise LobbyError("not_authenticated", "Log in to do that.")
    return user


def _own_seat(seats: list[Seat], user: User) -> Seat:
    for seat in seats:
        if seat.user_id == user.pk:
            return seat
    raise LobbyError("not_seated", "Only the players of this match can do that.")


def _locked_match(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise LobbyError("match_not_found", f"There is no match {match_id}.")
    return match


@transaction.atomic
def abandonment_claim(*, match_id: int, user: User | AnonymousUser) -> Match:
    """The opponent has been gone too long while the game waits on them: ``user`` wins.

    Ends the match through the engine as the absent seat's resignation with the reason
    "abandoned", so the action log, the ``match_ended`` event and ``Match.finish_reason`` all
    say so and a rebuild from the log gives the same ending. The engine refuses it unless the
    game is waiting on that seat; how long is too long (presence) is decided here.
    """
    match = _locked_match(match_id)
    seats = _seats(match)
    user = _signed_in(user)
    mine = _own_seat(seats, user)
    if match.status != Match.Status.ACTIVE:
        raise LobbyError("match_not_active", "Only a match in play can be claimed.")
    if match.time_control.turn_based:
        raise LobbyError(
            "turn_based_no_claim",
            "A turn-based match is not abandoned by closing the page: the clock decides.",
        )
    # The opponents, as the engine seats them (at four, not the partner across the table).
    their_numbers = opponents_of(tuple(seat.number for seat in seats), mine.number)
    opponents = [seat for seat in seats if seat.number in their_numbers]
    people = [seat for seat in opponents if not seat.is_bot]
    if not people:
        raise LobbyError("opponent_is_computer", "The computer never leaves a match.")
    limit = abandon_after_seconds()
    gone = [
        seat
        for seat in people
        if (absent := match_seconds_absent(match=match, user_id=seat.user_id)) is not None
        and absent >= limit
    ]
    if not gone:
        raise LobbyError(
            "opponent_present",
            f"You may claim the win once your opponent has been gone {int(limit)} seconds.",
        )
    # At three or four, the absent opponent the game is waiting on (else the engine says so).
    waited_on = set(seats_to_act(load_state(match)))
    other = next((seat for seat in gone if seat.number in waited_on), gone[0])
    try:
        abandonment_apply(match_id=match.pk, seat=other.number)
    except ServiceError as error:
        if error.code == "not_waiting_on_seat":
            raise LobbyError(
                "not_waiting_on_opponent", "The game is not waiting on your opponent."
            ) from error
        raise LobbyError(error.code, error.message) from error
    match.refresh_from_db()
    send_after_commit(
        match_social_group(match.pk),
        {"type": "match_claimed", "winner_seat": match.winner_seat, "reason": ABANDONED},
    )
    return match


@transaction.atomic
def rematch_offer(*, match_id: int, user: User | AnonymousUser) -> Match | None:
    """Offer a rematch, or accept the opponent's offer; returns the new match once it exists.

    The new match has the same options with the seats swapped; the cut for deal then decides who
    deals first, as in any match. Against the computer the rematch starts at once. A rematch of a
    private (invitation) match stays private.
    """
    match = _locked_match(match_id)
    seats = _seats(match)
    user = _signed_in(user)
    mine = _own_seat(seats, user)
    if match.status != Match.Status.FINISHED or match.finish_reason == "cancelled":
        raise LobbyError("match_not_over", "A rematch can be offered once the match is over.")
    if table_banner(match=match) is not None:
        raise LobbyError(
            "event_table", "A tournament's table has no rematch: the next round pairs you."
        )
    offer = RematchOffer.objects.filter(match=match).first()
    if len(seats) > 2:
        return _rematch_seat_by_seat(match, seats, mine, offer, user)
    if offer is not None and offer.new_match_id is not None:
        return offer.new_match
    other = next(seat for seat in seats if seat.number != mine.number)
    if offer is None and not other.is_bot:
        RematchOffer.objects.create(match=match, offered_by=user)
        send_after_commit(
            match_social_group(match.pk),
            {"type": "rematch_offered", "by_seat": mine.number, "by": user.get_username()},
        )
        return None
    if offer is not None and offer.offered_by_id == user.pk:
        return None  # already offered; waiting for the opponent
    new_match = _start_rematch(match, seats)
    if offer is None:
        offer = RematchOffer.objects.create(match=match, offered_by=user)
    offer.new_match = new_match
    offer.save(update_fields=["new_match"])
    send_after_commit(
        match_social_group(match.pk),
        {"type": "rematch_started", "match_id": new_match.pk, "url": f"/matches/{new_match.pk}/"},
    )
    return new_match


def _rematch_seat_by_seat(
    match: Match, seats: list[Seat], mine: Seat, offer: RematchOffer | None, user
) -> Match:
    """A rematch at a table of three or four: the first to ask makes the new match (same
    options, as private as the old, never rated) with the computers seated at once; each other
    player who asks takes a seat in it; it starts with the last, and then everyone still on the
    old page is sent to it (they all asked)."""
    try:
        if offer is None:
            new_match = match_create(
                creator=user,
                options=match.options_dict,
                private=match.private,
                clock=match.time_control,
            )
            for seat in seats:
                if seat.is_bot:
                    new_match = match_seat_bot(match=new_match, level=seat.bot_level)
            RematchOffer.objects.create(match=match, offered_by=user, new_match=new_match)
            send_after_commit(
                match_social_group(match.pk),
                {"type": "rematch_offered", "by_seat": mine.number, "by": user.get_username()},
            )
        else:
            if offer.new_match is None:
                raise LobbyError("rematch_gone", "That rematch is no longer there.")
            new_match = offer.new_match
            if not new_match.seats.filter(user_id=user.pk).exists():
                new_match = match_join(match=new_match, user=user)
    except ServiceError as error:
        raise LobbyError(error.code, error.message) from error
    if new_match.status != Match.Status.WAITING:
        send_after_commit(
            match_social_group(match.pk),
            {
                "type": "rematch_started",
                "match_id": new_match.pk,
                "url": f"/matches/{new_match.pk}/",
            },
        )
    return new_match


def _start_rematch(match: Match, seats: list[Seat]) -> Match:
    first, second = seats[1], seats[0]  # swapped
    try:
        if first.is_bot:
            first, second = second, first  # people create matches; the computer is seated
        new_match = match_create(
            creator=first.user,
            options=match.options_dict,
            rated=match.rated,
            private=match.private,
            clock=match.time_control,
        )
        if second.is_bot:
            new_match = match_seat_bot(match=new_match, level=second.bot_level)
        else:
            new_match = match_join(match=new_match, user=second.user)
    except ServiceError as error:
        raise LobbyError(error.code, error.message) from error
    private = Invitation.objects.filter(match=match).first()
    if private is not None:
        assert first.user is not None, "the new match was made by a person"
        Invitation.objects.create(
            match=new_match,
            creator=first.user,
            token=secrets.token_urlsafe(24),
            status=Invitation.Status.ACCEPTED,
            accepted_by=second.user,
            closed_at=timezone.now(),
        )
    return new_match
