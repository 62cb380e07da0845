"""The review pages: the replay of a finished match, its export, its share link, "play this
deal", and a player's finished matches. Thin: access (review.access) and the work (timeline,
analysis, export, deals) live in their modules.

Every route answers 404 for a match that is not finished or that the visitor may not review,
the same answer as for a match that does not exist: a match in play leaks nothing.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from accounts.guests import guest_sign_in
from games.engine.seating import PARTNERSHIP_PLAYERS
from games.fairness import deal_from_deck, verify_commitment
from games.models import Match, Shuffle
from games.privacy import MatchPrivate, match_list_hidden, user_is_seated
from games.rules import REPLAYERS
from kernel.errors import SiteError
from review import access
from review.analysis import match_analysis_get
from review.deals import deal_replay_create, replay_original_id, replays_of
from review.export import match_export, match_transcript, seat_names, sides_title
from review.finished import FinishedFilters, finished_matches_page
from review.stored import match_timeline_get
from review.timeline import timeline_compact

# What json_script escapes, so the JSON cannot close its <script> element or start markup.
_SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def _json_for_script(data: object) -> str:
    """Compact JSON for a ``<script type="application/json">`` (Django's json_script, without
    the spaces: the page's largest part is this data)."""
    return mark_safe(json.dumps(data, separators=(",", ":")).translate(_SCRIPT_ESCAPES))


def _reviewable(request: HttpRequest, match_id: int) -> tuple[Match, str]:
    """The match and the share token used, or 404 when this visitor may not review it."""
    match = Match.objects.filter(pk=match_id).first()
    share = request.GET.get("share", "") or request.POST.get("share", "")
    if match is None or not access.review_allowed(match=match, user=request.user, share=share):
        raise Http404("no review here")
    return match, share


def _proofs(match: Match, hands: list[dict], steps: list[dict]) -> list[dict]:
    """Each hand's fair-shuffle proof, checked here; the page checks it again in the browser."""
    deals = list(
        Shuffle.objects.filter(match=match, purpose=Shuffle.Purpose.DEAL)
        .order_by("number")
        .values("number", "deck", "salt", "commitment")
    )
    hand_size = 6 if match.variant == "six" else 5
    proofs = []
    for hand, shuffle in zip(hands, deals, strict=False):
        step = steps[hand["step"]]
        started = next(e for e in step["events"] if e["type"] == "hand_started")["data"]
        # Three or four seats deal five each (three: one card to the crib from the deck, or six
        # to the dealer): the hand's own start says how many, as the engine dealt them.
        deal = deal_from_deck(
            shuffle["deck"],
            dealer=hand["dealer"],
            hand_size=started.get("hand_size", hand_size),
            seats=match.players,
            dealer_hand_size=started.get("dealer_hand_size"),
        )
        dealt_ok = all(
            sorted(cards) == sorted(deal.hands[int(seat)])
            for seat, cards in started["dealt"].items()
        )
        proofs.append(
            {
                "hand": hand["hand"],
                "shuffle": shuffle["number"],
                "commitment": shuffle["commitment"],
                "deck": shuffle["deck"],
                "salt": shuffle["salt"],
                "dealt": started["dealt"],
                "hand_size": started.get("hand_size", hand_size),
                "dealer_hand_size": started.get("dealer_hand_size"),
                "verified": dealt_ok
                and verify_commitment(
                    deck=shuffle["deck"], salt=shuffle["salt"], commitment=shuffle["commitment"]
                ),
            }
        )
    return proofs


def _own_seat(match: Match, user: AbstractBaseUser | AnonymousUser) -> int | None:
    """The seat the reviewing player sat in (drawn near, as at the table), or None."""
    if not user.is_authenticated:
        return None
    return match.seats.filter(user_id=user.pk).values_list("number", flat=True).first()


def _standing(names: list[str], scores: list[int], winner: int | None) -> str:
    """ "alice 1, Computer (hard) 0 (alice won)": match points by seat."""
    points = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False))
    return f"{points} ({names[winner]} won)" if winner is not None else points


def _comparison(match: Match) -> dict | None:
    """A "play this deal" match against the original it replays: both results, by seat."""
    original_id = replay_original_id(match=match)
    if original_id is None:
        return None
    original = Match.objects.get(pk=original_id)
    return {
        "original_id": original.pk,
        "original": _standing(
            seat_names(match=original), original.match_scores, original.winner_seat
        ),
        "here": _standing(seat_names(match=match), match.match_scores, match.winner_seat),
        "original_scores": original.match_scores,
        "scores": match.match_scores,
    }


