"""The review page's moves through a timeline (static/js/review/steps.js): keys, hands, URL."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = pytest.mark.browser

# Twelve steps: the start, a cut, hand A dealt at 2, hand B dealt at 7.
STEPS = [{"state": {}}] * 12
HANDS = [{"hand": 0, "step": 2}, {"hand": 1, "step": 7}]


def test_the_keys_move_a_step_a_hand_or_to_either_end(js):
    moves = js(
        """const { stepForKey } = await load("review/steps.js");
        const cases = [["ArrowRight", 0], ["ArrowRight", 11], ["ArrowLeft", 0], ["ArrowLeft", 5],
          ["ArrowDown", 0], ["ArrowDown", 3], ["ArrowDown", 8], ["ArrowUp", 9], ["ArrowUp", 7],
          ["ArrowUp", 2], ["ArrowUp", 1], ["Home", 6], ["End", 6], ["x", 6]];
        return cases.map(([key, from]) => stepForKey(key, from, arg.steps, arg.hands));""",
        {"steps": STEPS, "hands": HANDS},
    )
    assert moves == [1, 11, 0, 4, 2, 7, 11, 7, 2, 0, 0, 0, 11, None]


def test_the_url_carries_the_step_and_bad_steps_open_the_start_or_the_end(js):
    found = js(
        """const { stepFromLocation, searchWithStep } = await load("review/steps.js");
        return [
          stepFromLocation("?step=5", "", arg), stepFromLocation("", "#7", arg),
          stepFromLocation("?step=99", "", arg), stepFromLocation("?step=-3", "", arg),
          stepFromLocation("?step=abc", "", arg), stepFromLocation("", "#x", arg),
          searchWithStep("?share=tok&step=2", 9), searchWithStep("", 0),
        ];""",
        STEPS,
    )
    assert found == [5, 7, 11, 0, 0, 0, "?share=tok&step=9", "?step=0"]


def test_the_page_opens_on_the_first_deal_unless_the_url_names_a_step(js):
    found = js(
        """const { stepFromLocation } = await load("review/steps.js");
        return [stepFromLocation("", "", arg.steps, arg.hands), stepFromLocation("?step=0", "", arg.steps, arg.hands),
          stepFromLocation("", "#4", arg.steps, arg.hands), stepFromLocation("", "", arg.steps, [])];""",
        {"steps": STEPS, "hands": HANDS},
    )
    assert found == [2, 0, 4, 0]


def test_each_players_flaws_are_found_counted_and_jumped_to_in_order(js):
    steps = [
        {"kind": "start", "hand": 0, "seat": None, "play": None},
        {"kind": "deal", "hand": 0, "seat": None, "play": None},
        {"kind": "discard", "hand": 0, "seat": 1, "play": None},
        {"kind": "discard", "hand": 0, "seat": 0, "play": None},
        {"kind": "play", "hand": 0, "seat": 1, "play": 0},
        {"kind": "play", "hand": 0, "seat": 0, "play": 1},
        {"kind": "play", "hand": 0, "seat": 1, "play": 2},
    ]
    analysis = {
        "hands": [
            {
                "hand": 0,
                "discards": [{"seat": 0, "label": "blunder"}, {"seat": 1, "label": "good"}],
                "plays": [
                    {"seat": 1, "play": 0, "label": "inaccuracy"},
                    {"seat": 0, "play": 1, "label": "best"},
                    {"seat": 1, "play": 2, "label": "mistake"},
                ],
            }
        ]
    }
    found = js(
        """const { flawSteps, flawCounts, flawStep, flawKey } = await load("review/steps.js");
        const flaws = flawSteps(arg.steps, arg.analysis);
        return [flaws, flawCounts(flaws, [0, 1]),
          flawStep(0, flaws, 1, 1), flawStep(4, flaws, 1, 1), flawStep(6, flaws, 1, 1),
          flawStep(6, flaws, 1, -1), flawStep(3, flaws, 0, -1), flawStep(0, flaws, 0, 1),
          ["n", "p", "N", "P", "x"].map(flawKey)];""",
        {"steps": steps, "analysis": analysis},
    )
    assert found[0] == [
        {"seat": 0, "step": 3, "label": "blunder"},
        {"seat": 1, "step": 4, "label": "inaccuracy"},
        {"seat": 1, "step": 6, "label": "mistake"},
    ]
    assert found[1] == {
        "0": {"inaccuracy": 0, "mistake": 0, "blunder": 1},
        "1": {"inaccuracy": 1, "mistake": 1, "blunder": 0},
    }
    assert found[2:8] == [4, 6, None, 4, None, 3]
    assert found[8] == [
        {"seat": 0, "direction": 1},
        {"seat": 0, "direction": -1},
        {"seat": 1, "direction": 1},
        {"seat": 1, "direction": -1},
        None,
    ]


def test_the_show_lays_out_the_kept_hands_and_the_play_what_is_still_held(js):
    shown = js(
        """const { handsShown } = await load("review/steps.js");
        const play = { shown: [], held: [["5H"], []], kept: [["5H", "6C"], ["KS", "QS"]] };
        const show = { ...play, shown: [{ seat: 1 }] };
        return [handsShown(play), handsShown(show)];""",
    )
    assert shown == [[["5H"], []], [["5H", "6C"], ["KS", "QS"]]]


def test_page_up_and_down_go_to_a_games_first_deal(js):
    hands = [
        {"hand": 0, "game": 1, "step": 2},
        {"hand": 1, "game": 1, "step": 7},
        {"hand": 2, "game": 2, "step": 12},
        {"hand": 3, "game": 2, "step": 17},
    ]
    moves = js(
        """const { stepForKey } = await load("review/steps.js");
        const steps = Array(22).fill({});
        const cases = [["PageDown", 0], ["PageDown", 8], ["PageDown", 12], ["PageDown", 18],
          ["PageUp", 18], ["PageUp", 12], ["PageUp", 8], ["PageUp", 1]];
        return cases.map(([key, from]) => stepForKey(key, from, steps, arg));""",
        hands,
    )
    assert moves == [2, 12, 21, 21, 12, 2, 2, 0]


def test_a_graded_play_opens_the_board_with_what_its_seat_saw_and_the_opponents_go(js):
    """The review's "Analyse" link for a play: the seat's own cards, both sides' played cards,
    the pile, the count of cards the other holds, and whether they had said go (a timeline
    stored before it kept said_go reads as no go); never the other's cards."""
    before = {
        "held": [["5H", "9S"], ["KD", "QC"]],
        "played": [[0, "TC"], [1, "8D"], [0, "6C"]],
        "series": [[0, "TC"], [1, "8D"], [0, "6C"]],
        "starter": "2S",
        "dealer": 1,
        "scores": [40, 52],
        "said_go": [False, True],
    }
    hand = {"hand": 3, "discards": [{"seat": 0, "thrown": ["AH", "4D"]}]}
    steps = [
        {"kind": "play", "hand": 3, "play": 2, "state": before},
        {"kind": "play", "hand": 3, "play": 3, "state": before},
    ]
    hrefs = js(
        """const { playBoardHref } = await load("review/steps.js");
        const [before, hand, steps] = arg;
        const older = { ...before };
        delete older.said_go;
        const olderSteps = [{ ...steps[0], state: older }, steps[1]];
        const play = { seat: 0, hand: 3, play: 3 };
        return [
          playBoardHref(play, hand, steps, { players: 2, variant: "six" }),
          playBoardHref(play, hand, olderSteps, { players: 2, variant: "six" }),
          playBoardHref(play, hand, steps, { players: 3, variant: "six" }),
        ];""",
        [before, hand, steps],
    )
    query = {key: values[0] for key, values in parse_qs(urlsplit(hrefs[0]).query).items()}
    assert urlsplit(hrefs[0]).path == "/analysis/play/"
    assert query == {
        "hand": "5H 9S",
        "mine": "TC 6C",
        "theirs": "8D",
        "pile": "TC 8D 6C",
        "thrown": "AH 4D",
        "starter": "2S",
        "holds": "2",
        "role": "pone",
        "own": "40",
        "opp": "52",
        "variant": "six",
        "go": "1",
    }
    assert "KD" not in hrefs[0] and "QC" not in hrefs[0]
    assert parse_qs(urlsplit(hrefs[1]).query)["go"] == ["0"]
    assert hrefs[2] is None
