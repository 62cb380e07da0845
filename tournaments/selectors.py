"""Reads: a tournament's standings, rounds, bracket and lists, from its finished tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet

from games.models import Match
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.pairing import Standing, TableResult, standings_compute


def entries_seeded(tournament: Tournament) -> list[Entry]:
    """Every entry, withdrawn ones too, best seed first."""
    return list(tournament.entries.select_related("user").order_by("seed", "joined_at", "pk"))


def table_result(pairing: Pairing, *, round_number: int) -> TableResult:
    """A finished table as the pure scoring package reads it (entry ids as players)."""
    if pairing.second_id is None:
        return TableResult(round_number, (pairing.first_id, None))
    winner: int | None
    if pairing.winner_id is None:
        winner = None
    else:
        winner = 0 if pairing.winner_id == pairing.first_id else 1
    return TableResult(
        round_number,
        (pairing.first_id, pairing.second_id),
        winner=winner,
        points=tuple(pairing.points or (0, 0)),
        games=tuple(tuple(game) for game in pairing.games),
        forfeit=pairing.forfeit,
    )


def stage_results(tournament: Tournament, *, stage: str) -> list[TableResult]:
    finished = Pairing.objects.filter(
        round__tournament=tournament, round__stage=stage, finished=True
    ).select_related("round")
    return [table_result(pairing, round_number=pairing.round.number) for pairing in finished]


def standings_for(tournament: Tournament, *, entries: list[Entry] | None = None) -> list[Standing]:
    """The main stage's standings (a knockout's too: wins, then seeding), players as entry ids."""
    entries = entries if entries is not None else entries_seeded(tournament)
    scoring = "acc" if tournament.kind == Tournament.Kind.ACC else "match"
    return standings_compute(
        [entry.pk for entry in entries],
        stage_results(tournament, stage=Tournament.Stage.MAIN),
        scoring=scoring,
        by_duplicate=tournament.duplicate and tournament.rank_by_duplicate,
    )


@dataclass
class StandingLine:
    """A standings row with its entry, for the page."""

    entry: Entry
    line: Standing


def standings_lines(tournament: Tournament) -> list[StandingLine]:
    entries = entries_seeded(tournament)
    by_id = {entry.pk: entry for entry in entries}
    return [
        StandingLine(by_id[row.player], row) for row in standings_for(tournament, entries=entries)
    ]


def rounds_with_tables(tournament: Tournament) -> list[tuple[Round, list[Pairing]]]:
    """Each round (latest first) with its tables, their entrants and matches."""
    rounds = list(tournament.round_set.order_by("-number"))
    pairings = (
        Pairing.objects.filter(round__tournament=tournament)
        .select_related("first__user", "second__user", "winner", "match")
        .order_by("table")
    )
    by_round: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_id, []).append(pairing)
    return [(round_, by_round.get(round_.pk, [])) for round_ in rounds]


def bracket_columns(tournament: Tournament) -> list[tuple[Round, list[Pairing]]]:
    """The knockout rounds in play order (a knockout's every round, or an ACC's final stage)."""
    stage = (
        Tournament.Stage.MAIN
        if tournament.kind == Tournament.Kind.KNOCKOUT
        else Tournament.Stage.KNOCKOUT
    )
    return [
        (round_, tables)
        for round_, tables in reversed(rounds_with_tables(tournament))
        if round_.stage == stage
    ]


def tournament_podium(tournament: Tournament) -> list[Entry]:
    """A finished tournament's first three, best first; empty before it finishes.

    The standings' order (docs/tournaments.md: points, games won, spread, head-to-head, the
    duplicate score, seed), except that an ACC session's final decides its first two.
    """
    if tournament.status != Tournament.Status.FINISHED:
        return []
    order = [line.entry for line in standings_lines(tournament)]
    final = (
        Pairing.objects.filter(
            round__tournament=tournament,
            round__stage=Tournament.Stage.KNOCKOUT,
            finished=True,
            winner__isnull=False,
            second__isnull=False,
        )
        .select_related("first__user", "second__user")
        .order_by("-round__number")
        .first()
        if tournament.kind == Tournament.Kind.ACC
        else None
    )
    if final is not None and final.first is not None and final.second is not None:
        finalists = [final.first, final.second]
        if final.winner_id == final.second_id:
            finalists.reverse()
        order = finalists + [entry for entry in order if entry.pk not in {e.pk for e in finalists}]
    return order[:3]


def tournaments_listed() -> dict[str, QuerySet[Tournament]]:
    """The tournaments page's three lists (and the lobby's first two)."""
    base = Tournament.objects.annotate(
        entrants=Count("entries", filter=Q(entries__withdrawn_at__isnull=True))
    )
    return {
        "upcoming": base.filter(status=Tournament.Status.UPCOMING).order_by("starts_at", "pk"),
        "running": base.filter(status=Tournament.Status.RUNNING).order_by("-started_at"),
        "finished": base.filter(
            status__in=(Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
        ).order_by("-created_at")[:30],
    }


def entry_of(tournament: Tournament, *, user: Any) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return tournament.entries.filter(user=user).first()


def table_of(tournament: Tournament, *, entry: Entry | None) -> Pairing | None:
    """The entry's table of the current round, if it is still being played."""
    if entry is None:
        return None
    return (
        Pairing.objects.filter(
            round__tournament=tournament,
            round__number=tournament.current_round,
            finished=False,
            match__isnull=False,
        )
        .filter(Q(first=entry) | Q(second=entry))
        .first()
    )


