"""A task run twice acts once (issue 24, item 3): what the lease's re-run relies on.

A task given back after its worker died may already have done its work (the worker was killed
after the commit, before it recorded the result). Each kind is proved safe twice where it is
tested: the bot's turn (tests/server/test_bot_turns.py), the abandonment check
(tests/server/test_abandonment.py), the match-finished hook
(tests/server/test_match_finished_hook.py), the review's analysis
(tests/review/test_stored_analysis.py), housekeeping (tests/server/test_housekeeping.py), a
challenge's expiry (tests/social/test_challenges.py), the notification mail and digest
(tests/notifications/test_mail.py); the seek's expiry here. The list below must name every task
of the site, so a new one is noticed.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from lobby import services as lobby_services
from lobby.models import Seek
from lobby.tasks import seeks_expire

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}

PROVED_SAFE_TWICE = {
    "games.tasks.bot_turn": "tests/server/test_bot_turns.py",
    "games.tasks.abandonment_check": "tests/server/test_abandonment.py",
    "games.tasks.clock_check": "tests/server/test_clocks.py",
    "games.tasks.match_finished_announce": "tests/server/test_match_finished_hook.py",
    "review.tasks.match_analyse": "tests/review/test_stored_analysis.py",
    "cribbage_site.tasks.housekeeping_run": "tests/server/test_housekeeping.py",
    "lobby.tasks.seeks_expire": "tests/server/test_tasks_run_twice.py",
    "social.tasks.challenge_expire": "tests/social/test_challenges.py",
    "tournaments.tasks.tournament_start": "tests/tournaments/test_tasks_run_twice.py",
    "tournaments.tasks.tournament_remind": "tests/notifications/test_published_here.py",
    "notifications.tasks.notification_mail": "tests/notifications/test_mail.py",
    "notifications.tasks.digests_send": "tests/notifications/test_mail.py",
    "tournaments.tasks.tournament_round_next": "tests/tournaments/test_tasks_run_twice.py",
    "tournaments.tasks.tournament_no_show_check": "tests/tournaments/test_tasks_run_twice.py",
    "tournaments.tasks.tournament_round_clock": "tests/tournaments/test_tasks_run_twice.py",
}


def every_task_path() -> set[str]:
    from importlib import import_module

    from django_tasks_db.compat import Task

    paths = set()
    for module_name in (
        "games.tasks",
        "lobby.tasks",
        "review.tasks",
        "social.tasks",
        "tournaments.tasks",
        "notifications.tasks",
    ):
        module = import_module(module_name)
        for name, value in vars(module).items():
            if isinstance(value, Task):
                paths.add(f"{module_name}.{name}")
    paths.add("cribbage_site.tasks.housekeeping_run")
    return paths


def test_every_task_of_the_site_is_listed():
    assert every_task_path() == set(PROVED_SAFE_TWICE)


def test_a_seek_expiry_run_twice_closes_the_seek_once(settings):
    settings.SEEK_CREATOR_GRACE_SECONDS = 0
    alice = User.objects.create_user(username="alice")
    seek = lobby_services.seek_create(creator=alice, options=OPTIONS)
    # Alice never opened the lobby: she is gone, and her seek with her.
    assert seeks_expire.call(creator_id=alice.pk) == [seek.pk]
    assert seeks_expire.call(creator_id=alice.pk) == []
    seek.refresh_from_db()
    assert seek.status == Seek.Status.EXPIRED
