"""People with e-mail addresses for the notification tests, notice makers, and a real SMTP
server (tests/support/smtp.py)."""

from __future__ import annotations

import pytest

from kernel.notices import Notice
from tests.support.people import make_user
from tests.support.smtp import smtp_inbox  # noqa: F401 - the real SMTP server's fixture


@pytest.fixture
def dora(db):
    """A member with an e-mail address, who opts in to mail in the tests that need it."""
    user = make_user("dora")
    user.email = "dora@example.test"
    user.save(update_fields=["email"])
    return user


def challenge(recipient, *, key: str = "challenge:1", actor=None, url: str = "/lobby/") -> Notice:
    return Notice(
        recipient_id=recipient.pk,
        kind="challenge",
        text="bob challenges you to a match",
        url=url,
        key=key,
        actor_id=actor.pk if actor is not None else None,
    )


def your_turn(recipient, *, match_url: str, key: str) -> Notice:
    return Notice(
        recipient_id=recipient.pk, kind="your_turn", text="Your turn", url=match_url, key=key
    )