@require_GET
def review_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The replay: every step face up, the analysis beside it, the share and export links."""
    match, share = _reviewable(request, match_id)
    if match.rules_version not in REPLAYERS:
        raise Http404("this server cannot replay the match's rules version")
    timeline = match_timeline_get(match=match)
    is_player = user_is_seated(match_id=match.pk, user=request.user)
    share_token = access.share_link_token(match=match) if is_player and match.private else None
    query = f"?share={share}" if share else ""
    context = {
        "match": match,
        "names": seat_names(match=match),
        "title": sides_title(seat_names(match=match)),
        "is_player": is_player,
        "share": share,
        "query": query,
        "share_url": request.build_absolute_uri(
            f"{reverse('review:page', args=[match.pk])}?share={share_token}"
        )
        if share_token
        else None,
        "review_data": {
            "match": match.pk,
            "variant": match.variant,
            "names": seat_names(match=match),
            "viewer_seat": _own_seat(match, request.user),
            "steps": timeline_compact(timeline)["steps"],
            "hands": timeline["hands"],
            "analysis": match_analysis_get(match=match),
            "proofs": _proofs(match, timeline["hands"], timeline["steps"]),
            "hand_size": 6 if match.variant == "six" else 5,
            "seats": match.players,
            "partnership": match.players == PARTNERSHIP_PLAYERS,
        },
        "comparison": _comparison(match),
        "replays": replays_of(match=match),
    }
    context["review_json"] = _json_for_script(context["review_data"])
    return render(request, "review/review.html", context)


@require_GET
def review_export_json(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match as JSON (docs/review.md, "Export"), downloaded as a file."""
    match, _ = _reviewable(request, match_id)
    response = JsonResponse(match_export(match=match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="cribbage-match-{match.pk}.json"'
    return response


@require_GET
def review_transcript(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match as a readable text transcript."""
    match, _ = _reviewable(request, match_id)
    response = HttpResponse(match_transcript(match=match), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="cribbage-match-{match.pk}.txt"'
    return response


@require_POST
def review_share(request: HttpRequest, match_id: int) -> HttpResponse:
    """Turn a private match's share link on (``on=1``) or off (either player)."""
    match = get_object_or_404(Match, pk=match_id)
    if not access.review_allowed(match=match, user=request.user):
        raise Http404("no review here")
    try:
        if request.POST.get("on") == "1":
            access.share_link_create(match=match, user=request.user)
            messages.info(request, "The share link is on: anyone holding it can open this review.")
        else:
            access.share_link_revoke(match=match, user=request.user)
            messages.info(
                request, "The share link is off: the old link no longer opens this review."
            )
    except access.ReviewError as error:
        messages.error(request, error.message)
        return redirect("review:page", match_id=match.pk)
    return redirect("review:page", match_id=match.pk)


@require_POST
def review_play_deal(request: HttpRequest, match_id: int) -> HttpResponse:
    """Start a match against the hard computer with this match's decks ("play this deal")."""
    match, share = _reviewable(request, match_id)
    if not request.user.is_authenticated:
        refused = guest_sign_in(request)
        if refused is not None:
            return refused
    try:
        new = deal_replay_create(original=match, user=request.user, share=share)
    except SiteError as error:
        messages.error(request, error.message)
        return redirect(
            f"{reverse('review:page', args=[match.pk])}{'?share=' + share if share else ''}"
        )
    return redirect("games:match", match_id=new.pk)


@require_GET
def finished_matches(request: HttpRequest, username: str) -> HttpResponse:
    """A player's finished matches: newest first, paginated, filtered; each links to its review."""
    player = get_object_or_404(get_user_model(), username=username)
    if match_list_hidden(player=player, viewer=request.user):
        raise MatchPrivate(
            "match_list_private", f"{player.get_username()} shows their matches to friends only."
        )
    filters = FinishedFilters.parse(request.GET)
    page, rows = finished_matches_page(
        player=player, viewer=request.user, filters=filters, page=request.GET.get("page", 1)
    )
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "player": player,
        "page": page,
        "rows": rows,
        "filters": filters,
        "variants": Match.Variant.choices,
        "filter_query": query.urlencode(),
    }
    return render(request, "review/finished.html", context)
