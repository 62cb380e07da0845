"""Rounds: pairing them, opening their tables, recording results, moving on, no-shows.

Everything here runs under the tournament's row lock (``select_for_update``), so a result
arriving while the next round is being paired waits for it. The next round is queued as a
durable task (``tournament_round_next``) in the transaction that finishes the round's last
table, and the task re-checks that the round is over, so a repeat pairs nothing twice.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import engine
from games.models import Match
from games.services.actions import action_apply_for_seat
from games.services.errors import ServiceError
from games.services.matches import match_create, match_join, match_seat_bot
from games.services.presence import match_ever_attended
from tournaments.broadcast import table_ready, tournament_changed
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.notices import round_paired_tell
from tournaments.pairing import (
    PairingImpossible,
    bracket_first_round,
    bracket_next_round,
    game_margin,
    knockout_qualifiers,
    round_robin_schedule,
    swiss_pair,
)
from tournaments.selectors import entries_seeded, standings_for, tournament_podium
from tournaments.services import timers
from tournaments.services.decks import DUPLICATE_DECKS

logger = logging.getLogger(__name__)

Pairs = list[tuple[Entry, Entry | None]]


def tournament_locked(tournament_id: int) -> Tournament | None:
    return Tournament.objects.select_for_update().filter(pk=tournament_id).first()


def _knockout_stage(tournament: Tournament) -> str | None:
    """The stage played as a knockout, if any: all of a knockout, an ACC's final stage."""
    if tournament.kind == Tournament.Kind.KNOCKOUT:
        return Tournament.Stage.MAIN
    if tournament.kind == Tournament.Kind.ACC and tournament.acc_knockout:
        return Tournament.Stage.KNOCKOUT
    return None


def _active(entries: list[Entry]) -> list[Entry]:
    return [entry for entry in entries if entry.withdrawn_at is None]


def _swiss_pairs(tournament: Tournament, entries: list[Entry]) -> Pairs | None:
    """The next Swiss (or ACC session) round: score groups, then seeding (rating); no rematch."""
    by_id = {entry.pk: entry for entry in entries}
    active_ids = {entry.pk for entry in _active(entries)}
    if len(active_ids) < 2:
        return None
    standings = standings_for(tournament, entries=entries)
    seed = {entry.pk: entry.seed for entry in entries}
    ranked = sorted(
        (row for row in standings if row.player in active_ids),
        key=lambda row: (-row.score, seed[row.player]),
    )
    played = set()
    had_bye: set[int] = set()
    for first, second in Pairing.objects.filter(round__tournament=tournament).values_list(
        "first_id", "second_id"
    ):
        if second is None:
            had_bye.add(first)
        else:
            played.add(frozenset((first, second)))
    try:
        paired = swiss_pair([row.player for row in ranked], played=played, had_bye=had_bye)
    except PairingImpossible:
        logger.info("tournament %s: no round without a rematch; it ends", tournament.pk)
        return None
    pairs: Pairs = [(by_id[a], by_id[b]) for a, b in paired.pairs]
    if paired.bye is not None:
        pairs.append((by_id[paired.bye], None))
    return pairs


def _round_robin_pairs(tournament: Tournament, entries: list[Entry]) -> Pairs | None:
    schedule = round_robin_schedule(entries)
    if tournament.current_round >= len(schedule):
        return None
    return [pair for pair in schedule[tournament.current_round] if pair != (None, None)]


