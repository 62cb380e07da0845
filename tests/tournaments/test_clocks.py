"""Every tournament table has the tournament's clock, running from the first deal."""

from __future__ import annotations

import pytest

from games.engine.options import TimeControl
from tests.tournaments.conftest import open_tables, tournament_full

pytestmark = pytest.mark.django_db


def test_each_table_is_played_on_the_tournaments_clock(field):
    creator, *players = field(5)
    cup = tournament_full(
        creator, players, kind="swiss", rounds=1, clock=TimeControl("realtime", 180, 2)
    )
    tables = open_tables(cup)
    assert len(tables) == 2
    for table in tables:
        match = table.match
        match.refresh_from_db()
        assert match.time_control == TimeControl("realtime", 180, 2)
        assert match.clock_remaining == [180_000, 180_000]
        assert match.clock_running == [0, 1]  # both to throw, both clocks running
