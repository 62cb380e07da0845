"""Creating matches and filling their seats."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.services import profile_for
from games import decks, engine
from games.bots import LEVELS as BOT_LEVELS
from games.broadcast import broadcast_progress
from games.engine.options import TOURNAMENT_CLOCK
from games.engine.version import RULES_VERSION
from games.models import Match, Seat
from games.services import timers
from games.services.clocks import clock_restart, clock_setup
from games.services.errors import ServiceError
from games.services.recording import Progress, record_event, run_chance, save_progress


def _options_from(options: dict[str, Any] | None, *, turn_based: bool = False) -> Any:
    """The engine's options for ``options``. ``turn_based`` follows the time control only: a
    value in ``options`` (a rematch's or a replayed deal's, from ``Match.options_dict``) is
    replaced by the new match's own."""
    try:
        return engine.MatchOptions.from_dict({**(options or {}), "turn_based": turn_based})
    except engine.IllegalAction as error:
        raise ServiceError(error.code, error.message) from error
    except TypeError as error:
        raise ServiceError("bad_options", str(error)) from error


def match_create(
    *,
    creator,
    options: dict[str, Any] | None = None,
    private: bool = False,
    deck_source: str = "",
    rated: bool = False,
    clock: engine.TimeControl | None = None,
) -> Match:
    """A new match waiting for its other players (one to three), with ``creator`` in seat 0.

    ``private``: only its players may see it (games.privacy); the caller that makes it private
    keeps the secret link. ``deck_source``: where its decks come from (games.decks; "" is the
    secure shuffle). The match records the engine's rules version it is played under.
    ``rated``: its result moves both players' ratings; guests may play casual matches only.
    ``clock``: its time control. Left out, a casual match has none and a rated one the
    engine's default clock (``TOURNAMENT_CLOCK``): a rated match always has a clock, so nobody
    can stall one, and an explicit "no clock" for it is refused. The clock starts with the match.
    """
    if creator is None or not creator.is_authenticated:
        raise ServiceError("not_authenticated", "log in (or play as a guest) to create a match")
    if rated:
        _refuse_guest_in_rated(creator)
    control = clock or (TOURNAMENT_CLOCK if rated else engine.TimeControl())
    match_options = _options_from(options, turn_based=control.turn_based)
    if rated and not control.timed:
        raise ServiceError("rated_needs_clock", "a rated match has a clock: choose a time control")
    decks.deck_source_for(name=deck_source)  # an unknown source is refused before any write
    with transaction.atomic():
        match = Match(
            created_by=creator,
            state=engine.new_match(match_options).to_dict(),
            rules_version=RULES_VERSION,
            private=private,
            deck_source=deck_source,
            rated=rated,
            # Every option but turn_based is a column; that one is the clock's kind.
            **{
                name: value
                for name, value in match_options.to_dict().items()
                if name != "turn_based"
            },
        )
        clock_setup(match, control=control, players=match_options.players)
        match.save(force_insert=True)
        Seat.objects.create(match=match, number=0, user=creator, joined_at=timezone.now())
        for number in range(1, match_options.players):
            Seat.objects.create(match=match, number=number)
    return match


def match_join(*, match: Match, user) -> Match:
    """Seat ``user`` in the first empty seat; the last seat filled starts the match (the first
    cut and deal happen then)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("not_authenticated", "log in (or play as a guest) to join a match")
    return _fill_seat(match_id=match.pk, user=user)


def _refuse_guest_in_rated(user) -> None:
    if profile_for(user).is_guest:
        raise ServiceError(
            "rated_needs_account", "sign up to play rated matches; guests play casual"
        )


def match_seat_bot(*, match: Match, level: str) -> Match:
    """Seat the computer at ``level`` in the first empty seat; the last seat filled starts the
    match.

    The level is checked here, before anything is written: a bad one would only fail later, in
    the bot's first turn, leaving the match waiting on a seat that can never move.
    """
    if level not in BOT_LEVELS:
        raise ServiceError(
            "bad_level", f"the computer plays at {', '.join(BOT_LEVELS)}, not {level!r}"
        )
    return _fill_seat(match_id=match.pk, bot_level=level)


def computer_match_create(
    *,
    creator,
    options: dict[str, Any] | None,
    level: str,
    clock: engine.TimeControl | None = None,
) -> Match:
    """A match against the computer at ``level``, started at once: ``creator`` in seat 0 and
    the computer in every other seat (one, two, or three: a partner and two opponents).

    One transaction, so a bad level leaves no match waiting for an opponent who never comes;
    the bot's first turn is queued for after the commit like any other.
    """
    with transaction.atomic():
        match = match_create(creator=creator, options=options, clock=clock)
        for _ in range(1, match.players):
            match = match_seat_bot(match=match, level=level)
        return match


def match_fill_with_computer(*, match: Match, user, level: str) -> Match:
    """Seat the computer at ``level`` in every empty seat of a waiting match (a table of three
    or four whose last players are not coming): only a seated player may ask."""
    if user is None or not match.seats.filter(user_id=user.pk).exists():
        raise ServiceError("not_seated", "only the players of this match can seat the computer")
    if match.rated:
        raise ServiceError("rated_with_computer", "the computer never plays rated matches")
    with transaction.atomic():
        empty = (
            Match.objects.select_for_update()
            .get(pk=match.pk)
            .seats.filter(user__isnull=True, is_bot=False)
        )
        for _ in range(empty.count()):
            match = match_seat_bot(match=match, level=level)
    return match


def _fill_seat(*, match_id: int, user=None, bot_level: str | None = None) -> Match:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seats = list(match.seats.select_for_update().order_by("number"))
        if match.status != Match.Status.WAITING:
            raise ServiceError("match_full", "every seat of this match is taken")
        if user is not None and any(seat.user_id == user.pk for seat in seats):
            raise ServiceError("already_seated", "you are already seated in this match")
        if match.rated and bot_level is not None:
            raise ServiceError("rated_with_computer", "the computer never plays rated matches")
        if match.rated and user is not None:
            _refuse_guest_in_rated(user)
        empty = next(seat for seat in seats if seat.is_empty)
        empty.user = user
        empty.is_bot = bot_level is not None
        empty.bot_level = bot_level or ""
        empty.joined_at = timezone.now()
        empty.save()
        progress = Progress(match=match, state=engine.MatchState.from_dict(match.state))
        record_event(
            progress,
            event_type="player_joined",
            public={
                "seat": empty.number,
                "name": empty.display_name,
                "is_bot": empty.is_bot,
                "bot_level": empty.bot_level or None,
            },
        )
        if all(not seat.is_empty for seat in seats):
            match.status = Match.Status.ACTIVE
            match.started_at = timezone.now()
            started = engine.match_started_event(progress.state)
            record_event(
                progress, event_type=started.type, public=started.data, private=started.private
            )
            run_chance(progress)
            clock_restart(progress, acted=None, now=timezone.now())
            timers.match_started_schedule(match=match, seats=seats)
        save_progress(progress)
        broadcast_progress(progress)
        timers.bot_turn_schedule(match=match, state=progress.state, seats=seats)
    return match
