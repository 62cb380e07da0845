"""Solitaire's views: thin (authenticate, parse, call a service or selector, render)."""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.guests import guest_sign_in
from kernel.error_renderings import json_errors
from kernel.frames import request_json
from solitaire import selectors, services
from solitaire.models import DailyDeal, SolitaireGame


@require_GET
def today_page(request: HttpRequest) -> HttpResponse:
    """Today's deal: the start form, or the player's game; the day's commitment and board."""
    day = services.today()
    deal = services.daily_deal_for(day)
    game = None
    if request.user.is_authenticated:
        game = SolitaireGame.objects.filter(deal=deal, player=request.user).first()
    context = {
        "deal": selectors.deal_public(deal, today=day),
        "game": None if game is None else selectors.game_view(game),
        "board": selectors.leaderboard(deal=deal),
    }
    return render(request, "solitaire/today.html", context)


@require_POST
def start(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        refused = guest_sign_in(request)
        if refused is not None:
            return refused
    try:
        services.solitaire_game_start(player=request.user, mode=request.POST.get("mode", "auto"))
    except services.SolitaireRefused as error:
        messages.error(request, error.message)
    return redirect("solitaire:today")


@require_POST
@json_errors
def act(request: HttpRequest, game_id: int) -> JsonResponse:
    """One action as JSON (``{"type": "throw", "cards": [...]}``, claim, next); answers the
    player's new view, or ``{"error": code, "message": ...}`` with status 400. The body goes
    through the site's one JSON parser (kernel/frames.py: size and depth limits)."""
    action = request_json(request)
    user = request.user if request.user.is_authenticated else None
    game = services.solitaire_game_act(game_id=game_id, player=user, action=action)
    return JsonResponse(selectors.game_view(game))


@require_GET
def day_page(request: HttpRequest, day: str) -> HttpResponse:
    """A day's leaderboard, and its deck once the day is over."""
    try:
        wanted = date.fromisoformat(day)
    except ValueError as error:
        raise Http404("no such day") from error
    deal = DailyDeal.objects.filter(day=wanted).first()
    if deal is None:
        raise Http404("nobody played that day")
    context = {
        "deal": selectors.deal_public(deal, today=services.today()),
        "board": selectors.leaderboard(deal=deal),
    }
    return render(request, "solitaire/day.html", context)


@require_GET
def history_page(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next={request.path}")
    return render(
        request, "solitaire/history.html", {"games": selectors.history(player=request.user)}
    )
