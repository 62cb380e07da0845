"""The live log after a hello: a reloaded page or a newly arrived spectator sees the whole
match's events, each as that viewer may see it (docs/frontend.md)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import start_public_match
from tests.browser.test_reconnect_mid_hand import play_until

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}


def log_lines(page) -> list[str]:
    return page.eval_on_selector_all("#log li", "items => items.map(item => item.textContent)")


def current_hand(lines: list[str]) -> list[str]:
    start = max(index for index, line in enumerate(lines) if line.startswith("Game "))
    return lines[start:]


def wait_for_lines(page, count: int) -> None:
    page.wait_for_function(
        "count => document.querySelectorAll('#log li').length >= count", arg=count
    )


def test_a_reload_and_a_new_spectator_get_the_whole_log_redacted_for_them(seat_players):
    alice, bob, carol = seat_players(DESKTOP, DESKTOP, DESKTOP)
    table = start_public_match(alice, bob, variant="six")
    play_until([alice, bob], -1, lambda view: view["phase"] == "play" and len(view["played"]) >= 2)
    before = log_lines(alice.page)
    assert any(line.startswith("You put ") for line in current_hand(before))
    assert any(line.startswith("Cut for deal") for line in before)

    alice.page.reload()
    alice.page.wait_for_selector("#connection[data-state=open]")
    wait_for_lines(alice.page, len(before))
    assert log_lines(alice.page) == before, "the same lines, once each, from the match's start"

    carol.page.goto(table)
    carol.page.wait_for_selector("#connection[data-state=open]")
    wait_for_lines(carol.page, len(before))
    watched = log_lines(carol.page)
    assert len(watched) == len(before)
    assert current_hand(watched)[0].startswith("Game ")
    assert any(line.startswith("Cut for deal") for line in watched)
    # A spectator's log names nobody's discards: the events it was built from were redacted.
    assert sum("discarded to the crib" in line for line in watched) == 2
    assert not any(" put " in line for line in watched)
