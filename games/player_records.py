"""A player's record and recent matches, for their profile page: read from games' own tables."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q

from games.engine.options import PLAYER_COUNTS
from games.engine.seating import opponents_of, partners_of, side_of, sides
from games.models import Match, Seat


@dataclass(frozen=True)
class VariantRecord:
    variant: str
    label: str
    played: int
    won: int


@dataclass(frozen=True)
class RecentMatch:
    match_id: int
    variant: str
    status: str
    opponent: str | None
    result: str  # "won", "lost", "in play", "waiting"
    finish_reason: str
    when: object


def _won_query() -> Q:
    """A seat won its match if the winner's seat is on its side (the engine's ``sides``: itself,
    or with four players its partner's too), for every table size the engine knows."""
    won = Q(pk__in=[])
    for players in PLAYER_COUNTS:
        for side in sides(players):
            won |= Q(match__players=players, number__in=side, match__winner_seat__in=side)
    return won


WON = _won_query()


def seat_won(match: Match, number: int) -> bool:
    """Whether seat ``number`` won ``match`` (itself, or its partner at four)."""
    if match.winner_seat is None:
        return False
    return side_of(match.winner_seat, players=match.players) == side_of(
        number, players=match.players
    )


def match_record(*, user: User) -> list[VariantRecord]:
    """Finished matches played and won, per variant (both variants always listed)."""
    # Counted by the database: a player with thousands of matches costs one grouped query,
    # not thousands of rows (benchmarks/ratings_pages.py).
    rows = (
        Seat.objects.filter(
            user=user, match__status=Match.Status.FINISHED, match__winner_seat__isnull=False
        )
        .values("match__variant")
        .annotate(played=Count("pk"), won=Count("pk", filter=WON))
    )
    played = {row["match__variant"]: row["played"] for row in rows}
    won = {row["match__variant"]: row["won"] for row in rows}
    return [
        VariantRecord(value, label, played.get(value, 0), won.get(value, 0))
        for value, label in Match.Variant.choices
    ]


def recent_matches(
    *, user: User, viewer: User | AnonymousUser | None, limit: int = 20
) -> list[RecentMatch]:
    """The player's latest matches that ``viewer`` may see, newest first, with opponent and result.

    A private match is its players' business (games/privacy.py): who played it, how it ended,
    even that it is in play, is listed only to a viewer seated at it. The aggregate record
    (:func:`match_record`) still counts it, as it names no one.
    """
    seats = Seat.objects.filter(user=user)
    if viewer is None or not viewer.is_authenticated:
        seats = seats.filter(match__private=False)
    elif viewer.pk != user.pk:
        seats = seats.filter(
            Q(match__private=False)
            | Q(match__in=Seat.objects.filter(user_id=viewer.pk).values("match_id"))
        )
    seats = seats.select_related("match").order_by("-match__created_at")[:limit]
    matches = [seat.match for seat in seats]
    others = Seat.objects.filter(match__in=matches).exclude(user=user).select_related("user")
    # Everyone else at the table, by side ("bob, carol"; at four "bob & dave, with carol").
    table: dict[int, list[Seat]] = {}
    for other in others.order_by("number"):
        table.setdefault(other.match_id, []).append(other)
    opponent_by_match = {
        seat.match_id: opponents_text(seat_number=seat.number, others=table[seat.match_id])
        for seat in seats
        if seat.match_id in table
    }
    rows = []
    for seat in seats:
        match = seat.match
        if match.finish_reason == "cancelled":
            result = "cancelled"
        elif match.status == Match.Status.FINISHED:
            result = "won" if seat_won(match, seat.number) else "lost"
        elif match.status == Match.Status.ACTIVE:
            result = "in play"
        else:
            result = "waiting"
        rows.append(
            RecentMatch(
                match_id=match.pk,
                variant=match.get_variant_display(),
                status=match.status,
                opponent=opponent_by_match.get(match.pk),
                result=result,
                finish_reason=match.finish_reason,
                when=match.finished_at or match.started_at or match.created_at,
            )
        )
    return rows


def opponents_text(*, seat_number: int, others: list[Seat]) -> str:
    """The rest of a table named by side, as the engine seats it: "bob" or "bob, carol"; with
    four players the two opponents as one side and the partner apart ("bob & dave, with carol
    as partner"), so a partnership never reads as a free-for-all."""
    names = {other.number: other.display_name or "an empty seat" for other in others}
    seats = tuple(sorted({seat_number, *names}))
    partners = [
        names[s] for s in partners_of(seats, seat_number) if s != seat_number and s in names
    ]
    rivals = [names[s] for s in sorted(opponents_of(seats, seat_number)) if s in names]
    if partners:
        return f"{' & '.join(rivals)}, with {' & '.join(partners)} as partner"
    return ", ".join(rivals)
