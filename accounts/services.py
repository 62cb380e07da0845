"""Writes for accounts: guests, sign-up, guest upgrade, preferences (HackSoft-style services).

Views stay thin and call these; each function does one thing a person asked for and either
succeeds completely or raises ``AccountError`` having changed nothing.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from accounts.models import Profile
from kernel import match_options
from kernel.errors import SiteError

GUEST_PREFIX = "Guest-"


class AccountError(SiteError, ValueError):
    """A request about an account that cannot be carried out: a code, and a message for the person.

    Still a ``ValueError`` too, as it always was, for callers that catch that.
    """


def profile_for(user: User) -> Profile:
    """The user's profile, created with defaults the first time it is needed.

    Created lazily rather than by a post_save signal so users made anywhere (admin, tests,
    other apps) get one without hidden side effects at creation time.
    """
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _ = Profile.objects.get_or_create(user=user)
        return profile


def is_reserved_username(username: str) -> bool:
    """Names that look like generated guest names are kept for guests, so nobody impersonates one."""
    return username.lower().startswith(GUEST_PREFIX.lower())


def guest_create() -> User:
    """Make a new guest player with a generated name and no usable password.

    The guest lives as long as the browser session that logs it in; upgrading later keeps the
    row (and so the matches).
    """
    user_model = get_user_model()
    for _ in range(10):
        username = f"{GUEST_PREFIX}{secrets.token_hex(3)}"
        try:
            with transaction.atomic():
                user = user_model(username=username)
                user.set_unusable_password()
                user.save()
                Profile.objects.create(user=user, is_guest=True)
                return user
        except IntegrityError:
            continue  # a name clash among 16 million names: draw another
    raise AccountError("no_guest_name", "Could not find a free guest name; please try again.")


@transaction.atomic
def guest_upgrade(*, user: User, username: str, password: str, email: str = "") -> User:
    """Turn a guest into a member in place: same row, so matches and history stay theirs.

    The caller validates the password against the validators first (the form does); this checks
    the facts only the database knows.
    """
    user_model = get_user_model()
    locked = user_model.objects.select_for_update().get(pk=user.pk)
    profile = profile_for(locked)
    if not profile.is_guest:
        raise AccountError("already_a_member", "This account is already a full account.")
    if is_reserved_username(username):
        raise AccountError(
            "name_reserved", f"Names starting with {GUEST_PREFIX!r} are kept for guests."
        )
    if user_model.objects.filter(username__iexact=username).exclude(pk=locked.pk).exists():
        raise AccountError("name_taken", "That name is taken.")
    locked.username = username
    locked.email = email
    locked.set_password(password)
    locked.save()
    profile.is_guest = False
    profile.save(update_fields=["is_guest"])
    return locked


def member_create(*, username: str, password: str, email: str = "") -> User:
    """Create a full account (not a guest) with its profile."""
    user_model = get_user_model()
    if is_reserved_username(username):
        raise AccountError(
            "name_reserved", f"Names starting with {GUEST_PREFIX!r} are kept for guests."
        )
    with transaction.atomic():
        if user_model.objects.filter(username__iexact=username).exists():
            raise AccountError("name_taken", "That name is taken.")
        user = user_model.objects.create_user(username=username, email=email, password=password)
        Profile.objects.create(user=user, is_guest=False)
    return user


PREFERENCE_FIELDS = (
    "card_order",
    "sound_on",
    "default_variant",
    "default_scoring",
    "default_muggins",
    "default_match_target",
)


def preferences_update(*, user: User, **changes: object) -> Profile:
    """Save preferences; unknown names or invalid values raise AccountError and save nothing."""
    unknown = set(changes) - set(PREFERENCE_FIELDS)
    if unknown:
        raise AccountError(
            "unknown_preference", f"Unknown preference(s): {', '.join(sorted(unknown))}"
        )
    profile = profile_for(user)
    candidate = Profile(pk=profile.pk, user=profile.user, is_guest=profile.is_guest)
    for field in PREFERENCE_FIELDS:
        setattr(candidate, field, changes.get(field, getattr(profile, field)))
    _check_default_options(candidate)
    for field in PREFERENCE_FIELDS:
        setattr(profile, field, getattr(candidate, field))
    profile.save(update_fields=list(PREFERENCE_FIELDS))
    return profile


def _check_default_options(profile: Profile) -> None:
    from django.core.exceptions import ValidationError

    try:
        profile.full_clean(exclude=["user"], validate_unique=False)
    except ValidationError as error:
        raise AccountError("bad_preference", "; ".join(error.messages)) from error
    try:
        match_options.options_check(profile.default_options())
    except ValueError as error:
        raise AccountError("bad_preference", str(error)) from error


def guests_purge(*, older_than_days: int = 30) -> int:
    """Delete guests who never sat at a table and have not been seen for ``older_than_days``.

    Each "Play as guest" click makes a user row; most are used once. Guests who played keep
    their row, so their opponents' histories keep a name.
    """
    from datetime import timedelta

    from django.db.models import Q
    from django.utils import timezone

    cutoff = timezone.now() - timedelta(days=older_than_days)
    stale = (
        get_user_model()
        .objects.filter(profile__is_guest=True, date_joined__lt=cutoff, match_seats__isnull=True)
        .filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
    )
    user_model = get_user_model()
    doomed = list(stale.values_list("pk", flat=True))
    _, per_model = user_model.objects.filter(pk__in=doomed).delete()
    return per_model.get(user_model._meta.label, 0)
