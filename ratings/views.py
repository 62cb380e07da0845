"""The leaderboard pages: one per kind of play, paginated, with the viewer's own rank."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ratings import selectors
from ratings import settings as ratings_settings
from ratings.kinds import RATED_KINDS, kind_label


@require_GET
def leaderboard(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in RATED_KINDS:
        raise Http404(f"there is no leaderboard for {kind!r}")
    context = {
        "kind": kind,
        "label": kind_label(kind),
        "kinds": [(other, kind_label(other)) for other in RATED_KINDS],
        "page": selectors.leaderboard_page(kind=kind, page=request.GET.get("page")),
        "own_rank": selectors.leaderboard_rank(user=request.user, kind=kind),
        "max_deviation": ratings_settings.leaderboard_max_deviation(),
        "min_matches": ratings_settings.leaderboard_min_matches(),
    }
    return render(request, "ratings/leaderboard.html", context)
