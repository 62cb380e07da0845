"""Small HTTP JSON endpoints beside the websocket (thin: authenticate, select, answer)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import selectors
from games.hints import HintRefused, discard_hint_get
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


# The most events the log endpoint returns: a long match's whole log (seven games of about 200
# events each) fits with room to spare; a page asking for more gets the latest ones.
LOG_EVENTS_LIMIT = 5000


@never_cache
@require_GET
def match_log_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The match's event frames up to ``upto`` (a ``hello``'s seq), as this visitor may see them.

    A reloaded table draws its whole log from these (docs/protocol.md): the socket's own sync
    replays at most ``MAX_REPLAY_EVENTS``, for catching up, not for the history of a match.
    Redacted as the socket would send them; a private match answers only its players.
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
    try:
        upto = min(int(request.GET.get("upto", match.last_seq)), match.last_seq)
    except ValueError:
        return JsonResponse(
            {"error": "bad_field", "message": "upto is the seq of the last event wanted"},
            status=400,
        )
    seat = selectors.seat_for_user(match=match, user=request.user)
    first = max(0, upto - LOG_EVENTS_LIMIT)
    events = selectors.match_events_since(match=match, seq=first, before=upto + 1)
    return JsonResponse(
        {"seq": upto, "frames": [selectors.event_frame(event=event, seat=seat) for event in events]}
    )


# A refusal's status: who is asking (403) differs from when they ask (409).
HINT_REFUSAL_STATUS = {"hint_not_seated": 403, "hint_not_casual": 403}


@never_cache
@require_GET
def match_hint_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The discard hint for the requesting seat (games.hints), or why there is none."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return JsonResponse(
            {"error": "match_not_found", "message": f"there is no match {match_id}"}, status=404
        )
    try:
        hint = discard_hint_get(match=match, user=request.user)
    except HintRefused as refusal:
        status = HINT_REFUSAL_STATUS.get(refusal.code, 409)
        return JsonResponse({"error": refusal.code, "message": refusal.message}, status=status)
    return JsonResponse(hint)
