"""The board's values are the hint's and the review's: the same functions, the same numbers."""

from __future__ import annotations

import pytest

from games.bots.expert import with_pegging
from games.engine.cards import parse_card, parse_cards
from games.strategy.analysis import analyze_discard
from games.strategy.keep_pegging import keep_pegging
from games.strategy.review.pegging import graded_play_values
from learn.board import PlayPosition, ThrowPosition, play_card_values, throws_ranked
from learn.errors import LearnError


def test_every_throw_is_listed_with_the_analysis_values_best_first():
    cards = parse_cards("5H 5D JS QC 2H 9C")
    rows = throws_ranked(ThrowPosition(cards, is_dealer=True))
    analysis = analyze_discard(cards, is_dealer=True)
    assert [row.discard for row in rows] == [result.discard for result in analysis]
    assert [(row.analysis.hand, row.analysis.crib, row.analysis.total) for row in rows] == [
        (result.hand, result.crib, result.total) for result in analysis
    ]
    assert rows[0].best and not any(row.best for row in rows[1:])
    assert sum(row.experts_choice for row in rows) == 1
    for row in rows:
        assert row.play == keep_pegging(row.keep, is_dealer=True)
        assert row.expert_value == with_pegging(row.analysis)
        assert row.hand_low <= row.analysis.hand <= row.hand_high
        assert row.win_chance is None  # no scores given: not near the end


def test_near_the_end_each_throw_has_a_chance_to_win():
    cards = parse_cards("5H 5D JS QC 2H 9C")
    rows = throws_ranked(ThrowPosition(cards, is_dealer=False, scores=(110, 112)))
    assert all(row.win_chance is not None and 0 <= row.win_chance <= 1 for row in rows)


def test_five_card_hands_keep_three():
    rows = throws_ranked(ThrowPosition(parse_cards("5H 5D JS QC 2H"), is_dealer=False))
    assert len(rows) == 10 and all(len(row.keep) == 3 for row in rows)


def test_scores_past_the_game_are_refused():
    with pytest.raises(LearnError, match="0 to 60"):
        throws_ranked(ThrowPosition(parse_cards("5H 5D JS QC 2H"), is_dealer=False, scores=(70, 3)))


def test_a_play_position_is_valued_as_the_review_grades_a_play():
    position = PlayPosition(
        hand=parse_cards("5H 6D 9S"),
        mine=parse_cards("4C"),
        theirs=parse_cards("TC"),
        pile=parse_cards("TC 4C"),
        thrown=parse_cards("KH QS"),
        starter=parse_card("2C"),
        opponent_holds=3,
        is_dealer=True,
    )
    found = play_card_values(position)
    values, depth = graded_play_values(position.state(), 0)
    assert (found.values, found.depth) == (values, depth)
    assert set(found.values) == set(position.hand)


def _position(**changes):
    fields = {
        "hand": parse_cards("5H"),
        "mine": parse_cards("2H 3H 4S"),
        "theirs": parse_cards("TC KD QS"),
        "pile": parse_cards("TC KD QS"),
        "thrown": parse_cards("AH AS"),
        "starter": parse_card("7C"),
        "opponent_holds": 1,
    }
    return PlayPosition(**{**fields, **changes})


def test_a_pile_over_31_a_card_twice_or_counts_that_do_not_add_up_are_refused():
    with pytest.raises(LearnError, match="never passes 31"):
        play_card_values(
            _position(
                theirs=parse_cards("TC KD QS 2C"), pile=parse_cards("TC KD QS 2C"), opponent_holds=0
            )
        )
    with pytest.raises(LearnError, match="twice"):
        play_card_values(_position(thrown=parse_cards("5H AS")))
    with pytest.raises(LearnError, match="You kept 4"):
        play_card_values(_position(mine=parse_cards("2H")))
    with pytest.raises(LearnError, match="They kept 4"):
        play_card_values(_position(opponent_holds=3))
    with pytest.raises(LearnError, match="one of the cards played"):
        play_card_values(_position(pile=parse_cards("9D")))


def test_no_card_under_31_means_go():
    found = play_card_values(_position())  # the count is 30 and you hold the five
    assert found.values == {} and found.depth == "go"
