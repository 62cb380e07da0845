"""The site's own durable task: housekeeping (cribbage_site/housekeeping.py)."""

from __future__ import annotations

from django_tasks import task


@task()
def housekeeping_run() -> dict[str, int]:
    """Run the periodic jobs, then queue the next run (safe to run twice: deletes by age)."""
    from django.conf import settings

    from cribbage_site.housekeeping import housekeeping_jobs_run, housekeeping_schedule

    removed = housekeeping_jobs_run()
    housekeeping_schedule(delay_seconds=settings.HOUSEKEEPING_EVERY_SECONDS)
    return removed
