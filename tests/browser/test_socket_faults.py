"""The table's page rejoins by itself after the two faults a socket can meet without a clean
close: a handler on the server that fails (injected by the test-only
``TEST_SOCKET_FAILURE_FRAME``), and a server that stops answering (SIGSTOP). In both, the page
is back in step within seconds, with no reload.

These run on a Daphne server of this module's own (the session's shared one must not be
stopped), on the session's live database, so the players log in as usual.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from tests.browser.conftest import Player, settle, start_match
from tests.browser.table_checks import act, check_table
from tests.conftest import live_server_env
from tests.support.servers import DaphneServer
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
FAIL = "fail-this-socket"


@pytest.fixture(scope="module")
def own_server(live_database, tmp_path_factory) -> Iterator[DaphneServer]:
    log = tmp_path_factory.mktemp("socket-faults") / "daphne.log"
    env = live_server_env(
        live_database, TEST_SOCKET_FAILURE_FRAME=FAIL, TASK_WORKER_IN_SERVER="false"
    )
    server = DaphneServer(env, log_path=log).start()
    yield server
    os.kill(server.process.pid, signal.SIGCONT)  # never leave it stopped
    server.stop()


@pytest.fixture
def players(own_server, new_page, table_users) -> list[Player]:
    made = []
    for name in table_users[:2]:
        player = Player(name, new_page(viewport=DESKTOP), own_server.url)
        player.log_in()
        made.append(player)
    start_match(made[0], made[1], variant="six")
    return made


def until_true(page, function: str, timeout: float = 10.0) -> None:
    """Wait until ``function`` is true in the page (asked from here: the site's CSP forbids the
    string evaluation Playwright's own wait_for_function polls with)."""
    wait_until(lambda: page.evaluate(function), timeout=timeout, message=function, every=0.05)


def bob_discards_and_both_catch_up(alice: Player, bob: Player) -> None:
    """Bob acts while alice's page is reconnecting; both pages end in step with the server."""
    seq = settle([bob])["seq"]
    assert act(bob, bob.view(), keyboard=False)
    alice.page.wait_for_selector("#connection[data-state=open]", timeout=15000)
    settle([alice, bob], after=seq)
    check_table(alice, alice.server_view())
    check_table(bob, bob.server_view())


def test_a_failed_handler_closes_the_socket_and_the_page_rejoins_in_step(players):
    alice, bob = players
    settle(players)
    # Count the socket's closes as the page sees them (the close code must reach it).
    alice.page.evaluate(
        """(fail) => {
          window.closeCodes = [];
          const socket = window.cribbage.connection.socket;
          socket.addEventListener("close", (event) => window.closeCodes.push(event.code));
          socket.send(fail);
        }""",
        FAIL,
    )
    until_true(alice.page, "() => window.closeCodes.length === 1")
    assert alice.page.evaluate("window.closeCodes") == [4500]
    bob_discards_and_both_catch_up(alice, bob)


def test_a_server_that_stops_answering_is_left_and_the_page_rejoins_in_step(players, own_server):
    alice, bob = players
    settle(players)
    # Every state the connection shows, recorded (a "closed" lasts only until the next try).
    alice.page.evaluate(
        """() => {
          window.connectionStates = [];
          const indicator = document.getElementById("connection");
          new MutationObserver(() => window.connectionStates.push(indicator.dataset.state))
            .observe(indicator, { attributes: true, attributeFilter: ["data-state"] });
        }"""
    )
    os.kill(own_server.process.pid, signal.SIGSTOP)
    try:
        # The keep-alive comes every 15 to 25 s; ask for one now rather than wait for it.
        alice.page.evaluate("window.cribbage.connection.keepAliveNow()")
        # Unanswered for 5 s: the page gives the connection up (it used to stay "open" for ever).
        until_true(alice.page, "() => window.connectionStates.includes('closed')")
    finally:
        os.kill(own_server.process.pid, signal.SIGCONT)
    bob_discards_and_both_catch_up(alice, bob)
