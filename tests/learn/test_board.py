"""The board's values are the hint's and the review's: the same functions, the same numbers."""

from __future__ import annotations

import pytest

from games.bots.expert import with_pegging
from games.engine.cards import DECK, parse_card, parse_cards
from games.strategy.analysis import analyze_discard
from games.strategy.keep_pegging import keep_pegging
from games.strategy.pegging_search import play_values
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


def test_a_play_position_is_valued_by_the_experts_search():
    hand, pile, seen = parse_cards("5H 6D 9S"), parse_cards("TC"), parse_cards("KH QS 2C")
    values = play_card_values(PlayPosition(hand=hand, series=pile, seen=seen, opponent_holds=3))
    unseen = [card for card in DECK if card not in {*hand, *pile, *seen}]
    assert values == play_values(
        seat=0, hand=hand, unseen=unseen, held_counts=(3, 3), series=pile, count=10
    )
    assert set(values) == set(hand)


def test_a_pile_over_31_or_a_card_twice_is_refused():
    with pytest.raises(LearnError, match="never passes 31"):
        play_card_values(
            PlayPosition(
                hand=parse_cards("5H"), series=parse_cards("TC KD QS 2H"), seen=(), opponent_holds=1
            )
        )
    with pytest.raises(LearnError, match="twice"):
        play_card_values(
            PlayPosition(
                hand=parse_cards("5H"), series=parse_cards("5H"), seen=(), opponent_holds=1
            )
        )


def test_no_card_under_31_means_go():
    position = PlayPosition(
        hand=(parse_card("KH"),), series=parse_cards("TC KD 5S"), seen=(), opponent_holds=1
    )
    assert play_card_values(position) == {}
