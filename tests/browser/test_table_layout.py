"""The table on a laptop, a desktop and a phone: what a player needs is in view in every phase.

In one match alice (on a phone) and bob (measured at a laptop's and then a desktop's size) play
the first hand of a manual-scoring match with Muggins, so every phase comes by: the discard, the
play, a claim, a Muggins window, the show and the next deal held back behind it. At each phase
the board, the count, the player's hand and the buttons they may press must lie inside the
viewport of the unscrolled page. Screenshots of every phase and screen go to test-artifacts/.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player, settle, start_match
from tests.browser.table_checks import act
from tests.browser.test_manual_scoring_and_muggins import claim, true_points
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SCREENS = {
    "laptop": ({"width": 1366, "height": 768}, {}),
    "desktop": ({"width": 1280, "height": 900}, {}),
    "phone": ({"width": 390, "height": 844}, {"has_touch": True, "is_mobile": True}),
}

# Boxes of every element a selector matches, measured from the top of the unscrolled page.
BOXES = """selectors => {
  window.scrollTo(0, 0);
  const found = {};
  for (const selector of selectors) {
    found[selector] = [...document.querySelectorAll(selector)]
      .filter((element) => element.getClientRects().length)
      .map((element) => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  }
  return {
    boxes: found, width: window.innerWidth, height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


def phase_of(page) -> str | None:
    """What the page shows now, by what a player may press."""
    shown = page.locator("#felt .shown:visible").count()
    if page.locator("#muggins-button").count():
        return "muggins"
    if page.locator("#claim-form").count():
        return "show-claim" if shown else "play-claim"
    if page.locator("#show-continue").count():
        return "show"
    if page.locator("#discard-button").count():
        return "discard"
    if page.locator("#hand-near button.card.playable").count():
        return "play"
    return None


def assert_in_view(page, phase: str, screen: str) -> None:
    """The board, the count (none in the show), the hand (or the hand laid down in the show)
    and the buttons of this phase lie wholly inside the viewport, and the page is no wider than the screen (a
    phone's browser would otherwise zoom out to fit it, and everything would look in view)."""
    wanted = {
        "board": "#board .board-svg",
        "board scores": "#board .board-points",
    }
    if page.get_attribute("#felt", "data-showing") == "true":
        # The show: the play's count is gone, not left at its last value.
        assert not page.locator("#count").is_visible(), f"{screen} {phase}: the count in the show"
    else:
        wanted["count"] = "#count"
    if page.locator("#felt .shown:not([hidden])").count():
        wanted["hands in the show"] = "#felt .shown:not([hidden])"
    if page.evaluate("(window.cribbage.table.view.cards || []).length > 0"):
        wanted["hand"] = "#hand-near .card"  # (none once the last card is played)
    wanted.update(
        {
            "discard": {"discard": "#discard-button"},
            "play": {"playable cards": "#hand-near button.card.playable"},
            "play-claim": {"claim form": "#claim-form", "quick claims": ".quick-claim"},
            "show-claim": {"claim form": "#claim-form", "quick claims": ".quick-claim"},
            "muggins": {"muggins points": "#muggins-points", "muggins": "#muggins-button"},
            "show": {"continue": "#show-continue"},
        }[phase]
    )
    measured = page.evaluate(BOXES, list(wanted.values()))
    width, height = measured["width"], measured["height"]
    screen_width = SCREENS[screen][0]["width"]
    assert width == screen_width and measured["scrollWidth"] <= screen_width, (
        f"{screen} {phase}: the page is {measured['scrollWidth']} px wide and the browser shows "
        f"{width} px of it, on a {screen_width} px screen"
    )
    for what, selector in wanted.items():
        boxes = measured["boxes"][selector]
        if not boxes and phase_of(page) != phase:
            return  # the page moved on between looking and measuring (the show's pacing)
        assert boxes, f"{screen} {phase}: no {what} on the page"
        for left, top, right, bottom in boxes:
            assert (
                left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5
            ), (
                f"{screen} {phase}: {what} at {[left, top, right, bottom]} is outside "
                f"the {width}x{height} viewport"
            )


# For each face-up card in a crib stack, how much of its width the next card leaves in sight.
CRIB_FACES_IN_SIGHT = """() => [...document.querySelectorAll(".crib-stack")].flatMap((stack) => {
  const cards = [...stack.querySelectorAll(".card")];
  return cards.flatMap((card, i) => {
    if (!card.dataset.card) return [];
    const box = card.getBoundingClientRect();
    const next = cards[i + 1];
    const seen = next ? next.getBoundingClientRect().left - box.left : box.width;
    return [[card.dataset.card, seen / box.width]];
  });
})"""


def assert_crib_faces_readable(page, screen: str) -> None:
    """The viewer's own throw lies face up in the crib stack: the card laid over each of those
    leaves at least a third of it in sight, so its corner (rank and suit) can be read."""
    for card, in_sight in page.evaluate(CRIB_FACES_IN_SIGHT):
        assert in_sight >= 0.34, f"{screen}: only {in_sight:.0%} of {card} in the crib is in sight"


def measure_on(page, phase: str, screen: str, shots: set[tuple[str, str]]) -> None:
    """Lay ``page`` out at ``screen``'s size, keep a screenshot of the first time each phase is
    seen there, and check that what the phase needs is in view."""
    viewport = SCREENS[screen][0]
    if page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    if (screen, phase) not in shots:
        save_screenshot(page, f"layout-{screen}-{phase}")
        shots.add((screen, phase))
    try:
        assert_in_view(page, phase, screen)
        assert_crib_faces_readable(page, screen)
    except AssertionError:
        save_screenshot(page, f"layout-{screen}-{phase}-out-of-view")
        raise


def test_the_board_count_hand_and_buttons_are_in_view_together_in_every_phase(
    site_server, new_page, table_users
):
    """One match measures the three screens: alice plays on a phone (touch), and bob's page is
    measured at the laptop's size and then the desktop's in every phase (the table's layout is
    CSS alone, so a resized page lays itself out again at once). Alice is the one who calls
    Muggins, so its window is measured on the smallest screen."""
    alice = Player(
        table_users[0],
        new_page(viewport=SCREENS["phone"][0], **SCREENS["phone"][1]),
        site_server.url,
    )
    bob = Player(table_users[1], new_page(viewport=SCREENS["laptop"][0]), site_server.url)
    screens = {alice.name: ["phone"], bob.name: ["laptop", "desktop"]}
    for player in (alice, bob):
        player.log_in()
    start_match(alice, bob, variant="six", scoring="manual", muggins=True)
    players = [alice, bob]
    seen: set[str] = set()
    shots: set[tuple[str, str]] = set()
    seq = -1
    missed = None  # what bob's too-small claim left: alice names it when she calls Muggins
    called = False
    for _ in range(150):
        truth = settle(players, after=seq)
        seq = truth["seq"]
        for player in players:
            phase = phase_of(player.page)
            if phase is None:
                continue
            seen.add(phase)
            if phase.endswith("claim"):
                # A button for every count up to 12 (11 too); 13 to 29 go in the number box.
                quick = player.page.eval_on_selector_all(
                    ".quick-claim", "buttons => buttons.map(b => b.textContent)"
                )
                assert quick == [str(n) for n in range(13)]
                assert player.page.get_attribute("#claim-points", "max") == "29"
            for screen in screens[player.name]:
                measure_on(player.page, phase, screen, shots)
            if len(screens[player.name]) > 1:
                player.page.set_viewport_size(SCREENS[screens[player.name][0]][0])
        # Every phase is seen within the first hands: a deal where the player to play always
        # holds the Muggins window first shows "play" only in a later hand.
        done = {"discard", "play", "play-claim", "show-claim", "show"} <= seen
        if (done and truth["view"]["hand"] > 1) or truth["view"]["hand"] > 3:
            break
        # Act: the Muggins window first, then a claim, then Continue, then a card.
        # Every claim opens a window (its truth is hidden until it closes), and the next action
        # closes it: alice calls only on bob's short claim, naming the points he missed (a call
        # without them sends nothing).
        if missed and not called and alice.page.locator("#muggins-button").count():
            alice.page.fill("#muggins-points", str(missed))
            alice.page.click("#muggins-button")
            called = True
            continue
        claimant = next((p for p in players if p.view()["legal"]["claim"]), None)
        if claimant is not None:
            worth = true_points(claimant.view())
            if claimant is bob and worth > 0 and missed is None:
                missed = worth
                claim(bob, 0, quick=True)  # too little: alice's Muggins window opens
            else:
                claim(claimant, worth, quick=worth <= 12)
            continue
        holding = [p for p in players if p.page.locator("#show-continue").count()]
        if holding and truth["view"]["hand"] > 1 and done:
            continue  # measured above; the next round stops
        acted = [act(alice, alice.view(), keyboard=False), act(bob, bob.view(), keyboard=False)]
        assert any(acted), f"nobody could act in {truth['view']['phase']}"
    assert {"discard", "play", "play-claim", "show-claim", "show"} <= seen, seen
    assert missed is None or called, "alice never called Muggins on bob's short claim"
    assert not called or ("phone", "muggins") in shots, "the Muggins window was never measured"
    assert {screen for screen, _ in shots} == set(SCREENS)
