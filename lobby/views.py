"""Lobby pages and the forms behind its buttons (all POSTs carry a CSRF token).

Visitors who are not signed in and press a button that needs a player (post a seek, accept one,
make or open an invitation link) become a guest on the spot: the POST is the one click.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import services as account_services
from accounts.guests import guest_sign_in
from games.engine.options import TOURNAMENT_CLOCK
from games.models import Match
from lobby import selectors, services
from lobby.forms import LobbyMatchForm
from lobby.models import Invitation

LOBBY = "lobby:index"


def ensure_player(request: HttpRequest) -> HttpResponse | None:
    """Make an anonymous visitor a guest (and log them in) before an action that needs a player.

    Returns the 429 page to answer with instead when their address has made too many guests.
    """
    if request.user.is_authenticated:
        return None
    refused = guest_sign_in(request)
    if refused is None:
        messages.info(request, f"You are playing as {request.user.get_username()}.")
    return refused


def options_form(request: HttpRequest, data=None, *, rated: bool = False) -> LobbyMatchForm:
    """The match-options form, starting from the player's saved defaults; ``rated`` starts
    ticked only for members (seeks: rated by default; invitations: casual), and then with the
    default clock a rated match needs (docs/ratings.md)."""
    initial = {}
    if request.user.is_authenticated:
        profile = account_services.profile_for(request.user)
        rated = rated and not profile.is_guest
        initial = {**profile.default_options(), "rated": rated}
        if rated:
            initial["clock"] = TOURNAMENT_CLOCK.key
    return LobbyMatchForm(data, initial=initial)


@require_GET
def lobby_page(request: HttpRequest) -> HttpResponse:
    context = {
        "form": options_form(request, rated=True),
        "seeks": selectors.seeks_marked_casual_for(seeks=selectors.open_seeks(), user=request.user),
        "quick_games": services.QUICK_GAMES,
        "live_matches": selectors.live_matches(),
        "online": selectors.online_count(),
        "my_invitations": selectors.invitations_open_for(user=request.user)
        if request.user.is_authenticated
        else [],
    }
    return render(request, "lobby/lobby.html", context)


@require_GET
def live_page(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/live.html", {"live_matches": selectors.live_matches()})


def _form_errors(form: LobbyMatchForm) -> str:
    return " ".join(str(message) for messages_ in form.errors.values() for message in messages_)


@require_POST
def seek_create_view(request: HttpRequest) -> HttpResponse:
    form = options_form(request, request.POST)
    if not form.is_valid():
        messages.error(request, _form_errors(form))
        return redirect(LOBBY)
    refused = ensure_player(request)
    if refused is not None:
        return refused
    try:
        services.seek_create(
            creator=request.user,
            options=form.options(),
            rated=form.cleaned_data["rated"],
            rating_range=form.rating_range(),
            clock=form.time_control(),
        )
    except services.LobbyError as error:
        messages.error(request, error.message)
    return redirect(LOBBY)


@require_POST
def seek_accept_view(request: HttpRequest, seek_id: int) -> HttpResponse:
    refused = ensure_player(request)
    if refused is not None:
        return refused
    try:
        match = services.seek_accept(seek_id=seek_id, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect(LOBBY)
    return redirect("games:match", match_id=match.pk)


@require_POST
def quick_pair_view(request: HttpRequest, key: str) -> HttpResponse:
    """A quick-pairing tile: to the match when someone was waiting for the same game, else
    back to the lobby with the seek posted (the lobby's socket sends the player on later)."""
    refused = ensure_player(request)
    if refused is not None:
        return refused
    assert isinstance(request.user, User)  # ensure_player signed a guest in, or refused
    try:
        found = services.quick_pair(user=request.user, key=key)
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect(LOBBY)
    if isinstance(found, Match):
        return redirect("games:match", match_id=found.pk)
    messages.info(request, "Your seek is posted: the match starts when someone takes it.")
    return redirect(LOBBY)


@require_POST
def seek_cancel_view(request: HttpRequest, seek_id: int) -> HttpResponse:
    try:
        services.seek_cancel(seek_id=seek_id, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
    return redirect(LOBBY)


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    """The new-match page (/matches/new/): pick the options and get an invitation link, the same
    private match as "Play a friend", so there is one way to invite someone and its seat opens
    only with the secret link."""
    form = options_form(request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = services.invitation_create(
                creator=request.user,
                options=form.options(),
                rated=form.cleaned_data["rated"],
                clock=form.time_control(),
            )
        except services.LobbyError as error:
            form.add_error(None, error.message)
        else:
            return redirect("lobby:invitation", token=invitation.token)
    return render(request, "lobby/new_match.html", {"form": form})


@require_POST
def invitation_create_view(request: HttpRequest) -> HttpResponse:
    """Make a private link. Without option fields (the home page's one-click "Play a friend") the
    player's saved defaults are used."""
    if "variant" in request.POST:
        form = options_form(request, request.POST)
        if not form.is_valid():
            messages.error(request, _form_errors(form))
            return redirect(LOBBY)
        options, rated = form.options(), form.cleaned_data["rated"]
        clock = form.time_control()
    else:
        options, rated, clock = None, False, None
    refused = ensure_player(request)
    if refused is not None:
        return refused
    assert request.user.is_authenticated, "ensure_player signed a guest in"
    if options is None:
        options = account_services.profile_for(request.user).default_options()
    try:
        invitation = services.invitation_create(
            creator=request.user, options=options, rated=rated, clock=clock
        )
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect(LOBBY)
    return redirect("lobby:invitation", token=invitation.token)


@require_GET
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link itself: the creator sees it to share (and can cancel); anyone else can take the seat."""
    invitation = get_object_or_404(
        Invitation.objects.select_related("match", "creator"), token=token
    )
    match = invitation.match
    is_creator = request.user.is_authenticated and request.user.pk == invitation.creator_id
    cancelled = invitation.status == Invitation.Status.CANCELLED
    taken = not cancelled and (
        invitation.status == Invitation.Status.ACCEPTED or match.status != Match.Status.WAITING
    )
    if taken and not selectors.match_hidden_from(match_id=match.pk, user=request.user):
        return redirect("games:match", match_id=match.pk)
    # A used link tells a latecomer only that the seat is gone: the match stays private.
    status = 410 if cancelled or taken else 200
    context = {
        "taken": taken,
        "invitation": invitation,
        "match": match,
        "is_creator": is_creator,
        "label": selectors.options_label(match.options_dict),
        # Past the day's allowance of rated results between these two: say so before accepting.
        "casual_for_you": match.rated
        and not is_creator
        and selectors.rated_pair_spent(first=invitation.creator, second=request.user),
        "share_url": request.build_absolute_uri(),
    }
    return render(request, "lobby/invitation.html", context, status=status)


@require_POST
def invitation_accept_view(request: HttpRequest, token: str) -> HttpResponse:
    get_object_or_404(Invitation, token=token)
    refused = ensure_player(request)
    if refused is not None:
        return refused
    try:
        match = services.invitation_accept(token=token, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect("lobby:invitation", token=token)
    return redirect("games:match", match_id=match.pk)


@require_POST
def invitation_cancel_view(request: HttpRequest, token: str) -> HttpResponse:
    try:
        services.invitation_cancel(token=token, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect("lobby:invitation", token=token)
    messages.info(request, "Invitation cancelled.")
    return redirect(LOBBY)


@require_POST
def rematch_view(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        new_match = services.rematch_offer(match_id=match_id, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
        return redirect("games:match", match_id=match_id)
    if new_match is None:
        messages.info(request, "Rematch offered; waiting for your opponent.")
        return redirect("games:match", match_id=match_id)
    return redirect("games:match", match_id=new_match.pk)


@require_POST
def claim_view(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        services.abandonment_claim(match_id=match_id, user=request.user)
    except services.LobbyError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "Your opponent left: the match is yours.")
    return redirect("games:match", match_id=match_id)
