"""Small HTTP JSON endpoints beside the websocket (thin: authenticate, select, answer).

Every refusal is a ``SiteError`` answered in the one JSON shape (kernel/error_renderings.py,
``json_errors``); whether the visitor may see the match at all is asked once, of
``games.privacy.match_visible_get``.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import selectors
from games.hints import discard_hint_get
from games.privacy import match_visible_get
from kernel.error_renderings import json_errors
from kernel.errors import SiteError


@never_cache
@require_GET
@json_errors
def match_view_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The ``hello`` body for this visitor: their seat (or spectator) and their view.

    Anyone may watch a public match, logged in or not; a private match answers only its players.
    """
    match = match_visible_get(match_id=match_id, user=request.user)
    seat = selectors.seat_for_user(match=match, user=request.user)
    body = selectors.match_hello(match=match, seat=seat)
    del body["type"]
    return JsonResponse(body)


# The most events the log endpoint returns: a long match's whole log (seven games of about 200
# events each) fits with room to spare; a page asking for more gets the latest ones.
LOG_EVENTS_LIMIT = 5000


@never_cache
@require_GET
@json_errors
def match_log_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The match's event frames up to ``upto`` (a ``hello``'s seq), as this visitor may see them.

    A reloaded table draws its whole log from these (docs/protocol.md): the socket's own sync
    replays at most ``MAX_REPLAY_EVENTS``, for catching up, not for the history of a match.
    Redacted as the socket would send them; a private match answers only its players.
    """
    match = match_visible_get(match_id=match_id, user=request.user)
    try:
        upto = min(int(request.GET.get("upto", match.last_seq)), match.last_seq)
    except ValueError as error:
        raise SiteError("bad_field", "upto is the seq of the last event wanted") from error
    seat = selectors.seat_for_user(match=match, user=request.user)
    first = max(0, upto - LOG_EVENTS_LIMIT)
    events = selectors.match_events_since(match=match, seq=first, before=upto + 1)
    return JsonResponse(
        {"seq": upto, "frames": [selectors.event_frame(event=event, seat=seat) for event in events]}
    )


@never_cache
@require_GET
@json_errors
def match_hint_json(request: HttpRequest, match_id: int) -> JsonResponse:
    """The discard hint for the requesting seat (games.hints), or why there is none."""
    match = match_visible_get(match_id=match_id, user=request.user)
    return JsonResponse(discard_hint_get(match=match, user=request.user))
