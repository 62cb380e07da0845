"""Pages for playing: the computer's form, the match page, taking a public match's empty seat,
and a player's profile (their record and recent matches).

Only pages: the match itself is played over the websocket (docs/protocol.md), and every change
goes through a service; these views authenticate, call a service and redirect. A private match
(made by an invitation link, ``lobby``) is shown only to its players and seated only through its
secret link, because match ids are sequential and anyone can type one (games.privacy).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.guests import guest_sign_in
from accounts.services import profile_for
from games import player_records
from games.forms import ComputerMatchForm
from games.hints import hint_allowed
from games.in_play import matches_in_play
from games.models import Match
from games.privacy import (
    match_hidden_from,
    match_hidden_refusal,
    match_list_hidden,
    private_link_path,
)
from games.profile_sections import profile_sections
from games.selectors import match_hello, seat_for_user
from games.services import (
    ServiceError,
    computer_match_create,
    match_fill_with_computer,
    match_join,
)
from games.table_banners import table_banner


@require_http_methods(["GET", "POST"])
def play_computer(request: HttpRequest) -> HttpResponse:
    """Pick the computer's level and the options; the match starts at once, the person in seat 0.

    Open to visitors: like the lobby's buttons, the POST that starts the match makes them a
    guest first, so playing the computer is one click from the home page and one on the form.
    """
    initial = {"level": "medium"}
    if request.user.is_authenticated:
        initial.update(profile_for(request.user).default_options())
    form = ComputerMatchForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if not request.user.is_authenticated:
            refused = guest_sign_in(request)
            if refused is not None:
                return refused
            messages.info(request, f"You are playing as {request.user.get_username()}.")
        try:
            match = computer_match_create(
                creator=request.user,
                options=form.options(),
                level=form.cleaned_data["level"],
                clock=form.time_control(),
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:match", match_id=match.pk)
    return render(request, "games/play_computer.html", {"form": form})


def private_match_refused(request: HttpRequest, match: Match) -> HttpResponse:
    """The answer to a stranger at a private or sealed match: nothing about it beyond why."""
    code, _ = match_hidden_refusal(match_id=match.pk)
    context = {"match_id": match.pk, "sealed": code == "match_sealed"}
    return render(request, "games/private_match.html", context, status=403)


def _invite_url(request: HttpRequest, match: Match, seat: int | None) -> str | None:
    """The link the seated creator of a waiting match sends: the secret token link if private."""
    if match.status != Match.Status.WAITING or seat is None:
        return None
    if match.private:
        path = private_link_path(match=match)
        if path is None:
            return None
    else:
        path = reverse("games:match", args=[match.pk])
    return request.build_absolute_uri(path)


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The table. Players get their seat and others watch a public match; a private match is
    refused to anyone but its players, and only a public match offers its empty seat here."""
    match = get_object_or_404(Match, pk=match_id)
    if match_hidden_from(match_id=match.pk, user=request.user):
        return private_match_refused(request, match)
    seat = seat_for_user(match=match, user=request.user)
    private = match.private
    # The socket's first frame, in the page: the table is drawn (and the hand can be chosen)
    # while the socket still opens, which it replaces when it arrives (docs/performance.md).
    first_hello = match_hello(match=match, seat=seat)
    context = {
        "match": match,
        "seat": seat,
        "players": first_hello["players"],
        "first_hello": first_hello,
        "can_join": match.status == Match.Status.WAITING and seat is None and not private,
        "private": private,
        "invite_url": _invite_url(request, match, seat),
        "ws_path": f"/ws/matches/{match.pk}/",
        # The hint's toggle is drawn only where hint.json would answer (games.hints).
        "hint_offered": seat is not None and hint_allowed(match=match),
        # A tournament's table says so (games.table_banners): name, round, clock, link back.
        "banner": table_banner(match=match),
    }
    return render(request, "games/match.html", context)


@require_POST
def match_join_view(request: HttpRequest, match_id: int) -> HttpResponse:
    """Take the empty seat of a public match (a POST from its page); visitors log in first.

    A private match's seat is refused here whoever asks: only its invitation link seats anyone.
    """
    match = get_object_or_404(Match, pk=match_id)
    if match.private:
        return private_match_refused(request, match)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('games:match', args=[match.pk])}")
    try:
        match_join(match=match, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("games:match", match_id=match.pk)


@require_POST
def match_fill_view(request: HttpRequest, match_id: int) -> HttpResponse:
    """Seat the computer (at the level posted) in every empty seat of a waiting table of three or
    four: a seated player's button when the last players are not coming."""
    match = get_object_or_404(Match, pk=match_id)
    level = request.POST.get("level", "medium")
    try:
        match_fill_with_computer(match=match, user=request.user, level=level)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("games:match", match_id=match.pk)


def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: member since, record by variant, recent matches.

    Composed here, where match data may be read; accounts knows the person only. Routed at
    /accounts/players/<name>/ by cribbage_site/urls.py.
    """
    player = get_object_or_404(get_user_model(), username=username)
    # The player may show their matches to friends only (games.privacy; the social app decides).
    matches_hidden = match_list_hidden(player=player, viewer=request.user)
    context = {
        "player": player,
        "player_profile": profile_for(player),
        "record": player_records.match_record(user=player),
        "matches_hidden": matches_hidden,
        "recent_matches": []
        if matches_hidden
        else player_records.recent_matches(user=player, viewer=request.user, limit=20),
        "is_self": request.user.is_authenticated and request.user.pk == player.pk,
        "profile_sections": profile_sections(player=player, viewer=request.user),
    }
    return render(request, "accounts/profile.html", context)


@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    """/games/: the visitor's matches in play, those waiting on them first, with time left.

    Only the visitor's own (a guest's too); a visitor who is not signed in has none. Read when
    asked: a reload shows what changed.
    """
    return render(
        request,
        "games/in_play.html",
        {"in_play": matches_in_play(user=request.user)},
    )
