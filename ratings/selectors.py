"""Reads for the ratings pages: ratings aged to now, ranks, the leaderboard, the history chart,
statistics, and the rating label a lobby seek shows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.html import format_html_join

from games.profile_sections import ProfileSection
from ratings import glicko2
from ratings import settings as ratings_settings
from ratings.kinds import REAL_TIME_KINDS, kind_label
from ratings.models import PlayerRating, PlayerStats, RatingChange


def rating_now(row: PlayerRating | None) -> glicko2.Rating:
    """The rating as it stands today: its deviation grown by the days since the last match."""
    if row is None:
        return glicko2.Rating()
    days = 0.0
    if row.rated_at is not None:
        days = max((timezone.now() - row.rated_at).total_seconds(), 0.0) / 86400.0
    return glicko2.aged(row.value, days)


def leaderboard_rows(*, kind: str) -> QuerySet[PlayerRating]:
    """Listed players of ``kind``, best first: deviation (aged to now) within the limit, and
    enough rated games. One range scan of the (kind, -rating) index."""
    return (
        PlayerRating.objects.filter(
            kind=kind,
            listed_until__gt=timezone.now(),
            matches__gte=ratings_settings.leaderboard_min_matches(),
        )
        .select_related("user")
        .order_by("-rating", "user_id")
    )


def leaderboard_rank(*, user: User | AnonymousUser, kind: str) -> int | None:
    """The player's place on ``kind``'s leaderboard (1 is first), or None when not listed."""
    if not user.is_authenticated:
        return None
    rows = leaderboard_rows(kind=kind)
    mine = rows.filter(user=user).first()
    if mine is None:
        return None
    ahead = rows.filter(rating__gt=mine.rating).count()
    ties_before = rows.filter(rating=mine.rating, user_id__lt=mine.user_id).count()
    return ahead + ties_before + 1


def leaderboard_page(*, kind: str, page: int | str | None) -> Page:
    """One page of ``kind``'s leaderboard; each row gets ``rank`` and ``now`` (aged rating)."""
    paginator = Paginator(leaderboard_rows(kind=kind), ratings_settings.leaderboard_page_size())
    current = paginator.get_page(page)
    first = current.start_index()
    for offset, row in enumerate(current.object_list):
        row.rank = first + offset
        row.now = rating_now(row)
    return current


@dataclass(frozen=True)
class KindRating:
    kind: str
    label: str
    rating: glicko2.Rating
    matches: int
    rank: int | None
    chart: dict[str, Any] | None
    stats: PlayerStats | None


CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 600, 200, 12
CHART_LEFT, CHART_BOTTOM = 48, 30
"""Room for the rating axis's labels on the left and the dates under the chart."""
Y_TICKS, X_TICKS = 4, 4
"""About how many ratings and dates the axes label."""