def _knockout_pairs(tournament: Tournament, entries: list[Entry], stage: str) -> Pairs | None:
    previous = Round.objects.filter(tournament=tournament, stage=stage).order_by("-number").first()
    if previous is None:
        if stage == Tournament.Stage.MAIN:
            field = _active(entries)
        else:  # an ACC session's top quarter, in the order of its standings
            by_id = {entry.pk: entry for entry in entries}
            standings = [by_id[row.player] for row in standings_for(tournament, entries=entries)]
            field = _active(standings)[: knockout_qualifiers(len(entries))]
        if len(field) < 2:
            return None
        return [
            (field[a - 1], None if b is None else field[b - 1])
            for a, b in bracket_first_round(len(field))
        ]
    winners = list(
        previous.pairings.order_by("table")
        .select_related("winner")
        .values_list("winner", flat=True)
    )
    if len(winners) < 2:
        return None
    by_id = {entry.pk: entry for entry in entries}
    return [(by_id[a], by_id[b]) for a, b in bracket_next_round(winners)]


def next_pairs(tournament: Tournament) -> tuple[str, Pairs] | None:
    """The stage and pairs of the round after the current one; None: the tournament is over."""
    entries = entries_seeded(tournament)
    kind = tournament.kind
    if tournament.stage == Tournament.Stage.KNOCKOUT or kind == Tournament.Kind.KNOCKOUT:
        pairs = _knockout_pairs(tournament, entries, tournament.stage)
        return None if pairs is None else (tournament.stage, pairs)
    if kind == Tournament.Kind.ROUND_ROBIN:
        pairs = _round_robin_pairs(tournament, entries)
        return None if pairs is None else (Tournament.Stage.MAIN, pairs)
    if tournament.current_round < tournament.rounds:
        pairs = _swiss_pairs(tournament, entries)
        if pairs is not None:
            return Tournament.Stage.MAIN, pairs
    if _knockout_stage(tournament) == Tournament.Stage.KNOCKOUT:
        pairs = _knockout_pairs(tournament, entries, Tournament.Stage.KNOCKOUT)
        return None if pairs is None else (Tournament.Stage.KNOCKOUT, pairs)
    return None


def round_open(*, tournament: Tournament, stage: str, pairs: Pairs) -> Round:
    """Round ``current_round + 1``: byes and walkovers settled at once, a match per table.

    Called under the tournament's lock. The tables' players are sent to their tables after
    the commit; each table's no-show check is queued.
    """
    number = tournament.current_round + 1
    round_ = Round.objects.create(tournament=tournament, number=number, stage=stage)
    tournament.current_round = number
    tournament.stage = stage
    tournament.save(update_fields=["current_round", "stage"])
    knockout = _knockout_stage(tournament) == stage
    for table, (first, second) in enumerate(pairs, start=1):
        if second is None:
            Pairing.objects.create(
                round=round_, table=table, first=first, finished=True, winner=first
            )
        elif first.withdrawn_at is not None or second.withdrawn_at is not None:
            _walkover(round_, table, first, second, knockout=knockout)
        else:
            _table_start(tournament, round_, table, first, second)
    if not round_.pairings.filter(finished=False).exists():
        timers.round_next_schedule(tournament=tournament, after_round=number)
    else:
        timers.round_clock_schedule(round_id=round_.pk, minutes=tournament.round_minutes)
    tournament_changed(tournament.pk)
    return round_


def _walkover(round_: Round, table: int, first: Entry, second: Entry, *, knockout: bool) -> None:
    """A table with a withdrawn player: the other wins without play (both gone: nobody does,
    except in a knockout, where someone must go on and the higher seed does)."""
    winner: Entry | None
    if first.withdrawn_at is None:
        winner = first
    elif second.withdrawn_at is None:
        winner = second
    else:
        winner = first if knockout else None
    Pairing.objects.create(
        round=round_,
        table=table,
        first=first,
        second=second,
        finished=True,
        forfeit=True,
        winner=winner,
    )


