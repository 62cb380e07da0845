"""A player who leaves mid-game: the opponent sees them gone, then wins by the clock.

The claim button's own path (the shortcut a click takes) is tested in tests/lobby/test_endings.py;
here the server's worker ends the match with nobody clicking, and the hook tells the chat.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import live_server_env, save_screenshot
from tests.support.servers import DaphneServer, LiveDatabase
from tests.support.services import database_url

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")


@pytest.fixture(scope="module")
def impatient_server(tmp_path_factory) -> Iterator[DaphneServer]:
    """A site where a player counts as gone after 5 seconds instead of 2 minutes (2 s let a
    loaded machine abandon the host before its page had connected).

    On a database of its own: every worker on a database runs its tasks, and the session's
    site server (whose worker reads the limit as 2 minutes) must not take this one's checks.
    """
    directory = tmp_path_factory.mktemp("daphne-abandon")
    database = LiveDatabase(directory, database_url())
    database.create()
    env = live_server_env(database, ABANDON_AFTER_SECONDS="5")
    server = DaphneServer(env, log_path=directory / "server.log")
    server.start()
    yield server
    server.stop()
    database.drop()


def test_when_the_opponent_leaves_the_match_is_won_by_the_clock(impatient_server, new_page):
    host = new_page()
    host.goto(impatient_server.url + "/")
    host.get_by_test_id("play-a-friend").click()
    host.wait_for_url(re.compile(r"/lobby/invite/[^/]+/$"))
    friend = new_page()
    friend.goto(host.get_by_test_id("share-url").input_value())
    friend.get_by_test_id("accept-invitation").click()
    friend.wait_for_url(MATCH_URL, timeout=10_000)
    host.wait_for_url(MATCH_URL, timeout=10_000)
    host.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    claim = host.get_by_test_id("claim-win")
    assert not claim.is_visible()

    friend.context.close()  # the friend walks away while both still have to discard

    # The host sees them gone; on a loaded machine the five seconds may run out, and the worker
    # end the match, before the badge is drawn, so either is the first sign.
    gone = re.compile("Your opponent is disconnected|left the table while the game waited on them")
    host.get_by_text(gone).first.wait_for(timeout=30_000)
    # Five seconds gone while the game waits on them: the worker ends the match.
    host.get_by_text("left the table while the game waited on them").first.wait_for(timeout=30_000)
    save_screenshot(host, "abandonment-by-the-clock")
    # The match-finished hook told the chat socket, which offers the rematch.
    host.get_by_test_id("rematch").wait_for(state="visible", timeout=10_000)
    assert not claim.is_visible()