def _tick_step(span: float, count: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``count`` ticks over ``span``."""
    raw = max(span / count, 1.0)
    power = 10 ** (len(str(int(raw))) - 1)
    return next(step * power for step in (1, 2, 5, 10) if step * power >= raw)


def _day(moment: Any) -> str:
    """A date as the chart and its table write it: "26 Nov 2026", in the site's time zone."""
    return timezone.localtime(moment).strftime("%-d %b %Y")


def rating_chart(changes: list[RatingChange]) -> dict[str, Any] | None:
    """The history chart, drawn by the template as inline SVG: one point per rated match (after
    it), plus the starting point; the scale fits the ratings shown. With a rating axis (round
    ratings and grid lines), a date axis (the first and last match and a few between), every
    point focusable with its date, rating and change (shown on hover or focus, CSS only), and
    ``rows`` for the table behind the chart (what a screen reader or a keyboard user reads)."""
    if not changes:
        return None
    values = [changes[0].rating_before] + [change.rating_after for change in changes]
    low, high = min(values) - 10, max(values) + 10
    span = high - low
    steps = max(len(values) - 1, 1)
    inner_w = CHART_WIDTH - CHART_LEFT - CHART_MARGIN
    inner_h = CHART_HEIGHT - CHART_MARGIN - CHART_BOTTOM
    bottom = CHART_MARGIN + inner_h

    def point(index: int, value: float) -> tuple[float, float]:
        x = CHART_LEFT + inner_w * index / steps
        y = CHART_MARGIN + inner_h * (high - value) / span
        return round(x, 1), round(y, 1)

    points = [point(i, value) for i, value in enumerate(values)]
    rows = [
        {
            "match_id": change.match_id,
            "date": _day(change.at),
            "rating": round(change.rating_after),
            "change": f"{round(change.rating_after) - round(change.rating_before):+d}",
            "result": "won" if change.score >= 1 else "lost" if change.score <= 0 else "drew",
        }
        for change in changes
    ]
    markers: list[dict[str, Any]] = [
        # The label reads towards the middle, so it never runs off either side.
        {"x": x, "y": y, **row, "anchor": "end" if x > CHART_WIDTH / 2 else "start"}
        for (x, y), row in zip(points[1:], rows, strict=True)
    ]
    step = _tick_step(span, Y_TICKS)
    first = int(low // step + 1) * step
    y_ticks = [
        {"y": point(0, value)[1], "label": value} for value in range(first, int(high) + 1, step)
    ]
    every = max(1, round(len(markers) / X_TICKS))
    picked = sorted({0, len(markers) - 1, *range(0, len(markers), every)})
    x_ticks: list[dict[str, Any]] = []
    last_x = -100.0
    for index in picked:
        marker = markers[index]
        if x_ticks and x_ticks[-1]["label"] == marker["date"]:
            continue  # one label per day
        if marker["x"] - last_x >= 90 or index == len(markers) - 1:
            if x_ticks and marker["x"] - last_x < 90:
                x_ticks.pop()  # the last date wins over one too close before it
            x_ticks.append({"x": marker["x"], "label": marker["date"]})
            last_x = marker["x"]
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "left": CHART_LEFT,
        "right": CHART_WIDTH - CHART_MARGIN,
        "top": CHART_MARGIN,
        "bottom": bottom,
        "line": " ".join(f"{x},{y}" for x, y in points),
        "points": markers,
        "rows": rows,
        "y_ticks": y_ticks,
        "x_ticks": x_ticks,
        # Built here in one pass rather than by a template loop: up to CHART_MATCHES points.
        "circles": format_html_join(
            "",
            '<g class="rating-point" tabindex="0" role="img" data-match-id="{}" aria-label="{}: {} ({}), match {}">'
            '<circle cx="{}" cy="{}" r="4"></circle>'
            '<text class="rating-point-label" x="{}" y="{}" text-anchor="{}">{}: {} ({})</text>'
            "</g>",
            (
                (
                    m["match_id"],
                    m["date"],
                    m["rating"],
                    m["change"],
                    m["match_id"],
                    m["x"],
                    m["y"],
                    m["x"],
                    m["y"] - 10 if m["y"] > CHART_MARGIN + 20 else m["y"] + 24,
                    m["anchor"],
                    m["date"],
                    m["rating"],
                    m["change"],
                )
                for m in markers
            ),
        ),
        "high": round(high),
        "low": round(low),
    }


CHART_MATCHES = 200
"""The history chart shows the latest this many rated matches: a page stays small and fast for
someone with thousands."""


def rating_history(*, user: User, kind: str) -> list[RatingChange]:
    """The player's latest rated matches in ``kind``, oldest first (the (user, kind, at) index)."""
    latest = RatingChange.objects.filter(user=user, kind=kind).order_by("-at", "-pk")
    return list(latest[:CHART_MATCHES])[::-1]


def player_ratings(*, user: User) -> list[KindRating]:
    """Every kind the player has a rating or statistics in (the real-time kinds always listed;
    a turn-based kind once the player has played one)."""
    rows = {row.kind: row for row in PlayerRating.objects.filter(user=user)}
    stats = {row.kind: row for row in PlayerStats.objects.filter(user=user)}
    kinds = list(REAL_TIME_KINDS) + sorted((set(rows) | set(stats)) - set(REAL_TIME_KINDS))
    changes = {kind: rating_history(user=user, kind=kind) for kind in rows}
    return [
        KindRating(
            kind=kind,
            label=kind_label(kind),
            rating=rating_now(rows.get(kind)),
            matches=rows[kind].matches if kind in rows else 0,
            rank=leaderboard_rank(user=user, kind=kind) if kind in rows else None,
            chart=rating_chart(changes.get(kind, [])),
            stats=stats.get(kind),
        )
        for kind in kinds
    ]


def profile_ratings_section(player: User, *, viewer: Any) -> ProfileSection:
    """The profile page's ratings and statistics section (registered with games at start-up)."""
    return ProfileSection("ratings/_profile_section.html", {"kinds": player_ratings(user=player)})


def rating_label_for(*, user_id: int, kind: str) -> str:
    """The rating a seek shows for its creator ("1500?" for a new player)."""
    row = PlayerRating.objects.filter(user_id=user_id, kind=kind).first()
    return rating_now(row).label()


def ratings_shown_for(*, user_ids: set[int]) -> dict[tuple[int, str], tuple[str, int]]:
    """Seek creators' ratings, keyed by (user id, kind): the label ("1500?") and the whole
    number the lobby's rating filter compares. One query for the whole list; a player with no
    row in a kind is absent (``rating_shown`` gives the newcomer's)."""
    rows = PlayerRating.objects.filter(user_id__in=user_ids)
    return {(row.user_id, row.kind): _shown(rating_now(row)) for row in rows}


def rating_shown(
    shown: dict[tuple[int, str], tuple[str, int]], *, user_id: int, kind: str
) -> tuple[str, int]:
    """One player's entry of ``ratings_shown_for``, a newcomer's when they have none."""
    return shown.get((user_id, kind)) or _shown(rating_now(None))


def _shown(rating: glicko2.Rating) -> tuple[str, int]:
    return rating.label(), round(rating.rating)


def rating_value_for(*, user_id: int, kind: str) -> float:
    """The rating (the number alone) a seek's rating range is checked against."""
    row = PlayerRating.objects.filter(user_id=user_id, kind=kind).first()
    return rating_now(row).rating


# At most this many rated results between the same two accounts count in any RATED_PAIR_WINDOW;
# later matches between them are casual (issue 25, item 5: farming a second account).
RATED_PAIR_LIMIT = 3
RATED_PAIR_WINDOW = timedelta(hours=24)


def rated_results_between(*, user_ids: tuple[int, int], until: datetime) -> int:
    """How many rated results the two accounts have had together in the window before
    ``until`` (each match counted once)."""
    first, second = user_ids
    since = until - RATED_PAIR_WINDOW
    with_second = RatingChange.objects.filter(user_id=second, at__gte=since, at__lte=until)
    return (
        RatingChange.objects.filter(user_id=first, at__gte=since, at__lte=until)
        .filter(match_id__in=with_second.values("match_id"))
        .count()
    )


def rated_pair_exhausted(*, user_ids: tuple[int, int], until: datetime | None = None) -> bool:
    """True when these two accounts have had :data:`RATED_PAIR_LIMIT` rated results together
    in the last 24 hours: a further match between them counts as casual."""
    until = until or timezone.now()
    return rated_results_between(user_ids=user_ids, until=until) >= RATED_PAIR_LIMIT
