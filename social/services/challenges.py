"""Direct challenges: one person offers another a two-player match with every option chosen.

The challenged person is told at once through a ``challenge`` notice (kernel/notices.py: the
notifications app shows it live wherever they are); the challenge's own page is kept live over
``/ws/challenges/<id>/`` (social/consumers.py), so the challenger sees the answer the moment
it is given. Accepting makes the match (games' ``match_create`` and ``match_join``: the rated
rules, a clock for a rated match and no guests in one, are games' own); declining keeps a
reason; a durable task expires an unanswered challenge (social/tasks.py).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.throttle import Throttle
from games.engine.options import TOURNAMENT_CLOCK, MatchOptions, TimeControl
from games.models import Match
from games.services import ServiceError, match_create, match_join
from kernel import match_options
from kernel.errors import SiteError
from kernel.notices import Notice, publish
from kernel.text import text_line_clean
from social import conf, tasks
from social.broadcast import challenge_changed_send
from social.errors import SocialError
from social.models import Challenge
from social.selectors import are_friends, blocked_either_way, is_guest, settings_for
from social.services.people import member_required

NOT_TAKING = "This player is not taking challenges."
DECLINE_TEXT_LIMIT = 200


def challenge_throttle() -> Throttle:
    return Throttle("challenge", conf.challenges_per_window(), conf.challenge_window_seconds())


def challenge_url(challenge: Challenge) -> str:
    return reverse("social:challenge", args=[challenge.pk])


def challenge_state(challenge: Challenge) -> dict[str, Any]:
    """The challenge as its page shows it (the ``challenge`` frame of /ws/challenges/<id>/)."""
    return {
        "type": "challenge",
        "id": challenge.pk,
        "status": challenge.status,
        "match_url": f"/matches/{challenge.match_id}/" if challenge.match_id else None,
        "reason": challenge.get_decline_reason_display() if challenge.decline_reason else "",
        "text": challenge.decline_text,
        "expires_at": challenge.expires_at.isoformat(),
    }


def _checked(
    options: dict[str, Any] | None, rated: bool, clock: TimeControl | None
) -> tuple[dict[str, Any], TimeControl]:
    options = dict(options or {})
    if options.get("players", 2) != 2:
        raise SocialError(
            "two_players_only",
            "A challenge is for two players; invite three or four with a link from New match.",
        )
    options.pop("deal", None)
    options["players"] = 2
    try:
        options = MatchOptions.from_dict(options).to_dict()  # the defaults filled in
    except ValueError as error:
        raise SocialError("bad_options", str(error)) from error
    control = clock or (TOURNAMENT_CLOCK if rated else TimeControl())
    if rated and not control.timed:
        raise SocialError("rated_needs_clock", "A rated match has a clock: choose a time control.")
    return options, control


@transaction.atomic
def challenge_create(
    *,
    challenger: object,
    challenged: User,
    options: dict[str, Any] | None,
    rated: bool = False,
    clock: TimeControl | None = None,
) -> Challenge:
    """Offer ``challenged`` a match; refused to oneself, to guests, across a block (in neutral
    words), to someone who takes challenges from friends only, and past the rate limits."""
    user = member_required(challenger)
    if challenged.pk == user.pk:
        raise SocialError("own_challenge", "You cannot challenge yourself.")
    if is_guest(challenged):
        raise SocialError(
            "guest_challenged", "Guests cannot be challenged; play them from the lobby."
        )
    if blocked_either_way(user.pk, challenged.pk):
        raise SocialError("not_taking_challenges", NOT_TAKING)
    if settings_for(user_id=challenged.pk).challenges_friends_only and not are_friends(
        user.pk, challenged.pk
    ):
        raise SocialError(
            "friends_only", f"{challenged.get_username()} takes challenges from friends only."
        )
    clean, control = _checked(options, rated, clock)
    open_count = Challenge.objects.filter(
        challenger=user, status=Challenge.Status.OPEN, expires_at__gt=timezone.now()
    ).count()
    if open_count >= conf.open_challenges_max():
        raise SocialError(
            "too_many_challenges", "You have too many open challenges; wait for answers first."
        )
    if not challenge_throttle().hit(str(user.pk)):
        raise SocialError(
            "rate_limited", "You have sent many challenges lately; try again later.", status=429
        )
    expires_at = timezone.now() + timedelta(seconds=conf.challenge_expiry_seconds(control.kind))
    challenge = Challenge.objects.create(
        challenger=user,
        challenged=challenged,
        variant=clean["variant"],
        scoring=clean["scoring"],
        muggins=clean["muggins"],
        match_target=clean["match_target"],
        rated=rated,
        expires_at=expires_at,
        **match_options.clock_model_values(control),
    )
    tasks.challenge_expire.using(run_after=expires_at).enqueue(challenge_id=challenge.pk)
    publish(
        Notice(
            recipient_id=challenged.pk,
            kind="challenge",
            text=f"{user.get_username()} challenges you to a match.",
            url=challenge_url(challenge),
            key=f"challenge-{challenge.pk}",
            actor_id=user.pk,
        )
    )
    return challenge


def _locked(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise SocialError("challenge_not_found", "There is no such challenge.", status=404)
    return challenge


def challenge_past_due(challenge: Challenge) -> bool:
    """Past its time though the expiry task has not run yet (a worker's poll away)."""
    return challenge.expires_at <= timezone.now()


def _still_open(challenge: Challenge) -> None:
    if challenge.status == Challenge.Status.ACCEPTED:
        raise SocialError("challenge_accepted", "This challenge was already accepted.", status=409)
    if challenge.status != Challenge.Status.OPEN:
        raise SocialError(
            f"challenge_{challenge.status}", f"This challenge is {challenge.status}.", status=409
        )
    if challenge_past_due(challenge):
        raise SocialError("challenge_expired", "This challenge is expired.", status=409)


def _answered(challenge: Challenge, status: str, *, text: str, url: str) -> None:
    challenge.status = status
    challenge.answered_at = timezone.now()
    challenge.save()
    challenge_changed_send(challenge.pk, challenge_state(challenge))
    publish(
        Notice(
            recipient_id=challenge.challenger_id,
            kind="challenge_answered",
            text=text,
            url=url,
            key=f"challenge-answered-{challenge.pk}",
            actor_id=challenge.challenged_id,
        )
    )


@transaction.atomic
def challenge_accept(*, user: object, challenge_id: int) -> Match:
    """Make the match with the challenge's options, both players seated, and send both there."""
    member = member_required(user)
    challenge = _locked(challenge_id)
    if challenge.challenged_id != member.pk:
        raise SocialError(
            "not_yours", "Only the challenged player can accept a challenge.", status=403
        )
    _still_open(challenge)
    if blocked_either_way(challenge.challenger_id, member.pk):
        raise SocialError("not_taking_challenges", NOT_TAKING)
    try:
        match = match_create(
            creator=challenge.challenger,
            options=challenge.options_dict(),
            rated=challenge.rated,
            clock=challenge.time_control,
        )
        match = match_join(match=match, user=member)
    except ServiceError as error:
        raise SocialError(error.code, error.message) from error
    challenge.match = match
    _answered(
        challenge,
        Challenge.Status.ACCEPTED,
        text=f"{member.get_username()} accepted your challenge: the match is on.",
        url=f"/matches/{match.pk}/",
    )
    return match


def decline_reason_checked(reason: object, text: object) -> tuple[str, str]:
    """A reason from the short list and the optional free text, cleaned like a chat line."""
    if reason in (None, ""):
        reason = Challenge.Reason.NO_REASON
    if reason not in Challenge.Reason.values:
        raise SocialError("bad_reason", "Pick a reason from the list.")
    if text in (None, ""):
        return str(reason), ""
    try:
        clean = text_line_clean(text, limit=DECLINE_TEXT_LIMIT, what="A reason")
    except SiteError as error:
        raise SocialError(error.code, error.message) from error
    return str(reason), clean


@transaction.atomic
def challenge_decline(
    *, user: object, challenge_id: int, reason: object = None, text: object = None
) -> Challenge:
    member = member_required(user)
    reason, clean = decline_reason_checked(reason, text)
    challenge = _locked(challenge_id)
    if challenge.challenged_id != member.pk:
        raise SocialError(
            "not_yours", "Only the challenged player can decline a challenge.", status=403
        )
    _still_open(challenge)
    challenge.decline_reason = reason
    challenge.decline_text = clean
    said = challenge.get_decline_reason_display()
    _answered(
        challenge,
        Challenge.Status.DECLINED,
        text=f"{member.get_username()} declined your challenge: {said}{f' ({clean})' if clean else ''}.",
        url=challenge_url(challenge),
    )
    return challenge


@transaction.atomic
def challenge_cancel(*, user: object, challenge_id: int) -> Challenge:
    member = member_required(user)
    challenge = _locked(challenge_id)
    if challenge.challenger_id != member.pk:
        raise SocialError("not_yours", "Only the challenger can withdraw a challenge.", status=403)
    _still_open(challenge)
    challenge.status = Challenge.Status.CANCELLED
    challenge.answered_at = timezone.now()
    challenge.save(update_fields=["status", "answered_at"])
    challenge_changed_send(challenge.pk, challenge_state(challenge))
    return challenge


@transaction.atomic
def challenge_expire_due(*, challenge_id: int) -> bool:
    """The expiry task's work: an open challenge past its time is expired and the challenger
    told. Safe twice: a challenge already answered, expired or not yet due is left alone."""
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None or challenge.status != Challenge.Status.OPEN:
        return False
    if challenge.expires_at > timezone.now():
        return False
    _answered(
        challenge,
        Challenge.Status.EXPIRED,
        text=f"Your challenge to {challenge.challenged.get_username()} expired unanswered.",
        url=challenge_url(challenge),
    )
    return True


def challenges_close_between(first_id: int, second_id: int) -> None:
    """Cancel every open challenge between the two (a block ends them); their pages are told."""
    for challenge in Challenge.objects.select_for_update().filter(
        challenger_id__in=(first_id, second_id),
        challenged_id__in=(first_id, second_id),
        status=Challenge.Status.OPEN,
    ):
        challenge.status = Challenge.Status.CANCELLED
        challenge.answered_at = timezone.now()
        challenge.save(update_fields=["status", "answered_at"])
        challenge_changed_send(challenge.pk, challenge_state(challenge))
