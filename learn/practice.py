"""Counting practice: deal a hand as a signed ticket, mark the answer, keep an account's progress.

The dealt hand travels to the page and back in a signed ticket (django.core.signing), so the
server keeps nothing for a deal nobody answers, and nobody can mark a hand they were not dealt.
The ticket's nonce makes an answer count once: a second answer to the same deal is refused.
The hand is no secret (the player counts it in the open); what is checked on the server is the
count, and the progress only the server writes.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction

from accounts.throttle import Throttle
from games.engine.cards import parse_card, parse_cards
from learn.counting import KINDS, LEVELS, Count, Marking, count_hand, practice_deal
from learn.errors import LearnError
from learn.models import CountingAttempt, CountingProgress

TICKET_SALT = "learn.practice"
TICKET_MAX_AGE = 24 * 60 * 60
"""A dealt hand may be answered for a day."""
RIGHT_TO_LEVEL_UP = 3
"""Right answers in a row at a level that deal the next level's hands."""
MAX_KIND_POINTS = 24
"""More than any kind can score in one count (fifteens top out at 16): a bound for answers."""
ANSWERS_PER_MINUTE = 30


def answer_throttle() -> Throttle:
    return Throttle("learn-practice", ANSWERS_PER_MINUTE, 60)


def level_of(user: Any) -> int:
    """The practice level for ``user``: the account's, or 1 for a visitor without one."""
    if user is None or not user.is_authenticated:
        return 1
    progress = CountingProgress.objects.filter(user=user).first()
    return progress.level if progress else 1


def practice_ticket(*, level: int, rng: random.Random | None = None) -> tuple[Count, str]:
    """Deal a practice hand of ``level`` and sign it into a ticket for the answer form."""
    count = practice_deal(level, rng or random.Random(secrets.randbits(64)))
    ticket = signing.dumps(
        {
            "hand": " ".join(str(card) for card in count.hand),
            "starter": str(count.starter),
            "crib": count.crib,
            "level": level,
            "nonce": secrets.token_hex(16),
        },
        salt=TICKET_SALT,
    )
    return count, ticket


def ticket_read(ticket: object) -> tuple[Count, dict[str, Any]]:
    """The count and the fields of a signed ticket; :class:`LearnError` for a forged or old one."""
    if not isinstance(ticket, str) or len(ticket) > 400:
        raise LearnError("bad_ticket", "That practice hand is not one this site dealt.")
    try:
        data = signing.loads(ticket, salt=TICKET_SALT, max_age=TICKET_MAX_AGE)
    except signing.SignatureExpired as error:
        raise LearnError(
            "old_ticket", "That practice hand is too old: here is a new one."
        ) from error
    except signing.BadSignature as error:
        raise LearnError("bad_ticket", "That practice hand is not one this site dealt.") from error
    hand = parse_cards(data["hand"])
    return count_hand(hand, parse_card(data["starter"]), crib=bool(data["crib"])), data


def answer_read(raw: Mapping[str, object]) -> dict[str, int]:
    """The points the player gave for each kind, from the form; blanks count as 0."""
    answered = {}
    for kind in KINDS:
        value = raw.get(kind, "")
        text = str(value).strip() if value is not None else ""
        if text == "":
            answered[kind] = 0
            continue
        if not text.isdigit() or int(text) > MAX_KIND_POINTS:
            raise LearnError(
                "bad_answer",
                f"Give the points for each kind as a whole number from 0 to {MAX_KIND_POINTS}.",
            )
        answered[kind] = int(text)
    return answered


def practice_answer(
    *, user: Any, ticket: object, answer: Mapping[str, object], key: str
) -> Marking:
    """Mark an answer to a dealt hand; for an account, record it once and move its progress.

    ``key`` names the answerer for the rate limit (the account, or the address of a visitor).
    Raises :class:`LearnError` for a forged or old ticket, a malformed answer, a second answer
    to the same deal (``already_answered``, 409), or too many answers a minute (429).
    """
    count, data = ticket_read(ticket)
    answered = answer_read(answer)
    if not answer_throttle().hit(key):
        raise LearnError("rate_limited", "That is a lot of answers: wait a minute.", status=429)
    marking = Marking(count, answered)
    if user is None or not user.is_authenticated:
        return marking
    try:
        with transaction.atomic():
            CountingAttempt.objects.create(
                user=user,
                nonce=str(data["nonce"])[:32],
                hand=" ".join(str(card) for card in count.hand),
                starter=str(count.starter),
                crib=count.crib,
                level=int(data["level"]),
                answered=answered,
                total=count.total,
                correct=marking.correct,
            )
            progress_record(user=user, marking=marking)
    except IntegrityError as error:
        raise LearnError(
            "already_answered",
            "You have answered that hand already: here is a new one.",
            status=409,
        ) from error
    return marking


def progress_record(*, user: Any, marking: Marking) -> CountingProgress:
    """Move ``user``'s progress by one answer (inside the caller's transaction, row locked)."""
    CountingProgress.objects.get_or_create(user=user)
    progress = CountingProgress.objects.select_for_update().get(user=user)
    progress.attempts += 1
    if marking.correct:
        progress.correct += 1
        progress.streak += 1
        progress.best_streak = max(progress.best_streak, progress.streak)
        progress.right_at_level += 1
        if progress.right_at_level >= RIGHT_TO_LEVEL_UP and progress.level < LEVELS:
            progress.level += 1
            progress.right_at_level = 0
    else:
        progress.streak = 0
        progress.right_at_level = 0
        progress.level = max(1, progress.level - 1)
    for field, kinds in (("missed", marking.missed()), ("over", marking.over())):
        tally = dict(getattr(progress, field))
        for kind in kinds:
            tally[kind] = tally.get(kind, 0) + 1
        setattr(progress, field, tally)
    progress.save()
    return progress
