"""The pure parts of the table's keyboard (static/js/table/keys.js) and the hint's line
(static/js/table/hint.js): what each key says about a view, and what a digit chooses."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

VIEW = """
const base = {
  options: { variant: "six" }, phase: "play", viewer: 0, seats: [0, 1], scores: [12, 30],
  match_scores: [1, 0], cards: ["KS", "5H", "AD"], count: 25, starter: "JC",
  series: [[1, "TH"], [0, "5C"], [1, "QD"]], played: [[1, "TH"], [0, "5C"], [1, "QD"]],
  turn: 0, go: [false, true], pending_claim: null, muggins: null, to_act: [0],
  legal: { discard: false, play: ["5H", "AD"], claim: null, muggins: false },
};
const view = (changes = {}) => ({ ...base, ...changes });
const name = (seat) => ["You", "bob"][seat];
"""


def test_each_letter_reads_its_part_of_the_table(js):
    result = js(
        VIEW
        + """
        const { keyAnswer } = await load("table/keys.js");
        const context = { view: view(), name };
        return Object.fromEntries("hsclt gwq".split("").map((key) => [key, keyAnswer(key, context)]));
        """
    )
    assert result == {
        "h": "Your hand: 1, ace of diamonds; 2, five of hearts; 3, king of spades.",
        "s": "Scores: You 12, 109 to go; bob 30, 91 to go. Game to 121. Match points: You 1, bob 0.",
        "c": "Count 25: bob ten of hearts, You five of clubs, bob queen of diamonds.",
        "l": "Last played: queen of diamonds, by bob.",
        "t": "Starter: jack of clubs.",
        " ": None,
        "g": "bob said Go.",
        "w": "Your turn: play a card (count 25).",
        "q": None,
    }


def test_a_spectator_has_no_hand_and_the_five_card_game_counts_to_61(js):
    result = js(
        VIEW
        + """
        const { keyAnswer } = await load("table/keys.js");
        const watching = view({ viewer: null, cards: null, options: { variant: "five" } });
        return [keyAnswer("h", { view: watching, name }), keyAnswer("s", { view: watching, name })];
        """
    )
    assert result[0] == "You are watching: no hand of yours."
    assert "Game to 61" in result[1] and "bob 30, 31 to go" in result[1]


def test_a_digit_plays_only_a_legal_card_and_says_why_not(js):
    result = js(
        VIEW
        + """
        const { cardChoice } = await load("table/keys.js");
        const context = { view: view() };
        const discarding = { view: view({ phase: "discard", legal: { discard: true, play: [] } }) };
        return [cardChoice(1, context), cardChoice(3, context), cardChoice(4, context), cardChoice(3, discarding)];
        """
    )
    assert result == [
        {"card": "AD", "act": "play"},
        {"refusal": "The king of spades would take the count past 31 (count 25, card 10)."},
        {"refusal": "You hold 3 cards: no card 4."},
        {"card": "KS", "act": "discard"},
    ]


def test_a_hint_line_names_the_throw_and_its_expected_points(js):
    result = js(
        """
        const { throwLine } = await load("table/hint.js");
        return throwLine({ discard: ["5H", "5D"], hand: 8.44, crib: 6.06, total: 14.5, is_dealer: true });
        """
    )
    assert (
        result == "Throw five of hearts and five of diamonds: hand 8.4, your crib 6.1, overall 14.5"
    )


def test_the_status_line_and_w_say_how_many_cards_to_throw_at_every_table_size(js):
    """Two cards with two players, one with three or four, two for the three-player dealer who
    takes six: the number comes from the view's ``legal.throw``, never a fixed sentence."""
    result = js(
        VIEW
        + """
        const { keyAnswer } = await load("table/keys.js");
        const { statusText } = await load("table/status.js");
        const { withLegal } = await load("reducer.js");
        const names = (seat) => ["You", "bob", "carol", "dave"][seat];
        const deal = (options, seats, dealer) => withLegal({
          ...view({ phase: "discard", turn: null, series: [], played: [], count: 0 }),
          options, seats, dealer, discarded: seats.map(() => false), go: seats.map(() => false),
        });
        const tables = {
          two: deal({ variant: "six" }, [0, 1], 1),
          three: deal({ variant: "six", players: 3 }, [0, 1, 2], 1),
          four: deal({ variant: "six", players: 4 }, [0, 1, 2, 3], 0),
          dealerSix: deal({ variant: "six", players: 3, deal: "dealer_six" }, [0, 1, 2], 0),
          dealerSixPone: deal({ variant: "six", players: 3, deal: "dealer_six" }, [0, 1, 2], 2),
        };
        return Object.fromEntries(Object.entries(tables).map(([table, v]) => [
          table, [statusText(v, names), keyAnswer("w", { view: v, name: names })],
        ]));
        """
    )
    one = "Choose one card to discard."
    two = "Choose two cards to discard."
    assert result == {
        "two": [two, two],
        "three": [one, one],
        "four": [one, one],
        "dealerSix": [two, two],
        "dealerSixPone": [one, one],
    }
