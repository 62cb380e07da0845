"""Forms for the account pages; the rules that need the database live in services."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm, UsernameField
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.http import HttpRequest

from accounts.models import Profile
from accounts.services import GUEST_PREFIX, PREFERENCE_FIELDS, is_reserved_username
from accounts.throttle import Throttle
from kernel import match_options
from kernel.addresses import client_address


def login_throttles() -> tuple[Throttle, Throttle]:
    """Failed-login limits per account name and per address (read from settings when set)."""
    window = getattr(settings, "LOGIN_ATTEMPT_WINDOW_SECONDS", 300)
    return (
        Throttle("login-user", getattr(settings, "LOGIN_ATTEMPTS_PER_USER", 5), window),
        Throttle("login-address", getattr(settings, "LOGIN_ATTEMPTS_PER_ADDRESS", 30), window),
    )


class LoginThrottleMixin:
    """Counts each login attempt before its password is checked, and refuses past the limits.

    Attempts are keyed by the lower-cased name and by the client address, so one attacker cannot
    lock a player out from everywhere for long (the window is short) and cannot spray many
    names from one address either. The attempt is counted first, atomically: attempts sent at
    once (in several threads or processes) cannot all pass a check made before the ~0.4 s hash
    and counted after it. A successful login clears its name's count and takes its own attempt
    back from its address's count: the address limit is on failures, and many people may log in
    from one address (a club, a school, a household) without locking each other out.
    """

    throttled_message = "Too many failed attempts. Please wait %(minutes)s minute(s) and try again."
    # What the login form it is mixed into provides.
    data: Mapping[str, Any]
    request: HttpRequest | None

    def _throttle_keys(self) -> list[tuple[Throttle, str]]:
        username = (self.data.get("username") or "").strip().lower()
        address = client_address(self.request) if self.request else ""
        per_user, per_address = login_throttles()
        return [(per_user, username), (per_address, address)]

    def clean(self):
        keys = self._throttle_keys()
        for throttle, key in keys:
            if not throttle.hit(key):
                self.throttled = True
                minutes = max(1, round(throttle.retry_after(key) / 60))
                raise forms.ValidationError(
                    self.throttled_message, code="throttled", params={"minutes": minutes}
                )
        cleaned = super().clean()
        (per_user, name), (per_address, address) = keys
        per_user.reset(name)
        per_address.forget_one(address)
        return cleaned


class RateLimitedLoginForm(LoginThrottleMixin, AuthenticationForm):
    """The site's login form."""


class RateLimitedAdminLoginForm(LoginThrottleMixin, AdminAuthenticationForm):
    """The admin's login form, under the same limits (it had none: a superuser's password
    could be guessed there without end)."""


class AccountDetailsForm(forms.Form):
    """Name, e-mail and password: used both to sign up and to turn a guest into a member."""

    username = UsernameField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="Letters, digits and @ . + - _ only.",
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    email = forms.EmailField(
        required=False,
        help_text="Optional; needed only to reset a forgotten password.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label="Password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label="Password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if is_reserved_username(username):
            raise forms.ValidationError(
                f"Names starting with {GUEST_PREFIX!r} are kept for guests."
            )
        return username

    def clean(self):
        cleaned = super().clean()
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", "The two passwords differ.")
        elif first:
            from django.contrib.auth.models import User

            probe = User(username=cleaned.get("username", ""), email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(first, probe)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class PreferencesForm(forms.ModelForm):
    """Card order, sound, and the match options new matches start from."""

    default_match_target = match_options.match_target_form_field(
        label="Match length (match points to win; 1 = a single game)",
        help_text="",
        widget=forms.NumberInput,
    )

    class Meta:
        model = Profile
        fields = list(PREFERENCE_FIELDS)
        labels = {
            "card_order": "Sort my hand",
            "sound_on": "Sound effects",
            "default_variant": "Game",
            "default_scoring": "Scoring",
            "default_muggins": "Muggins (manual scoring only)",
        }

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("default_muggins") and cleaned.get("default_scoring") != "manual":
            self.add_error("default_muggins", "Muggins needs manual scoring.")
        return cleaned
