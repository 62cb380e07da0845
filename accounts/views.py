"""Account pages: guests, sign-up (and guest upgrade), login with a rate limit, preferences,
profiles. Each view parses, calls a service or selector, and renders; no rules live here."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts import selectors, services
from accounts.forms import AccountDetailsForm, PreferencesForm, RateLimitedLoginForm
from accounts.throttle import Throttle
from cribbage_site.addresses import client_address

BACKEND = "django.contrib.auth.backends.ModelBackend"


def safe_next(request: HttpRequest, fallback: str = "/") -> str:
    """The ``next`` target if it points at this site, else ``fallback`` (no open redirects)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def guest_throttle() -> Throttle:
    """New guests per client address: each is a user row, so a script must not make thousands.

    Generous (50 per 10 minutes by default) because a classroom or an office shares one
    address; settings ``GUEST_CREATIONS_PER_ADDRESS`` and ``GUEST_CREATION_WINDOW_SECONDS``.
    """
    return Throttle(
        "guest-address",
        getattr(settings, "GUEST_CREATIONS_PER_ADDRESS", 50),
        getattr(settings, "GUEST_CREATION_WINDOW_SECONDS", 600),
    )


def guest_sign_in(request: HttpRequest) -> HttpResponse | None:
    """Make the visitor a guest and log them in; or, if their address has made too many guests
    lately, the 429 page to return instead (nothing is created then)."""
    address = client_address(request)
    throttle = guest_throttle()
    if not throttle.hit(address):
        minutes = max(1, round(throttle.retry_after(address) / 60))
        response = render(
            request,
            "accounts/guest_throttled.html",
            {"minutes": minutes, "next": safe_next(request)},
            status=429,
        )
        response["Retry-After"] = str(throttle.retry_after(address))
        return response
    user = services.guest_create()
    login(request, user, backend=BACKEND)
    return None


@require_http_methods(["GET", "POST"])
def guest_start(request: HttpRequest) -> HttpResponse:
    """ "Play as guest": one POST logs in a fresh guest and goes on to ``next``.

    GET shows the one-button page (for links that land here); only POST creates anything, so a
    crawler or a prefetch never makes guests.
    """
    next_url = safe_next(request)
    if request.method == "GET":
        return render(request, "accounts/guest.html", {"next": next_url})
    if not request.user.is_authenticated:
        refused = guest_sign_in(request)
        if refused is not None:
            return refused
        messages.info(
            request,
            f"You are playing as {request.user.get_username()}. Sign up any time to keep your games.",
        )
    return HttpResponseRedirect(next_url)


class LoginView(auth_views.LoginView):
    """Django's login, with the rate-limited form and a 429 status once throttled."""

    form_class = RateLimitedLoginForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429
        return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account, or for a signed-in guest, upgrade that same account in place."""
    user = request.user
    is_guest = user.is_authenticated and services.profile_for(user).is_guest
    if user.is_authenticated and not is_guest:
        return redirect("player_profile", username=user.get_username())
    form = AccountDetailsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        details = {
            "username": form.cleaned_data["username"],
            "password": form.cleaned_data["password1"],
            "email": form.cleaned_data["email"],
        }
        try:
            if is_guest:
                account = services.guest_upgrade(user=user, **details)
                update_session_auth_hash(request, account)
                messages.success(
                    request, "Welcome! Your account keeps all the games you played as a guest."
                )
            else:
                account = services.member_create(**details)
                login(request, account, backend=BACKEND)
                messages.success(request, "Welcome! Your account is ready.")
        except services.AccountError as error:
            form.add_error(None, str(error))
        else:
            return HttpResponseRedirect(safe_next(request))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "is_guest": is_guest, "next": safe_next(request, "")},
    )


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: member since, record by variant, recent matches."""
    player = get_object_or_404(get_user_model(), username=username)
    context = {
        "player": player,
        "player_profile": services.profile_for(player),
        "record": selectors.match_record(user=player),
        "recent_matches": selectors.recent_matches(user=player, limit=20),
        "is_self": request.user.is_authenticated and request.user.pk == player.pk,
    }
    return render(request, "accounts/profile.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    profile_row = services.profile_for(request.user)
    form = PreferencesForm(request.POST or None, instance=profile_row)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in services.PREFERENCE_FIELDS}
        try:
            services.preferences_update(user=request.user, **changes)
        except services.AccountError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Preferences saved.")
            return redirect("preferences")
    return render(request, "accounts/preferences.html", {"form": form})


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("player_profile", username=request.user.get_username())
