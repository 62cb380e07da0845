"""Friends, challenges and social settings pages; thin: check who asks, call a service, answer.

Anonymous visitors are sent to log in by the pages and refused by the buttons; guests are
refused everywhere with a page that says why (``SocialError``, rendered by the kernel). A
refusal of an action (a block, a flood, a closed challenge) comes back as a message on the page
it was made from, with nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.guests import safe_next
from accounts.services import profile_for
from games.engine.options import TOURNAMENT_CLOCK
from social import conf, selectors
from social.errors import SocialError
from social.forms import ChallengeForm, DeclineForm, SocialSettingsForm
from social.models import Challenge
from social.services import challenges, friends, safety
from social.services.people import member_required, person_named

FRIENDS = "social:friends"


def _member(request: HttpRequest) -> User:
    return member_required(request.user)


def _back(request: HttpRequest) -> HttpResponse:
    return redirect(safe_next(request, fallback="/friends/"))


@login_required
@require_GET
def friends_page(request: HttpRequest) -> HttpResponse:
    """The friend list with presence, requests both ways, open challenges, and the search."""
    user = _member(request)
    query = request.GET.get("q", "")[:150]
    found = selectors.people_search(viewer=user, query=query, limit=conf.search_results_max())
    seen = selectors.presences(users=found)
    context = {
        "friends": selectors.friends_of(user=user),
        "incoming": selectors.friend_requests_incoming(user=user),
        "outgoing": selectors.friend_requests_outgoing(user=user),
        "challenges": selectors.challenges_open_for(user=user),
        "query": query,
        "found": [
            {
                "user": person,
                "presence": seen[person.pk]
                if selectors.presence_visible(person=person, viewer=user)
                else None,
                **selectors.relation(viewer=user, other=person),
            }
            for person in found
        ],
        "blocked": selectors.blocked_people(user=user),
        "muted": selectors.muted_people(user=user),
    }
    return render(request, "social/friends.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    user = _member(request)
    current = selectors.settings_for(user_id=user.pk)
    form = SocialSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        safety.social_settings_update(
            user=user, **{name: bool(form.cleaned_data[name]) for name in safety.SETTING_NAMES}
        )
        messages.success(request, "Saved.")
        return redirect("social:settings")
    return render(request, "social/settings.html", {"form": form})


@require_POST
def friend_request_view(request: HttpRequest) -> HttpResponse:
    user = _member(request)
    try:
        to = person_named(request.POST.get("username"))
        sent = friends.friend_request_send(sender=user, to=to)
    except SocialError as error:
        messages.error(request, error.message)
    else:
        if sent.status == sent.Status.ACCEPTED:
            messages.success(request, f"You and {to.get_username()} are friends now.")
        else:
            messages.success(request, f"Friend request sent to {to.get_username()}.")
    return _back(request)


FRIEND_ANSWERS: dict[str, Callable] = {
    "accept": friends.friend_request_accept,
    "decline": friends.friend_request_decline,
    "cancel": friends.friend_request_cancel,
}


@require_POST
def friend_answer_view(request: HttpRequest, request_id: int, answer: str) -> HttpResponse:
    user = _member(request)
    if answer not in FRIEND_ANSWERS:
        raise Http404("no such answer")
    try:
        FRIEND_ANSWERS[answer](user=user, request_id=request_id)
    except SocialError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            {
                "accept": "You are friends now.",
                "decline": "Request declined.",
                "cancel": "Request withdrawn.",
            }[answer],
        )
    return _back(request)


PERSON_ACTIONS: dict[str, tuple[Callable, str]] = {
    "unfriend": (friends.friend_remove, "You and {name} are no longer friends."),
    "block": (safety.block_add, "You blocked {name}."),
    "unblock": (safety.block_remove, "You unblocked {name}."),
    "mute": (safety.mute_add, "You no longer hear {name} in chat."),
    "unmute": (safety.mute_remove, "You hear {name} in chat again."),
}


@require_POST
def person_action_view(request: HttpRequest, action: str) -> HttpResponse:
    """Unfriend, block, unblock, mute, unmute the player named in the form."""
    user = _member(request)
    if action not in PERSON_ACTIONS:
        raise Http404("no such action")
    service, said = PERSON_ACTIONS[action]
    try:
        other = person_named(request.POST.get("username"))
        service(user=user, other=other)
    except SocialError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said.format(name=other.get_username()))
    return _back(request)


def _challenge_form(request: HttpRequest, user: User) -> ChallengeForm:
    profile = profile_for(user)
    initial = {**profile.default_options(), "opponent": request.GET.get("to", "")[:150]}
    if request.GET.get("rated") == "1":
        initial.update(rated=True, clock=TOURNAMENT_CLOCK.key)
    return ChallengeForm(request.POST or None, initial=initial)


@login_required
@require_http_methods(["GET", "POST"])
def challenge_new(request: HttpRequest) -> HttpResponse:
    """The challenge form: the new-match options and the opponent's name."""
    user = _member(request)
    form = _challenge_form(request, user)
    if request.method == "POST" and form.is_valid():
        try:
            challenged = person_named(form.cleaned_data["opponent"])
            challenge = challenges.challenge_create(
                challenger=user,
                challenged=challenged,
                options=form.options(),
                rated=form.cleaned_data["rated"],
                clock=form.time_control(),
            )
        except SocialError as error:
            form.add_error(None, error.message)
        else:
            return redirect("social:challenge", challenge_id=challenge.pk)
    return render(request, "social/challenge_new.html", {"form": form})


def _own_challenge(request: HttpRequest, challenge_id: int) -> Challenge:
    """The challenge, for one of its two people; anyone else finds nothing (404)."""
    challenge = (
        Challenge.objects.select_related("challenger", "challenged").filter(pk=challenge_id).first()
    )
    if challenge is None or request.user.pk not in (
        challenge.challenger_id,
        challenge.challenged_id,
    ):
        raise SocialError("challenge_not_found", "There is no such challenge.", status=404)
    return challenge


@login_required
@require_GET
def challenge_page(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """One challenge, kept live by /ws/challenges/<id>/ (static/js/challenge.js)."""
    user = _member(request)
    challenge = _own_challenge(request, challenge_id)
    options = challenge.options_dict()
    context = {
        "challenge": challenge,
        "state": challenges.challenge_state(challenge),
        "is_challenger": challenge.challenger_id == user.pk,
        "open": challenge.status == Challenge.Status.OPEN
        and not challenges.challenge_past_due(challenge),
        "options": options,
        "clock": challenge.time_control,
        "decline_form": DeclineForm(),
    }
    return render(request, "social/challenge.html", context)


@require_POST
def challenge_answer_view(request: HttpRequest, challenge_id: int, answer: str) -> HttpResponse:
    user = _member(request)
    if answer not in ("accept", "decline", "cancel"):
        raise Http404("no such answer")
    _own_challenge(request, challenge_id)
    try:
        if answer == "accept":
            match = challenges.challenge_accept(user=user, challenge_id=challenge_id)
            return redirect("games:match", match_id=match.pk)
        if answer == "decline":
            challenges.challenge_decline(
                user=user,
                challenge_id=challenge_id,
                reason=request.POST.get("reason"),
                text=request.POST.get("text"),
            )
            messages.info(request, "Challenge declined.")
        else:
            challenges.challenge_cancel(user=user, challenge_id=challenge_id)
            messages.info(request, "Challenge withdrawn.")
    except SocialError as error:
        messages.error(request, error.message)
    return redirect("social:challenge", challenge_id=challenge_id)
