"""At the end of a tournament game the table shows the standings and "Next round in …", and
takes the player to their next table when it is paired (issue 26 item 10): two people at one
table of a four-player Swiss, on a laptop and a phone; the other table ends from the server."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Player, create_live_users
from tests.conftest import save_screenshot
from tests.support.live_shell import on_live_database
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
NAMES = ("end_ann", "end_ben", "end_cat", "end_dan")

CREATE = """
from django.contrib.auth import get_user_model
from tournaments.services.lifecycle import tournament_create, tournament_join
User = get_user_model()
people = [User.objects.get(username=name) for name in {names!r}]
cup = tournament_create(creator=people[0], name="Evening cup", kind="swiss", rounds=2,
    round_minutes=30, variant="five", match_target=1, capacity=4)
for person in people:
    tournament_join(tournament_id=cup.pk, user=person)
answer = cup.pk
"""

TABLES = """
from tournaments.models import Pairing
tables = Pairing.objects.filter(round__tournament_id={cup}, round__number={round}, match__isnull=False)
answer = [[p.match_id, p.first.user.username, p.second.user.username, p.finished]
    for p in tables.select_related("first__user", "second__user").order_by("table")]
"""

RESIGN = """
from django.contrib.auth import get_user_model
from games.services import match_resign
match_resign(match_id={match}, user=get_user_model().objects.get(username={name!r}))
"""


@pytest.fixture
def live_shell(live_database) -> Callable[[str], Any]:
    """Runs code (which sets ``answer``) on the live database in the session's Django process
    for it (tests/support/live_shell.py); returns the answer."""
    return on_live_database(live_database.url).ask


def tables_of_round(live_shell, cup: int, number: int, *, timeout: float = 30.0) -> list:
    """The round's tables, once the worker has paired them (waits on the condition)."""

    def paired() -> list:
        return live_shell(TABLES.format(cup=cup, round=number))

    return wait_until(paired, timeout=timeout, message=f"round {number} paired", every=0.2)


def test_a_finished_table_shows_standings_and_the_next_round_then_goes_to_the_next_table(
    live_database, site_server, new_page, live_shell
):
    create_live_users(live_database.url, *NAMES)
    cup = live_shell(CREATE.format(names=list(NAMES)))
    first, second = tables_of_round(live_shell, cup, 1)
    match_id, winner_name, loser_name, _ = first
    winner = Player(winner_name, new_page(viewport=DESKTOP), site_server.url)
    loser = Player(
        loser_name, new_page(viewport=PHONE, is_mobile=True, has_touch=True), site_server.url
    )
    for player in (winner, loser):
        player.log_in(f"/matches/{match_id}/")
        player.page.wait_for_selector("#connection[data-state=open]")

    loser.page.click("#resign-button")
    loser.page.click("#resign-button")
    for player in (winner, loser):
        part = player.page.locator("#result-panel [data-testid=event-after]")
        # The table is recorded by a task after the match ends: the socket's `changed` brings
        # the part up to date.
        part.locator("[data-testid=event-next]", has_text="(1 table still playing)").wait_for()
        text = part.inner_text()
        assert "Evening cup: standings after your match" in text
        assert re.search(r"Next round in \d+:\d\d at the latest \(1 table still playing\)", text)
        rows = part.locator("[data-testid=event-standings] tbody tr")
        assert winner_name in rows.first.inner_text()
        assert player.page.locator("#back-to-lobby").inner_text() == "Back to the tournament"
    save_screenshot(winner.page, "tournament-table-end-desktop")
    save_screenshot(loser.page, "tournament-table-end-phone")
    assert loser.page.evaluate("document.documentElement.scrollWidth") <= 390

    # The other table ends: the worker pairs round 2 and both are taken to their new tables.
    other_match, _, other_loser, _ = second
    live_shell(RESIGN.format(match=other_match, name=other_loser))
    round_two = tables_of_round(live_shell, cup, 2)
    table_of = {name: table[0] for table in round_two for name in table[1:3]}
    for player in (winner, loser):
        player.page.wait_for_url(f"**/matches/{table_of[player.name]}/", timeout=20000)
        banner = player.page.inner_text("[data-testid=table-banner]")
        assert "Evening cup" in banner and "Round 2 of 2" in banner
    save_screenshot(loser.page, "tournament-next-table-phone")
