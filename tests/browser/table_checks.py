"""What a browser test checks on the table: the page agrees with the server and the engine."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.engine import parse_card, parse_cards, score_show
from tests.browser.conftest import Player


def normal(data) -> str:
    return json.dumps(data, sort_keys=True)


def act(
    player: Player, view: dict, *, keyboard: bool, on_show: Callable[[int], None] | None = None
) -> str | None:
    """Do the one thing this player may do now (discard two, play a card), by mouse or keyboard.
    ``on_show`` hears how many shown hands were checked on a show passed on the way."""
    continue_past_show(player, on_show=on_show)
    page = player.page
    legal = view["legal"]
    if legal["discard"]:
        cards = page.locator("#hand-near button.card")
        if keyboard:
            # Into the hand once, then along it with the arrow keys.
            cards.nth(0).focus()
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Space")
            page.locator("#discard-button").focus()
            page.keyboard.press("Enter")
        else:
            cards.nth(0).click()
            cards.nth(1).click()
            choose_until_ready(page)
            page.click("#discard-button")
        return "discard"
    if legal["play"]:
        for _ in range(3):
            card = page.locator("#hand-near button.card.playable").first
            if keyboard:
                card.focus()
                page.keyboard.press("Enter")
            else:
                card.click()
            if play_went(page, len(view["played"])):
                return "play"
            # A click whose card was drawn anew between the press and the release makes no
            # click event (seen once after the other player's reload): look, then press again.
        return "play"
    return None


def choose_until_ready(page, attempts: int = 3) -> None:
    """Make sure the throw is chosen before Discard is pressed. A click on a card drawn anew
    between the press and the release (a deal's event landing) makes no click event, and the
    button then stays disabled: press a card not yet chosen until the button is enabled."""
    for _ in range(attempts):
        try:
            page.wait_for_selector("#discard-button:enabled", timeout=3_000)
            return
        except PlaywrightTimeout:
            page.locator('#hand-near button.card[aria-pressed="false"]').first.click()


# The play left the page: sent and unanswered, or answered (the pile grew, or the turn passed).
PLAY_WENT = """(before) => window.cribbage.connection.pending.size > 0
  || window.cribbage.view.played.length !== before
  || !(window.cribbage.view.legal.play || []).length"""


def play_went(page, played_before: int, timeout_ms: int = 3_000) -> bool:
    try:
        page.wait_for_function(PLAY_WENT, arg=played_before, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def continue_past_show(player: Player, *, on_show: Callable[[int], None] | None = None) -> None:
    """Press Continue while the table shows a show: the rest of it is laid down and a next deal
    it holds back is drawn. With computers at the table a show may come and go between two looks
    of a test, so ``on_show`` is told how many shown hands match the engine before each press."""
    for _ in range(2):
        button = player.page.locator("#show-continue")
        if not button.count():
            return
        if on_show is not None:
            on_show(check_show_against_engine(player))
        button.click()


def check_table(player: Player, truth: dict) -> None:
    """The page's view, board, count and hands are what the server says this player sees (once
    past a finished show, which the page keeps on the table until Continue)."""
    continue_past_show(player)
    page = player.page
    server = truth["view"]
    mine = player.view()
    differing = sorted(
        key for key in set(mine) | set(server) if normal(mine.get(key)) != normal(server.get(key))
    )
    assert not differing, (
        f"{player.name}'s page view differs from the server's in {differing}: "
        + ", ".join(
            f"{key}: page {mine.get(key)!r} server {server.get(key)!r}" for key in differing
        )
    )
    near = server["viewer"] if server["viewer"] is not None else 0
    far = 1 - near
    board_near = page.inner_text("#board .board-score-near .board-points")
    board_far = page.inner_text("#board .board-score-far .board-points")
    assert (int(board_near), int(board_far)) == (server["scores"][near], server["scores"][far]), (
        f"{player.name}: board shows {board_near}/{board_far}, server {server['scores']} rear {server['rear']}"
    )
    for lane, seat in (("near", near), ("far", far)):
        if server["scores"][seat] > 0:
            fronts = page.eval_on_selector_all(
                f".peg-{lane}.peg-front", "pegs => pegs.map(p => Number(p.dataset.score))"
            )
            target = 61 if server["options"]["variant"] == "five" else 121
            assert fronts == [min(server["scores"][seat], target)], (
                f"{lane} front peg is not at the score"
            )
    assert page.inner_text("#count") == str(server["count"])
    held = page.eval_on_selector_all("#hand-near .card", "cards => cards.map(c => c.dataset.card)")
    if server["cards"] is not None:
        assert sorted(held) == sorted(server["cards"])
    assert page.get_attribute("#hand-far", "data-count") == str(server["held_counts"][far])
    played = page.eval_on_selector_all("#series .card", "cards => cards.map(c => c.dataset.card)")
    assert sorted(played) == sorted(card for _, card in server["played"])
    check_crib(player)


CRIB_ON_PAGE = """() => {
  const view = window.cribbage.table.view;
  const drawn = [...document.querySelectorAll(".crib[id^=crib-]")].filter((crib) => !crib.hidden && crib.childElementCount);
  return {
    view: { thrown: view.thrown, crib_count: view.crib_count, dealer: view.dealer, phase: view.phase,
            crib_shown: view.shown.some((entry) => entry.kind === "crib") },
    cribs: drawn.map((crib) => ({
      faces: [...crib.querySelectorAll(".card[data-card]")].map((card) => card.dataset.card),
      backs: crib.querySelectorAll(".card-back").length,
      label: crib.getAttribute("aria-label"),
    })),
  };
}"""


def check_crib(player: Player) -> None:
    """Before the show the crib lies beside its dealer with the viewer's own throw face up and
    every other card face down; a spectator sees backs only."""
    found = player.page.evaluate(CRIB_ON_PAGE)
    view, cribs = found["view"], found["cribs"]
    if view["dealer"] is None or view["crib_count"] == 0 or view["crib_shown"]:
        assert cribs == [], f"{player.name}: a crib is drawn when none lies on the table"
        return
    own = view["thrown"] or []
    assert len(cribs) == 1, f"{player.name}: {len(cribs)} cribs drawn"
    (crib,) = cribs
    assert crib["faces"] == own, f"{player.name}: crib shows {crib['faces']}, threw {own}"
    assert crib["backs"] == view["crib_count"] - len(own)
    unknown = view["crib_count"] - len(own)
    if own:  # the cards by name (tests/js/test_table_labels.py), then how many are unknown
        assert "crib: " in crib["label"], crib["label"]
        if unknown:
            assert crib["label"].endswith(f" and {unknown} unknown"), crib["label"]
        else:
            assert "unknown" not in crib["label"], crib["label"]
    else:
        assert crib["label"].endswith(f"crib ({view['crib_count']})"), crib["label"]


def shown_hands_on_page(player: Player) -> list[dict]:
    return player.page.eval_on_selector_all(
        "#felt .shown",
        """entries => entries.map(entry => ({
            kind: entry.dataset.kind,
            cards: [...entry.querySelectorAll('.shown-cards .card')].map(c => c.dataset.card),
            starter: entry.dataset.starter,
            items: [...entry.querySelectorAll('.shown-items li')].map(li => [li.dataset.kind, Number(li.dataset.points), li.dataset.cards]),
            total: entry.querySelector('.shown-total').dataset.total,
        }))""",
    )


def check_show_against_engine(player: Player) -> int:
    """Every counted hand on the page has the engine's breakdown and total; returns how many."""
    checked = 0
    for shown in shown_hands_on_page(player):
        if shown["total"] is None:
            continue  # manual scoring: not revealed yet
        result = score_show(
            parse_cards(" ".join(shown["cards"])),
            parse_card(shown["starter"]),
            crib=shown["kind"] == "crib",
        )
        expected = [
            [item.kind, item.points, " ".join(str(card) for card in item.cards)]
            for item in result.items
        ]
        assert shown["items"] == expected, (
            f"{shown['kind']} {shown['cards']}: breakdown differs from the engine"
        )
        assert int(shown["total"]) == result.total
        checked += 1
    return checked


# Everything drawn on the felt (cards, backs, piles, labels) that reaches past its left or right
# edge.
OVERHANGING = """() => {
  const felt = document.querySelector("#felt").getBoundingClientRect();
  return [...document.querySelectorAll("#felt *")]
    .filter((element) => element.getClientRects().length)
    .map((element) => [element.className, element.getBoundingClientRect()])
    .filter(([, box]) => box.width && (box.left < felt.left - 0.5 || box.right > felt.right + 0.5))
    .map(([name, box]) => `${name || "?"} at ${Math.round(box.left)}..${Math.round(box.right)}`
      + ` (felt ${Math.round(felt.left)}..${Math.round(felt.right)})`);
}"""
