"""``manage.py purge_guests [--days N]``: remove guests who never played (run it daily from cron)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from accounts.services import guests_purge


class Command(BaseCommand):
    help = "Delete guest users who never sat at a table and have not been seen for N days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30, help="Age in days (default 30).")

    def handle(self, *args, days: int, **options) -> None:
        if days < 1:
            raise ValueError("--days must be at least 1")
        deleted = guests_purge(older_than_days=days)
        self.stdout.write(f"Deleted {deleted} guest(s).")