def _table_start(
    tournament: Tournament, round_: Round, table: int, first: Entry, second: Entry
) -> Pairing:
    if first.is_bot:  # the match is created by a person, in seat 0
        first, second = second, first
    match = match_create(
        creator=first.user,
        options=tournament.match_options,
        deck_source=DUPLICATE_DECKS if tournament.duplicate else "",
        rated=tournament.rated,
        clock=tournament.time_control,
    )
    # The table exists before the second seat starts the match: its first deck comes from it.
    pairing = Pairing.objects.create(
        round=round_, table=table, first=first, second=second, match=match
    )
    if second.is_bot:
        match_seat_bot(match=match, level=second.bot_level)
    else:
        match_join(match=match, user=second.user)
    for entry, other in ((first, second), (second, first)):
        if entry.user_id is not None:  # a person
            table_ready(
                tournament_id=tournament.pk,
                user_id=entry.user_id,
                match_id=match.pk,
                round_number=round_.number,
            )
            round_paired_tell(
                tournament=tournament,
                round_number=round_.number,
                user_id=entry.user_id,
                match_id=match.pk,
                opponent=other.name,
            )
    timers.no_show_schedule(pairing=pairing, seconds=tournament.no_show_seconds)
    return pairing


def tournament_finish(tournament: Tournament) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    podium = tournament_podium(tournament)
    tournament.winner_name = podium[0].name if podium else ""
    tournament.save(update_fields=["status", "finished_at", "winner_name"])
    tournament_changed(tournament.pk)


def winner_names_backfill(tournaments: Iterable[Tournament]) -> None:
    """Name the winner of listed tournaments that finished before the name was stored.

    Migration tournaments 0004 added the field without filling it (the podium needs the live
    models); each such tournament is filled the first time a list shows it, then never again.
    """
    for tournament in tournaments:
        if tournament.status != Tournament.Status.FINISHED or tournament.winner_name:
            continue
        podium = tournament_podium(tournament)
        if podium:
            tournament.winner_name = podium[0].name
            Tournament.objects.filter(pk=tournament.pk).update(winner_name=tournament.winner_name)


