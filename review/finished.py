"""A player's finished matches, each linking to its review: newest first, paginated, filtered by
variant, opponent, result, and the computer or a person across the table.

Private matches are listed only to a viewer seated at them (as games.player_records does for
the recent matches): who played one and how it went is its players' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet

from games.models import Match, Seat
from games.player_records import WON, opponents_text, seat_won
from games.privacy import match_list_hidden
from games.profile_sections import ProfileSection

PAGE_SIZE = 20
RESULTS = ("won", "lost")
OPPONENT_KINDS = ("computer", "human")


@dataclass(frozen=True)
class FinishedFilters:
    """The list's filters, each empty for "any"; built from a query string by :meth:`parse`."""

    variant: str = ""
    opponent: str = ""
    result: str = ""
    against: str = ""

    @classmethod
    def parse(cls, query: Any) -> FinishedFilters:
        """Filters from a GET query; an unknown value is ignored (read as "any")."""
        variant = query.get("variant", "")
        result = query.get("result", "")
        against = query.get("against", "")
        return cls(
            variant=variant if variant in Match.Variant.values else "",
            opponent=query.get("opponent", "").strip()[:150],
            result=result if result in RESULTS else "",
            against=against if against in OPPONENT_KINDS else "",
        )


@dataclass(frozen=True)
class FinishedMatch:
    match_id: int
    variant: str
    opponent: str
    computer: bool
    result: str
    finish_reason: str
    scores: list[int]  # match points, the player's own first
    when: Any


def _seats(
    *, player: User, viewer: User | AnonymousUser | None, filters: FinishedFilters
) -> QuerySet[Seat]:
    seats = Seat.objects.filter(
        user=player, match__status=Match.Status.FINISHED, match__action_count__gt=0
    )
    if viewer is None or not viewer.is_authenticated:
        seats = seats.filter(match__private=False)
    elif viewer.pk != player.pk:
        seats = seats.filter(
            Q(match__private=False)
            | Q(match__in=Seat.objects.filter(user_id=viewer.pk).values("match_id"))
        )
    if filters.variant:
        seats = seats.filter(match__variant=filters.variant)
    if filters.result == "won":
        seats = seats.filter(WON)
    elif filters.result == "lost":
        seats = seats.exclude(WON)
    others = Seat.objects.exclude(user=player)
    if filters.against == "computer":
        seats = seats.filter(match__in=others.filter(is_bot=True).values("match_id"))
    elif filters.against == "human":
        seats = seats.filter(match__in=others.filter(is_bot=False).values("match_id"))
    if filters.opponent:
        seats = seats.filter(
            match__in=others.filter(user__username__iexact=filters.opponent).values("match_id")
        )
    return seats.select_related("match").order_by("-match__finished_at", "-match_id")


def finished_matches_page(
    *,
    player: User,
    viewer: User | AnonymousUser | None,
    filters: FinishedFilters,
    page: Any = 1,
    page_size: int = PAGE_SIZE,
) -> tuple[Page, list[FinishedMatch]]:
    """One page of ``player``'s finished matches that ``viewer`` may see, newest first."""
    paginator = Paginator(_seats(player=player, viewer=viewer, filters=filters), page_size)
    current = paginator.get_page(page)
    matches = [seat.match for seat in current.object_list]
    others = Seat.objects.filter(match__in=matches).exclude(user=player).select_related("user")
    # Everyone else at the table (a partner too, at four), in seat order.
    others_by_match: dict[int, list[Seat]] = {}
    for other in others.order_by("number"):
        others_by_match.setdefault(other.match_id, []).append(other)
    rows = []
    for seat in current.object_list:
        match = seat.match
        table = others_by_match.get(match.pk, [])
        rows.append(
            FinishedMatch(
                match_id=match.pk,
                variant=match.get_variant_display(),
                opponent=opponents_text(seat_number=seat.number, others=table) or "(nobody)",
                computer=any(other.is_bot for other in table),
                result="won" if seat_won(match, seat.number) else "lost",
                finish_reason=match.finish_reason,
                scores=_own_first(list(match.match_scores or []), seat.number),
                when=match.finished_at,
            )
        )
    return current, rows


def _own_first(scores: list[int], seat: int) -> list[int]:
    """Match points with the player's own first: "1–0" reads as their win wherever they sat."""
    if seat >= len(scores):
        return scores
    return [scores[seat], *scores[:seat], *scores[seat + 1 :]]


def profile_finished_section(player: User, *, viewer: Any) -> ProfileSection | None:
    """The profile's "Finished matches" section: the latest few, and a link to the whole list
    (none where the player hides their matches from this viewer: games.privacy)."""
    if match_list_hidden(player=player, viewer=viewer):
        return None
    page, rows = finished_matches_page(
        player=player, viewer=viewer, filters=FinishedFilters(), page_size=5
    )
    return ProfileSection(
        "review/_profile_section.html",
        {"player": player, "rows": rows, "total": page.paginator.count},
    )
