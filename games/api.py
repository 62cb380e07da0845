"""Small HTTP JSON endpoints beside the websocket (thin: authenticate, select, answer)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import selectors
from games.models import Match
from games.privacy import match_hidden_from


@never_cache
@require_GET
def match_view_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The ``hello`` body for this visitor: their seat (or spectator) and their view.

    Anyone may watch a public match, logged in or not; a private match answers only its players.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return JsonResponse(
            {"error": "match_not_found", "message": f"there is no match {match_id}"}, status=404
        )
    if match_hidden_from(match_id=match.pk, user=request.user):
        return JsonResponse(
            {"error": "match_private", "message": "only the players may see a private match"},
            status=403,
        )
    seat = selectors.seat_for_user(match=match, user=request.user)
    body = selectors.match_hello(match=match, seat=seat)
    del body["type"]
    return JsonResponse(body)
