"""A whole hand against the computer by keyboard alone: the letters read the table aloud in the
key-answer live region, digits choose and play cards, Enter sends the discard, `?` the list."""

from __future__ import annotations

import re

import pytest

from tests.conftest import save_screenshot

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r"/matches/(\d+)/$")
RANKS = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}  # fmt: skip
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SAID = "document.getElementById('key-answer').textContent"


def name(card: str) -> str:
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def press(page, key: str) -> str:
    """Press a key on the page (not on any control) and return what the live region says."""
    page.evaluate(f"{SAID} = ''")
    page.keyboard.press(key)
    page.wait_for_function(f"() => {SAID} !== ''", timeout=5_000)  # a function: CSP forbids eval
    return page.evaluate(SAID)


def shown_hand(page) -> list[str]:
    return page.eval_on_selector_all(
        "#hand-near button.card", "cards => cards.map(c => c.dataset.card)"
    )


def view(page) -> dict:
    return page.evaluate("window.cribbage.view")


def view_and_seq(page) -> tuple[dict, str]:
    """The view and the sequence number it stands at, read together: the page sets both in one
    event handler, so read apart the computer's answer could land between them, and a wait for
    the next change would then wait for a move already made."""
    return page.evaluate(
        "() => [window.cribbage.view, document.getElementById('match').dataset.seq]"
    )


def wait_for_change(page, seq: str) -> None:
    page.wait_for_function(
        "(seq) => document.getElementById('match').dataset.seq !== seq", arg=seq, timeout=20_000
    )


def test_a_visitor_plays_a_whole_hand_against_the_computer_by_keyboard(site_server, new_page):
    page = new_page()
    page.goto(site_server.url + "/matches/computer/")
    page.check("input[name=level][value=easy]")
    page.check("input[name=variant][value=six]")
    page.check("input[name=scoring][value=auto]")
    page.get_by_test_id("start-computer-match").click()
    page.wait_for_url(MATCH_URL, timeout=10_000)
    page.locator("#hand-near button.card").nth(5).wait_for(timeout=10_000)
    page.locator("body").focus()

    # ? shows the key list, and again hides it.
    assert press(page, "?") == "Key list shown."
    assert page.is_visible("#keys-panel kbd:text('H')")
    assert press(page, "?") == "Key list hidden."
    assert page.is_hidden("#keys-panel")

    cards = shown_hand(page)
    said = press(page, "h")
    assert (
        said == "Your hand: " + "; ".join(f"{i + 1}, {name(c)}" for i, c in enumerate(cards)) + "."
    )
    first_view = view(page)
    target_line = press(page, "s")
    assert "0, 121 to go" in target_line and "Game to 121" in target_line
    assert press(page, "t") == "No starter yet."
    assert press(page, "w") == "Choose two cards to discard."

    # 1 and 2 choose the first two cards as drawn; Enter sends them.
    assert press(page, "1") == f"Chosen for the crib: {name(cards[0])} (1 of 2)."
    assert press(page, "2").startswith(
        f"Chosen for the crib: {name(cards[0])} and {name(cards[1])}"
    )
    assert press(page, "Enter") == f"You discard {name(cards[0])} and {name(cards[1])}."
    page.wait_for_function("() => window.cribbage.view.starter !== null", timeout=10_000)
    starter = view(page)["starter"]
    assert press(page, "t") == f"Starter: {name(starter)}."
    assert sorted(view(page)["cards"]) == sorted(cards[2:])

    # The play: whenever it is our turn, the digit of the first playable card in the hand.
    played_by_keys: list[str] = []
    for _ in range(40):
        now, seq = view_and_seq(page)
        if now["hand"] != first_view["hand"] or now["phase"] not in ("play",):
            break
        if now["legal"]["play"]:
            hand = shown_hand(page)
            place = next(i for i, card in enumerate(hand) if card in now["legal"]["play"])
            card = hand[place]
            assert press(page, str(place + 1)) == f"You play the {name(card)}."
            page.wait_for_function(
                """([card, hand]) => window.cribbage.view.hand !== hand
                    || window.cribbage.view.played.some(([, c]) => c === card)""",
                arg=[card, first_view["hand"]],
                timeout=20_000,
            )
            played_by_keys.append(card)
            after = view(page)
            if after["hand"] != first_view["hand"] or not after["cards"]:
                continue  # that was our last card: the hand may end (and the next begin) now
            # While we hold cards the hand cannot end; the computer may still answer between a
            # key and the look at the view, so each line is checked against the cards played.
            count_line = press(page, "c")
            last_line = press(page, "l")
            played = [name(card) for _, card in view(page)["played"]]
            assert re.match(r"Count \d+", count_line), count_line
            if ":" in count_line:
                laid = count_line.split(": ", 1)[1].rstrip(".").split(", ")
                assert all(any(entry.endswith(f" {card}") for card in played) for entry in laid)
            assert last_line.startswith("Last played: ")
            assert last_line.removeprefix("Last played: ").split(", by")[0] in played
        else:
            # The computer's turn: W says so, then its card (or the hand's end) arrives.
            assert press(page, "w")
            wait_for_change(page, seq)
    else:
        raise AssertionError("the play never ended")

    save_screenshot(page, "keyboard-hand-played")
    assert sorted(played_by_keys) == sorted(cards[2:])  # all four kept cards, by key
    # The hand was shown and the next began (or the game ended): the scores are read out.
    page.wait_for_function(
        "(hand) => window.cribbage.view.hand !== hand || window.cribbage.view.phase === 'match_over'",
        arg=first_view["hand"],
        timeout=15_000,
    )
    scores = view(page)["scores"]
    line = press(page, "s")
    assert f"You {scores[0]}, {121 - scores[0]} to go" in line