def round_next_if_done(*, tournament_id: int, after_round: int) -> bool:
    """Pair the next round (or finish) if ``after_round`` is current and all its tables ended."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament is None or tournament.status != Tournament.Status.RUNNING:
            return False
        if tournament.paused_at is not None:  # staff hold it; resuming queues this again
            return False
        if tournament.current_round != after_round:
            return False
        current = Round.objects.filter(tournament=tournament, number=after_round).first()
        if current is not None:
            if current.pairings.filter(finished=False).exists():
                return False
            current.finished_at = timezone.now()
            current.save(update_fields=["finished_at"])
        following = next_pairs(tournament)
        if following is None:
            tournament_finish(tournament)
        else:
            stage, pairs = following
            round_open(tournament=tournament, stage=stage, pairs=pairs)
        return True


def pairing_result_record(*, match_id: int) -> bool:
    """A tournament table's match ended: record its result; the round's last queues the next.

    Called by the match-finished hook (tournaments/hooks.py); idempotent (a finished table is
    left alone). Returns whether a result was recorded.
    """
    pairing = Pairing.objects.filter(match_id=match_id).select_related("round").first()
    if pairing is None:
        return False
    with transaction.atomic():
        tournament = tournament_locked(pairing.round.tournament_id)
        assert tournament is not None, "a tournament outlives its tables"
        pairing = Pairing.objects.select_for_update().get(pk=pairing.pk)
        if pairing.finished:
            return False
        match = Match.objects.get(pk=match_id)
        games = list(match.games.order_by("number"))
        target = engine.MatchOptions.from_dict(match.options_dict).game_target

        def pegged(score: int) -> int:
            return min(score, target)  # the game hole, for games recorded before the rule

        pairing.points = [sum(pegged(game.scores[seat]) for game in games) for seat in (0, 1)]
        pairing.games = [
            [
                game.winner_seat,
                game_margin(
                    winner_score=game.scores[game.winner_seat],
                    loser_score=game.scores[1 - game.winner_seat],
                    target=target,
                ),
            ]
            for game in games
        ]
        pairing.forfeit = bool(pairing.no_shows) or not games
        both_absent = len(pairing.no_shows) == 2
        knockout = _knockout_stage(tournament) == pairing.round.stage
        if both_absent and not knockout:
            pairing.winner = None
        else:
            pairing.winner_id = pairing.first_id if match.winner_seat == 0 else pairing.second_id
        pairing.finished = True
        pairing.save()
        round_over = not Pairing.objects.filter(round=pairing.round, finished=False).exists()
        if round_over and tournament.current_round == pairing.round.number:
            timers.round_next_schedule(tournament=tournament, after_round=pairing.round.number)
        tournament_changed(tournament.pk)
        return True


def table_everyone_absent(match: Match, *, seats: list[int]) -> bool:
    """Every player left the table (games.competition tells us as the match is ended by
    abandonment): recorded like two no-shows, so it is a loss for both (docs/tournaments.md).
    A table with one person (against the computer) is left to the abandonment as it is."""
    if len(seats) < 2:
        return False
    updated = Pairing.objects.filter(match_id=match.pk, finished=False).update(no_shows=seats)
    return updated > 0


def no_show_check_run(*, pairing_id: int) -> bool:
    """Forfeit whoever at the table never opened their match in time; both: seat 0 resigns
    (and in Swiss, round robin and ACC both lose). Returns whether anyone forfeited."""
    pairing = Pairing.objects.filter(pk=pairing_id).select_related("match").first()
    if pairing is None or pairing.finished or pairing.match is None:
        return False
    match = pairing.match
    if match.status != Match.Status.ACTIVE:
        return False
    people = match.seats.filter(user__isnull=False, is_bot=False)
    came = match_ever_attended(match=match)
    absent = sorted(seat.number for seat in people if seat.user_id not in came)
    if not absent:
        return False
    with transaction.atomic():
        Pairing.objects.filter(pk=pairing.pk, finished=False).update(no_shows=absent)
    try:
        action_apply_for_seat(
            match_id=match.pk,
            seat=absent[0],
            action={"type": "resign"},
            action_id=f"no-show-{pairing.pk}",
        )
    except ServiceError as error:
        if error.code != "match_over":
            raise
        return False
    return True


def clock_loser(state) -> int:
    """The seat that loses a match stopped by the clock: behind in match points, else in the
    game in play; level on both, seat 0 (the higher-ranked player, who had the first choice of
    seat and the better seed, gives way to the challenger)."""
    for scores in (state.match_scores, state.scores):
        if scores[0] != scores[1]:
            return 0 if scores[0] < scores[1] else 1
    return 0


def round_clock_run(*, round_id: int) -> int:
    """The round's time is up: every match of it still in play ends, the player behind
    resigning it by the clock. Returns how many were decided."""
    round_ = Round.objects.filter(pk=round_id, finished_at__isnull=True).first()
    if round_ is None:
        return 0
    decided = 0
    playing = Pairing.objects.filter(round=round_, finished=False, match__isnull=False)
    for pairing in playing.select_related("match"):
        match = pairing.match
        if match is None or match.status != Match.Status.ACTIVE:  # None: filtered out above
            continue
        Pairing.objects.filter(pk=pairing.pk, finished=False).update(timed_out=True)
        loser = clock_loser(engine.MatchState.from_dict(match.state))
        try:
            action_apply_for_seat(
                match_id=match.pk,
                seat=loser,
                action={"type": "resign"},
                action_id=f"round-time-{pairing.pk}",
            )
        except ServiceError as error:
            if error.code != "match_over":
                raise
            continue
        decided += 1
    return decided


def entry_playing(tournament: Tournament, *, entry: Entry) -> Pairing | None:
    """The entry's unfinished table of the current round, if any."""
    return (
        Pairing.objects.filter(
            round__tournament=tournament, round__number=tournament.current_round, finished=False
        )
        .filter(Q(first=entry) | Q(second=entry))
        .first()
    )
