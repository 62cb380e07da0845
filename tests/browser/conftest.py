"""People at the table: registered users in the live server's database, each in their own browser.

Users are created in a ``manage.py shell`` on the live database, one kept for the session
(tests/support/live_shell.py; the server runs in another process, so pytest-django's test
database is invisible to it), and log in through the real login page. ``Player`` wraps one
person's page with what a test needs to watch the table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from tests.support.live_shell import on_live_database
from tests.support.waiting import wait_until

PASSWORD = "a-long-table-password-42"

CREATE_USERS = """
from django.contrib.auth import get_user_model
User = get_user_model()
for name in {names!r}:
    user, _ = User.objects.get_or_create(username=name)
    user.set_password({password!r})
    user.save()
"""


def create_live_users(database_url: str, *names: str) -> None:
    on_live_database(database_url).run(CREATE_USERS.format(names=list(names), password=PASSWORD))


@pytest.fixture(scope="session")
def table_users(live_database, site_server):
    """alice and bob (the players) and carol (who watches), in the live database."""
    names = ("alice_table", "bob_table", "carol_table")
    create_live_users(live_database.url, *names)
    return names


# Each person's session cookie from their first login this run, by server and name.
SIGNED_IN: dict[tuple[str, str], list[dict]] = {}

SIGNED_IN_AS = "() => document.querySelector('.user-box .user-name')?.textContent ?? null"


def log_in_page(page, base_url: str, name: str, next_path: str = "/") -> None:
    """Log ``name`` in on ``page`` (a fresh browser context) and open ``next_path``.

    A person's first login on a server goes through the real login page; later ones hand the
    new context that session's cookie and open ``next_path`` straight away, once it shows them
    logged in. The login page costs a password hash and three page loads (most of a second under
    the suite's load), almost every browser test logs in two or three people, and the login
    itself is tested in tests/accounts. A session that has ended (logged out, or a new server
    on the same port) goes through the login page again.
    """
    key = (base_url, name)
    cookies = SIGNED_IN.get(key)
    if cookies:
        page.context.add_cookies(cookies)
        page.goto(f"{base_url}{next_path}")
        if page.evaluate(SIGNED_IN_AS) == name:
            return
        page.context.clear_cookies()
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**{next_path}")
    SIGNED_IN[key] = [c for c in page.context.cookies() if c["name"] == "sessionid"]


@dataclass
class Player:
    """One person's browser page at the table."""

    name: str
    page: object
    base_url: str

    def log_in(self, next_path: str = "/") -> None:
        log_in_page(self.page, self.base_url, self.name, next_path)

    def view(self) -> dict:
        """The page's current view (what it has drawn)."""
        return self.page.evaluate("window.cribbage.view")

    def server_view(self) -> dict:
        """What the server says this player may see now (GET view.json, the engine's view)."""
        return self.page.evaluate(
            "async () => (await fetch(`/matches/${window.cribbage.matchId}/view.json`)).json()"
        )

    def unacknowledged(self) -> int:
        """Actions this page sent that the server has not answered yet."""
        return self.page.evaluate("window.cribbage.connection.pending.size")

    def seq(self) -> int:
        value = self.page.get_attribute("#match", "data-seq")
        return int(value) if value else -1


def settle(players: list[Player], *, after: int = -1, timeout: float = 15.0) -> dict:
    """Wait until the server is past event ``after`` (an action just sent has landed) and every
    page has applied every event the server has; return the server's hello body."""
    deadline = time.monotonic() + timeout
    # Actions still waiting for their ack may land at any moment: wait for them first.
    wait_until(
        lambda: not any(player.unacknowledged() for player in players),
        timeout=timeout,
        message="an action was never acknowledged",
        every=0.05,
    )
    truths: list[dict] = []

    def in_step() -> bool:
        truths.append(players[0].server_view())
        truth = truths[-1]
        return truth["seq"] > after and all(player.seq() == truth["seq"] for player in players)

    try:
        wait_until(in_step, timeout=deadline - time.monotonic(), message="in step", every=0.1)
    except AssertionError:
        notes = [
            p.page.eval_on_selector_all(".log-note", "ns => ns.map(n => n.textContent)")
            for p in players
        ]
        legal = [p.page.evaluate("window.cribbage.view.legal") for p in players]
        raise AssertionError(
            f"pages stuck at {[p.seq() for p in players]}, server at {truths[-1]['seq']}; "
            f"refusals {notes}; legal {legal}"
        ) from None
    return truths[-1]


@pytest.fixture
def seat_players(site_server, new_page, table_users):
    """Make players: ``seat_players(viewports)`` gives logged-in alice and bob (and carol if
    asked); keyword options go to their browser contexts (``has_touch=True``, ...)."""

    def make(*viewports: dict, **options) -> list[Player]:
        players = []
        for name, viewport in zip(table_users, viewports, strict=False):
            player = Player(name, new_page(viewport=viewport, **options), site_server.url)
            player.log_in()
            players.append(player)
        return players

    return make


def start_match(
    creator: Player,
    joiner: Player,
    *,
    variant: str,
    scoring: str = "auto",
    muggins: bool = False,
    match_target: int = 1,
    rated: bool = False,
    clock: str | None = None,
) -> str:
    """Create a private match (one game unless told) through the new-match page (an invitation
    link); the joiner opens the secret link and takes the seat. ``clock``: the time control's
    key ("3d", "300+3"), chosen in the form's collapsed box. Returns the link."""
    page = creator.page
    page.goto(f"{creator.base_url}/matches/new/")
    page.check(f"input[name=variant][value={variant}]")
    page.check(f"input[name=scoring][value={scoring}]")
    if muggins:
        page.check("input[name=muggins]")
    if rated:
        page.check("input[name=rated]")
    if clock is not None:
        page.click("details.clock-choice summary")
        page.select_option("select[name=clock]", clock)
    page.fill("input[name=match_target]", str(match_target))
    page.click("#new-match-form button[type=submit]")
    page.wait_for_url("**/lobby/invite/*/")
    invite = page.input_value("[data-testid=share-url]")
    page.get_by_role("link", name="Go to the table").click()
    # The joiner opens the link while the creator's table loads (the two pages load side by side).
    joiner.page.goto(invite)
    page.wait_for_url("**/matches/*/")
    # The table shows its creator the same secret link, never the guessable match number.
    assert page.input_value("#invite-link") == invite
    joiner.page.click("[data-testid=accept-invitation]")
    joiner.page.wait_for_url("**/matches/*/")
    joiner.page.wait_for_selector("#connection[data-state=open]")
    page.wait_for_selector("#waiting", state="hidden")
    return invite


def start_public_match(creator: Player, joiner: Player, *, variant: str) -> str:
    """A one-game public match made as strangers make one: a seek in the lobby, accepted.
    Returns the match page's URL, which anyone may open to watch."""
    page = creator.page
    page.goto(f"{creator.base_url}/lobby/")
    page.check(f"#seek-form input[name=variant][value={variant}]")
    page.fill("#seek-form input[name=match_target]", "1")
    page.click("[data-testid=create-seek]")
    page.wait_for_url("**/lobby/")
    joiner.page.goto(f"{joiner.base_url}/lobby/")
    seek = joiner.page.locator(".seek", has_text=creator.name)
    seek.locator("[data-testid=accept-seek]").click()
    joiner.page.wait_for_url("**/matches/*/")
    page.wait_for_url(joiner.page.url)
    for player in (creator, joiner):
        player.page.wait_for_selector("#connection[data-state=open]")
    return joiner.page.url