def match_is_tournament_table(match: Match) -> bool:
    """True when ``match`` is a tournament's table: its result counts (games.competition)."""
    return Pairing.objects.filter(match_id=match.pk).exists()


def duplicate_tables_sealed(match_ids: list[int]) -> set[int]:
    """Which of ``match_ids`` are tables of a duplicate round with a table still unfinished.

    Every table of such a round plays the same decks, so until the last one ends, nothing of
    any of them (spectating, review, export, "play this deal") may reach anyone but each table's
    own players (games.privacy registers this finder; issue 25, item 1).
    """
    if not match_ids:
        return set()
    tables = list(
        Pairing.objects.filter(
            match_id__in=match_ids, round__tournament__duplicate=True
        ).values_list("match_id", "round_id")
    )
    if not tables:
        return set()
    open_rounds = set(
        Pairing.objects.filter(
            round_id__in={round_id for _, round_id in tables}, finished=False
        ).values_list("round_id", flat=True)
    )
    return {match_id for match_id, round_id in tables if round_id in open_rounds}


def table_has_no_show_rule(match: Match) -> bool:
    """A tournament table's players who never came are judged by the no-show check."""
    return Pairing.objects.filter(match_id=match.pk, finished=False).exists()


@dataclass
class TableEnd:
    """What a finished tournament table shows under its result: the round it was part of, how
    many of that round's tables still play, when the round's clock runs out (the next round is
    paired when the last table ends, at the latest then), and the viewer's next table."""

    round: Round
    still_playing: int
    round_ends_at: Any  # datetime | None
    next_table: Pairing | None


def table_end(tournament: Tournament, *, match_id: int, entry: Entry | None) -> TableEnd | None:
    """The end-of-match panel's facts for the tournament's table ``match_id``, or None when it
    is not one of this tournament's tables."""
    pairing = (
        Pairing.objects.filter(round__tournament=tournament, match_id=match_id)
        .select_related("round")
        .first()
    )
    if pairing is None:
        return None
    round_ = pairing.round
    still_playing = Pairing.objects.filter(round=round_, finished=False).count()
    minutes = tournament.round_minutes
    ends_at = round_.started_at + timedelta(minutes=minutes) if minutes and still_playing else None
    next_table = table_of(tournament, entry=entry)
    if next_table is not None and next_table.match_id == match_id:
        next_table = None
    return TableEnd(round_, still_playing, ends_at, next_table)
