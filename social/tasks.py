"""The social app's durable tasks, run by the site worker (``manage.py run_worker``)."""

from __future__ import annotations

from django_tasks import task


@task()
def challenge_expire(*, challenge_id: int) -> bool:
    """Expire a challenge left unanswered past its time (idempotent: see the service)."""
    from social.services.challenges import challenge_expire_due

    return challenge_expire_due(challenge_id=challenge_id)
