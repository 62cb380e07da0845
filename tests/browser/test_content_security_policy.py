"""Under the site's Content-Security-Policy the home page, the lobby and a match work in Chromium
(a discard played through the page) and the browser reports no violation of the policy."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, start_match
from tests.browser.table_checks import act

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
# Recorded from the first script the page runs, before any of the site's own.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_home_lobby_and_a_match_work_under_the_policy_without_violations(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    for player in (alice, bob):
        player.page.add_init_script(RECORD_VIOLATIONS)
        player.page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and pytest.fail(f"CSP console message: {message.text}")
            ),
        )
    response = alice.page.goto(f"{alice.base_url}/")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert violations(alice.page) == []

    alice.page.goto(f"{alice.base_url}/lobby/")
    alice.page.wait_for_selector("#seek-form")
    alice.page.wait_for_load_state("networkidle")
    assert violations(alice.page) == []

    start_match(alice, bob, variant="six")
    truth = settle([alice, bob])
    assert truth["view"]["phase"] == "discard"
    assert act(alice, alice.view(), keyboard=False) == "discard"
    after = settle([alice, bob], after=truth["seq"])
    assert after["view"]["discarded"][alice.view()["viewer"]] is True
    for player in (alice, bob):
        assert violations(player.page) == []
