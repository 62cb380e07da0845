"""Account pages: guests, sign-up (and guest upgrade), login with a rate limit, preferences.
Each view parses, calls a service, and renders; no rules live here. A player's public profile
shows their matches, so it is composed where match data may be read (games.views.player_profile)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import AccountDetailsForm, PreferencesForm, RateLimitedLoginForm
from accounts.guests import BACKEND, guest_sign_in, safe_next
from accounts.mail_and_signup_limits import (
    first_refusal,
    password_reset_throttles,
    signup_throttle,
    too_many_page,
)
from kernel.addresses import client_address
from kernel.error_renderings import json_errors


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
                assert user.is_authenticated, "a guest is signed in"
                account = services.guest_upgrade(user=user, **details)
                update_session_auth_hash(request, account)
                messages.success(
                    request, "Welcome! Your account keeps all the games you played as a guest."
                )
            else:
                address = client_address(request)
                refused = first_refusal([(signup_throttle(), address)])
                if refused is not None:
                    return too_many_page(
                        request,
                        title="Too many sign-ups",
                        message="Too many accounts were made from your network lately.",
                        throttle=refused[0],
                        key=refused[1],
                    )
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


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, sending at most a few mails per address and per e-mail address.

    Refused requests get a 429 page whether or not an account has the e-mail, so the limit tells
    nobody who has an account.
    """

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().lower()
        per_address, per_email = password_reset_throttles()
        refused = first_refusal([(per_address, client_address(self.request)), (per_email, email)])
        if refused is not None:
            return too_many_page(
                self.request,
                title="Too many reset requests",
                message="Too many password-reset mails were asked for lately.",
                throttle=refused[0],
                key=refused[1],
            )
        return super().form_valid(form)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    assert request.user.is_authenticated, "login_required"
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


@require_http_methods(["POST"])
@json_errors
def card_order_save(request: HttpRequest) -> HttpResponse:
    """The card order chosen at the table, saved to a member's profile (the page posts it when
    the order changes); guests and visitors keep theirs in the browser, so they are refused."""
    user = request.user
    if not user.is_authenticated or services.profile_for(user).is_guest:
        raise services.AccountError(
            "members_only", "Only a member's card order is saved to the account.", status=403
        )
    profile = services.preferences_update(user=user, card_order=request.POST.get("card_order"))
    return JsonResponse({"card_order": profile.card_order})


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("player_profile", username=request.user.get_username())
