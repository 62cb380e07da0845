"""``manage.py ratings_recompute``: rebuild every rating and statistic from the match logs.

For a change to how statistics are counted, a lost table, or a new leaderboard limit
(``listed_until`` depends on it). The numbers equal what the hook counted match by match.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from ratings.services import ratings_recompute


class Command(BaseCommand):
    help = "Rebuild ratings and statistics from every finished match's event log."

    def handle(self, *args, **options) -> None:
        counted = ratings_recompute()
        self.stdout.write(f"counted {counted} finished matches")
