"""Counting a finished match: statistics for every seat, and ratings when it was rated.

Called by the match-finished hook (``ratings.hooks``) inside the hook's transaction, and by
``manage.py ratings_recompute`` for every finished match in order. Once per match: the
``TalliedMatch`` row (one per match, a primary key) is written in the same transaction, and a
second call finds it and does nothing; ``RatingChange`` is unique per match and player too.
Two matches of the same player ending at once both count: each locks its players' rows, always
in user-id order, so the second waits for the first and reads its result (never a deadlock).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TypeVar

from django.db import transaction
from django.utils import timezone

from games.engine.seating import side_of
from games.models import Match, MatchEvent, Seat
from ratings import glicko2
from ratings import settings as ratings_settings
from ratings.kinds import kind_of
from ratings.models import PlayerRating, PlayerStats, RatingChange, TalliedMatch
from ratings.selectors import rated_pair_exhausted
from ratings.tally import MatchTally, SeatTally, match_tally


def match_tally_record(*, match_id: int) -> bool:
    """Count finished match ``match_id`` once; return whether this call counted it."""
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None or match.status != Match.Status.FINISHED:
            return False
        _marker, created = TalliedMatch.objects.get_or_create(match=match)
        if not created:
            return False
        if match.winner_seat is None:  # cancelled before it began: nothing was played
            return True
        seats = list(Seat.objects.filter(match=match).order_by("number"))
        tally = match_tally(_events_of(match), players=len(seats), winner_seat=match.winner_seat)
        kind = kind_of(
            variant=match.variant,
            players=match.players,
            turn_based=match.time_control.turn_based,
        )
        _stats_add(match=match, seats=seats, tally=tally, kind=kind)
        if match_is_rated(match=match, seats=seats) and not match_aborted_early(
            match=match, seats=seats
        ):
            _ratings_update(match=match, seats=seats, tally=tally, kind=kind)
        return True


def match_aborted_early(*, match: Match, seats: list[Seat]) -> bool:
    """True for a match that ended by resignation, abandonment or time before every player had
    played a card of the first hand's play: lichess's abort. Nothing was contested, so it is
    no result for ratings (a match won on points always is one)."""
    if match.finish_reason == "points":
        return False
    played = {
        public.get("seat")
        for public in MatchEvent.objects.filter(match=match, type="card_played").values_list(
            "public", flat=True
        )
    }
    return not {seat.number for seat in seats} <= played


def pair_allowance_spent(*, seats: list[Seat], at: datetime) -> bool:
    """True when two of these players are past their allowance of rated results together."""
    people = sorted(seat.user_id for seat in seats if seat.user_id is not None)
    return any(
        rated_pair_exhausted(user_ids=(first, second), until=at)
        for index, first in enumerate(people)
        for second in people[index + 1 :]
    )


def match_is_rated(*, match: Match, seats: list[Seat]) -> bool:
    """Rated matches are between people (two, three or four); one with the computer never
    counts."""
    return (
        match.rated
        and len(seats) in (2, 3, 4)
        and all(seat.user_id is not None and not seat.is_bot for seat in seats)
    )


def pairwise_results(*, seats: list[Seat], winner_seat: int) -> dict[int, list[tuple[int, float]]]:
    """Each seat's results against each opponent (seat number -> [(opponent's seat, score)]).

    The multi-player extension (docs/ratings.md): a match of three or four is scored as the
    pairwise results it implies, all in one rating period. Two players: one result, as before.
    Three: the winner beat each of the others; the two others drew with each other (neither
    won). Four: partners share the result, so each player beat (or lost to) both opponents and
    has no result against their partner.
    """
    count = len(seats)
    winning_side = side_of(winner_seat, players=count)
    winners = {seat.number for seat in seats if side_of(seat.number, players=count) == winning_side}
    results: dict[int, list[tuple[int, float]]] = {}
    for seat in seats:
        mine: list[tuple[int, float]] = []
        for other in seats:
            if side_of(other.number, players=count) == side_of(seat.number, players=count):
                continue  # itself, or a partner
            if seat.number in winners:
                score = 1.0
            elif other.number in winners:
                score = 0.0
            else:
                score = 0.5
            mine.append((other.number, score))
        results[seat.number] = mine
    return results


def _events_of(match: Match):
    rows = MatchEvent.objects.filter(match=match).order_by("seq")
    for kind, public, private in rows.values_list("type", "public", "private").iterator():
        data = dict(public)
        for part in (private or {}).values():
            data.update(part)
        yield kind, data


Row = TypeVar("Row", PlayerStats, PlayerRating)


def _locked_rows(model: type[Row], *, user_ids: list[int], kind: str) -> dict[int, Row]:
    """The rows of ``user_ids`` for ``kind``, made if missing, locked in user-id order."""
    model.objects.bulk_create(
        [model(user_id=user_id, kind=kind) for user_id in user_ids], ignore_conflicts=True
    )
    rows = model.objects.select_for_update().filter(user_id__in=user_ids, kind=kind)
    return {row.user_id: row for row in rows.order_by("user_id")}


def _stats_add(*, match: Match, seats: list[Seat], tally: MatchTally, kind: str) -> None:
    people = {seat.user_id: seat for seat in seats if seat.user_id is not None}
    if not people:
        return
    rows = _locked_rows(PlayerStats, user_ids=sorted(people), kind=kind)
    bots = [seat for seat in seats if seat.is_bot]
    for user_id, seat in people.items():
        stats = rows[user_id]
        seat_tally: SeatTally = tally.seats[seat.number]
        for name in SeatTally.counter_names():
            setattr(stats, name, getattr(stats, name) + getattr(seat_tally, name))
        stats.highest_hand = max(stats.highest_hand, seat_tally.highest_hand)
        for bot in bots:
            record = stats.computer_record.setdefault(bot.bot_level or "computer", {})
            outcome = "won" if match.winner_seat == seat.number else "lost"
            record[outcome] = record.get(outcome, 0) + 1
        stats.save()


def _days_between(earlier: datetime | None, later: datetime) -> float:
    if earlier is None:
        return 0.0
    return max((later - earlier).total_seconds(), 0.0) / 86400.0


def _person(seat: Seat) -> int:
    assert seat.user_id is not None, "a rated match seats only people"
    return seat.user_id


def _ratings_update(*, match: Match, seats: list[Seat], tally: MatchTally, kind: str) -> None:
    assert match.winner_seat is not None, "a match with a winner is rated"
    at = match.finished_at or timezone.now()
    user_ids = sorted(_person(seat) for seat in seats)
    rows = _locked_rows(PlayerRating, user_ids=user_ids, kind=kind)
    # Read under the players' locks, so two matches of the same pair ending at once cannot
    # both find the allowance unspent.
    if pair_allowance_spent(seats=seats, at=at):
        return
    before = {
        user_id: glicko2.aged(row.value, _days_between(row.rated_at, at))
        for user_id, row in rows.items()
    }
    limit = ratings_settings.leaderboard_max_deviation()
    by_number = {seat.number: seat for seat in seats}
    pairs = pairwise_results(seats=seats, winner_seat=match.winner_seat)
    for seat in seats:
        # The match is one result against each opponent (benchmarks/rating_unit.py): a
        # resignation or an abandonment is a lost match like any other.
        results = [
            glicko2.Result(
                before[_person(by_number[other])].rating,
                before[_person(by_number[other])].deviation,
                result,
            )
            for other, result in pairs[seat.number]
        ]
        score = sum(result for _, result in pairs[seat.number]) / len(pairs[seat.number])
        mine = before[_person(seat)]
        after = glicko2.update(mine, results)
        row = rows[_person(seat)]
        row.rating, row.deviation, row.volatility = after.rating, after.deviation, after.volatility
        row.matches += 1
        row.rated_at = at
        days = glicko2.days_until_deviation(after, limit)
        row.listed_until = None if days is None else at + timedelta(days=min(days, 36500))
        row.save()
        RatingChange.objects.create(
            match=match,
            user_id=_person(seat),
            kind=kind,
            rating_before=mine.rating,
            deviation_before=mine.deviation,
            rating_after=after.rating,
            deviation_after=after.deviation,
            score=score,
            at=at,
        )


def ratings_recompute() -> int:
    """Rebuild every rating and statistic from the finished matches' logs, in the order the
    matches finished; returns how many matches were counted."""
    with transaction.atomic():
        for model in (RatingChange, PlayerRating, PlayerStats, TalliedMatch):
            model.objects.all().delete()
    finished = Match.objects.filter(status=Match.Status.FINISHED).order_by("finished_at", "pk")
    counted = 0
    for match_id in finished.values_list("pk", flat=True).iterator():
        counted += int(match_tally_record(match_id=match_id))
    return counted
