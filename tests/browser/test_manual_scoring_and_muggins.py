"""Manual scoring through the page: players claim their points; a short claim meets Muggins."""

from __future__ import annotations

import pytest

from games.engine import parse_card, parse_cards, score_play, score_show
from tests.browser.conftest import settle, start_match
from tests.browser.table_checks import act, check_table
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


def true_points(view: dict) -> int:
    """What the pending claim is really worth, worked out by the engine's own scoring."""
    subject = view["legal"]["claim"]
    if subject == "heels":
        return 2
    if subject == "play":
        return score_play(parse_cards(" ".join(card for _, card in view["series"]))).total
    shown = next(
        entry
        for entry in reversed(view["shown"])
        if entry["seat"] == view["viewer"] and entry["kind"] == subject
    )
    return score_show(
        parse_cards(" ".join(shown["cards"])), parse_card(view["starter"]), crib=subject == "crib"
    ).total


def claim(player, points: int, *, quick: bool) -> None:
    page = player.page
    if quick:
        page.get_by_role(
            "button", name=f"Claim {points} point{'s' if points != 1 else ''}", exact=True
        ).click()
    else:
        page.fill("#claim-points", str(points))
        page.press("#claim-points", "Enter")


def test_bob_claims_too_little_and_alice_calls_muggins_for_the_difference(seat_players):
    alice, bob = seat_players(DESKTOP, PHONE)
    start_match(alice, bob, variant="five", scoring="manual", muggins=True)
    players = [alice, bob]
    seq = -1
    missed = None
    for _ in range(200):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        for player in players:
            check_table(player, player.server_view())
        alice_view, bob_view = alice.view(), bob.view()
        if missed is not None:
            break
        if bob_view["legal"]["claim"]:
            worth = true_points(bob_view)
            if worth > 0:
                missed = {
                    "worth": worth,
                    "subject": bob_view["legal"]["claim"],
                    "alice_before": alice_view["scores"][0],
                }
                claim(bob, 0, quick=True)
            else:
                claim(bob, 0, quick=False)
            continue
        if alice_view["legal"]["claim"]:
            claim(alice, true_points(alice_view), quick=False)
            continue
        acted = [act(alice, alice_view, keyboard=False), act(bob, bob_view, keyboard=True)]
        assert any(acted), f"nobody could act in {truth['view']['phase']}"
    assert missed is not None, "bob never had points to miss"

    # While alice may call, nobody's page knows whether the claim was right: the board and the
    # story show only what bob claimed.
    for player in players:
        story = player.page.inner_text("#claim-result")
        assert "claimed 0" in story and "Actual" not in story and "pegged" not in story
    # Alice sees the Muggins panel during the window, names the points bob missed and calls.
    button = alice.page.locator("#muggins-button")
    assert button.is_visible()
    assert bob.page.locator("#muggins-button").count() == 0
    save_screenshot(alice.page, "manual-muggins-window-desktop")
    alice.page.fill("#muggins-points", "0")
    button.click()
    assert "1 or more" in alice.page.inner_text("#muggins-error")
    assert alice.server_view()["seq"] == seq, "a refused call sends nothing"
    alice.page.fill("#muggins-points", str(missed["worth"]))
    button.click()
    truth = settle(players, after=seq)
    for player in players:
        check_table(player, player.server_view())
    assert truth["view"]["scores"][0] == missed["alice_before"] + missed["worth"]

    # Both see what was claimed against what it was worth, and who pegged the difference.
    for player, taker in ((alice, "You"), (bob, "alice_table")):
        result = player.page.inner_text("#claim-result")
        assert "claimed 0" in result
        assert f"Actual: {missed['worth']} point" in result
        assert (
            f"Muggins! {taker} named {missed['worth']} and took {missed['worth']} point" in result
        )
    save_screenshot(bob.page, "manual-muggins-called-phone")


def test_a_claim_that_is_not_a_number_is_refused_on_the_page_and_nothing_is_sent(seat_players):
    alice, bob = seat_players(DESKTOP, DESKTOP)
    start_match(alice, bob, variant="five", scoring="manual")
    players = [alice, bob]
    seq = -1
    for _ in range(40):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        claimant = next((p for p in players if p.view()["legal"]["claim"]), None)
        if claimant:
            break
        assert any([act(alice, alice.view(), keyboard=False), act(bob, bob.view(), keyboard=False)])
    else:
        pytest.fail("no claim was ever asked for")
    for bad, message in (
        ("", "Enter a whole number"),
        ("-1", "Enter a whole number"),
        ("30", "No score is more than 29"),
    ):
        claimant.page.fill("#claim-points", bad)
        claimant.page.click("#claim-submit")
        assert message in claimant.page.inner_text("#claim-error")
    assert claimant.server_view()["seq"] == seq, "a refused claim sends nothing"
    claim(claimant, true_points(claimant.view()), quick=False)
    settle(players, after=seq)
