"""The lobby's durable tasks, run by the worker (``manage.py run_worker``)."""

from __future__ import annotations

from django_tasks import task


@task()
def seeks_expire(*, creator_id: int) -> list[int]:
    """Close the open seeks of a creator still gone after the grace period (idempotent: a seek
    already closed, or a creator who came back, is left alone). Returns the closed seeks' ids."""
    from lobby.services.seeks import seeks_expire_absent

    return seeks_expire_absent(creator_id=creator_id)
