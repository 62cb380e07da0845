"""A sealed duplicate round as a person meets it (issue 25, item 1): while one table of the
round still plays, a visitor finds the finished table "sealed" on the tournament's page, and
its table and review closed; once the round's last table ends, the review link appears and
opens. The round is set up and settled through the live database (a shell on the real server's
database), and the server's own worker records the results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Player, create_live_users
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("seal_p1", "seal_p2", "seal_p3", "seal_p4")

START = """
from django.contrib.auth import get_user_model
from tournaments.services.lifecycle import tournament_create, tournament_join
users = [get_user_model().objects.get(username=name) for name in {names!r}]
cup = tournament_create(creator=users[0], name="Sealed cup", kind="swiss", variant="five",
                        match_target=1, rounds=1, duplicate=True, capacity=4)
for user in users:
    tournament_join(tournament_id=cup.pk, user=user)
answer = cup.pk
"""

TABLES = """
from tournaments.models import Pairing
tables = Pairing.objects.filter(round__tournament_id={cup}).order_by("table")
answer = [[p.match_id, p.second.user.username, p.finished] for p in tables]
"""

RESIGN = """
from django.contrib.auth import get_user_model
from games.services import match_resign
match_resign(match_id={match}, user=get_user_model().objects.get(username={user!r}))
"""


@pytest.fixture
def shell(live_database) -> Callable[[str], Any]:
    """Runs code (which sets ``answer``) on the live database in the session's Django process
    for it (tests/support/live_shell.py); returns the answer."""
    return on_live_database(live_database.url).ask


def tables_of(shell, cup: int, *, wait_for=None) -> list:
    """The cup's tables once paired (and once ``wait_for(tables)`` holds)."""

    def there() -> list:
        tables = shell(TABLES.format(cup=cup))
        return tables if tables and (wait_for is None or wait_for(tables)) else []

    return wait_until(there, timeout=30, message="the tables to get there", every=0.2)


def test_a_visitor_meets_a_sealed_round_and_it_opens_when_the_round_ends(
    site_server, live_database, new_page, shell
):
    create_live_users(live_database.url, *NAMES)
    cup = shell(START.format(names=list(NAMES)))
    (fast, fast_loser, _), (slow, slow_loser, _) = tables_of(shell, cup)
    shell(RESIGN.format(match=fast, user=fast_loser))
    tables_of(shell, cup, wait_for=lambda tables: tables[0][2])

    page = new_page()  # a visitor, not signed in
    page.goto(f"{site_server.url}/tournaments/{cup}/")
    round_one = page.locator("[data-testid=round-1]")
    assert "sealed" in round_one.inner_text()
    assert round_one.locator(f'a[href="/matches/{fast}/review/"]').count() == 0
    save_screenshot(page, "tournament-sealed-round")
    # Following a table's address anyway (requests in the visitor's own browser context, so
    # the refusals are not console errors): the table is sealed, its review absent.
    answer = page.request.get(f"{site_server.url}/matches/{fast}/")
    assert answer.status == 403 and "This table is sealed" in answer.text()
    assert page.request.get(f"{site_server.url}/matches/{slow}/").status == 403
    assert page.request.get(f"{site_server.url}/matches/{fast}/review/").status == 404
    assert page.request.get(f"{site_server.url}/matches/{fast}/review/export.json").status == 404

    # A player of the slower table, signed in, finds the same.
    player = Player(slow_loser, new_page(), site_server.url)
    player.log_in("/tournaments/")
    mine = player.page.request
    assert mine.get(f"{site_server.url}/matches/{fast}/review/").status == 404
    assert mine.get(f"{site_server.url}/matches/{fast}/log.json").status == 403
    assert mine.get(f"{site_server.url}/matches/{slow}/log.json").status == 200  # their own

    # The slower table ends: the round is over and every route opens.
    shell(RESIGN.format(match=slow, user=slow_loser))
    tables_of(shell, cup, wait_for=lambda tables: all(t[2] for t in tables))
    page.goto(f"{site_server.url}/tournaments/{cup}/")
    page.click(f'[data-testid=round-1] a[href="/matches/{fast}/review/"]')
    page.wait_for_url(f"**/matches/{fast}/review/")
    assert page.request.get(f"{site_server.url}/matches/{fast}/review/export.json").status == 200
    assert page.request.get(f"{site_server.url}/matches/{fast}/").status == 200
