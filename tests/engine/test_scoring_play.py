"""The play: points for the last card laid on the pile since the count was last reset.

The go and last-card points belong to the hand flow and are not scored here.
"""

from __future__ import annotations

import pytest

from games.engine.cards import parse_card, parse_cards
from games.engine.scoring import BadPile, score_play

# pile (oldest first), expected items as (kind, points); the last card is the one scored
PLAY_CASES = [
    pytest.param("5H", [], id="a lone card scores nothing"),
    pytest.param("5H TD", [("fifteen", 2)], id="fifteen is 2"),
    pytest.param("7H 8D", [("fifteen", 2)], id="fifteen from two pip cards"),
    pytest.param("TH JD QS AC", [("thirty-one", 2)], id="thirty-one is 2 (the go point is not)"),
    pytest.param("KS KH", [("pair", 2)], id="a pair of kings"),
    pytest.param("5S 5H 5D", [("fifteen", 2), ("pair", 6)], id="pair royal of fives making 15"),
    pytest.param("2S 2H 2D 2C", [("pair", 12)], id="double pair royal"),
    pytest.param("5S 5H 9D 5C", [], id="a pair broken by another card no longer counts"),
    pytest.param("JS JH QD", [], id="jack jack queen: neither pair nor run"),
    pytest.param("4S 5H 6D", [("fifteen", 2), ("run", 3)], id="run of three making 15"),
    pytest.param("4S 6H 5D", [("fifteen", 2), ("run", 3)], id="a run out of order counts"),
    pytest.param("4S 6H 5D 3C", [("run", 4)], id="run of four out of order"),
    pytest.param("4S 5H 5D 6C", [], id="a repeated rank breaks the run"),
    pytest.param(
        "4S 5H 4D 6C", [("run", 3)], id="the last three are a run despite an earlier repeat"
    ),
    pytest.param("2S 3S 9D 4S", [], id="a card between breaks the run"),
    pytest.param("AS 2S 3S 4S 5S 6S 7S", [("run", 7)], id="run of seven in order"),
    pytest.param("3S AS 2S 5S 4S 7S 6S", [("run", 7)], id="run of seven out of order"),
    pytest.param("9C AS 2S 3S 4S 5S 6S", [("run", 6)], id="only the last cards may form the run"),
    pytest.param("TS 5H 8D 4C 4S", [("thirty-one", 2), ("pair", 2)], id="31 with a pair"),
    pytest.param("TS 9H 5D 3C 4S", [("thirty-one", 2), ("run", 3)], id="31 with a run"),
]


@pytest.mark.parametrize(("pile", "expected"), PLAY_CASES)
def test_it_scores_the_last_card_of_the_pile(pile, expected):
    play = score_play(parse_cards(pile))

    assert [(item.kind, item.points) for item in play.items] == expected
    assert play.total == sum(points for _, points in expected)


def test_each_item_names_the_cards_that_make_it_in_play_order():
    play = score_play(parse_cards("KC 6C 4S 6H 5D"))

    assert play.to_dict() == {
        "total": 5,
        "items": [
            {"kind": "thirty-one", "cards": ["KC", "6C", "4S", "6H", "5D"], "points": 2},
            {"kind": "run", "cards": ["4S", "6H", "5D"], "points": 3},
        ],
    }
    pair_royal = score_play(parse_cards("9C 9D 9H"))
    assert pair_royal.items[-1].to_dict() == {
        "kind": "pair",
        "cards": ["9C", "9D", "9H"],
        "points": 6,
    }


def points_card_by_card(series: list[str]) -> list[int]:
    """Score each card of some series of the play as it lands."""
    points = []
    for text in series:
        cards = parse_cards(text)
        points.extend(score_play(cards[:end]).total for end in range(1, len(cards) + 1))
    return points


def test_the_issues_first_worked_example_scores_card_by_card():
    # Dealer 7 9 T J, pone 6 8 9 9; played 8 7 6 J (31) | 9 9 9, go (27) | T, last card.
    points = points_card_by_card(["8S 7D 6H JC", "9S 9D 9H", "TD"])

    #              8p 7d 6p Jd  9p 9d 9p Td
    assert points == [0, 2, 3, 2, 0, 2, 6, 0]
    # With the go and last card (the hand flow's business): pone 3 + 6 + 1, dealer 2 + 2 + 2 + 1.


def test_the_issues_second_worked_example_scores_card_by_card():
    # Dealer A A 2 5, pone 3 3 4 Q; played 4 2 3 5 Q A 3 A in one series.
    points = points_card_by_card(["4S 2D 3S 5D QS AD 3H AH"])

    #              4p 2d 3p 5d Qp Ad 3p Ad
    assert points == [0, 0, 3, 4, 0, 0, 0, 0]


BAD_PILES = [
    pytest.param([], "empty", id="an empty pile"),
    pytest.param(list(parse_cards("TS TH TD 2C")), "past 31", id="a count of 32"),
    pytest.param(list(parse_cards("5H 5H")), "same card twice", id="a card twice"),
    pytest.param(["5H", "TD"], "not a card", id="text instead of cards"),
    pytest.param("5H TD", "sequence of cards", id="a string instead of a sequence"),
    pytest.param([parse_card("5H"), None], "not a card", id="a hole in the pile"),
]


@pytest.mark.parametrize(("pile", "message"), BAD_PILES)
def test_it_rejects_a_pile_no_play_can_make(pile, message):
    before = list(pile) if isinstance(pile, list) else pile

    with pytest.raises(BadPile, match=message) as error:
        score_play(pile)

    assert error.value.code == "bad_pile"
    assert pile == before
