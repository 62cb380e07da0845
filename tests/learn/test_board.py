"""The board's values are the hint's and the review's: the same functions, the same numbers."""

from __future__ import annotations

import dataclasses

import pytest

from games.bots.expert import with_pegging
from games.engine.cards import parse_card, parse_cards
from games.strategy.analysis import analyze_discard
from games.strategy.expected_line import THEY, YOU, LineStep, expected_lines_from_state
from games.strategy.keep_pegging import keep_pegging
from games.strategy.review.pegging import graded_play_values
from learn.board import PlayPosition, ThrowPosition, play_card_values, throws_ranked
from learn.errors import LearnError
from learn.play_line import line_words


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


def test_each_card_has_the_line_the_search_expects_read_from_hands_not_the_hidden_cards():
    position = PlayPosition(
        hand=parse_cards("5H 6D 9S 4C"),
        theirs=parse_cards("TC"),
        pile=parse_cards("TC"),
        thrown=parse_cards("KH QS"),
        starter=parse_card("2C"),
        opponent_holds=3,
        is_dealer=True,
    )
    found = play_card_values(position, lines=True)
    assert found.values == play_card_values(position).values  # the line changes no value
    assert found.lines.keys() == found.values.keys()
    for card, steps in found.lines.items():
        assert (steps[0].seat, steps[0].rank) == (YOU, card.rank)
    # The five makes 15 for 2; its line then follows the search's likeliest reply.
    five = found.lines[parse_card("5H")]
    assert (five[0].points, five[0].count) == (2, 15) and five[1].seat == THEY
    # The opponent's real cards (here, other stand-ins than the board's) change nothing.
    state = position.state()
    for theirs in (parse_cards("5S 5D 6C"), parse_cards("KD KC JH")):
        hidden = dataclasses.replace(
            state, held=(state.held[0], theirs), kept=(state.kept[0], (*theirs, *position.theirs))
        )
        assert expected_lines_from_state(hidden, 0) == found.lines


def test_a_line_in_words_names_each_card_its_count_and_what_it_scores():
    steps = (
        LineStep(YOU, 5, 2, 15),
        LineStep(THEY, 5, 2, 20, share=0.18),
        LineStep(YOU, 9, 0, 29),
        LineStep(THEY, None, 0, 29, share=0.69),
        LineStep(YOU, None, 1, 29),
    )
    assert line_words(steps, [10]) == (
        "you 5: 15, fifteen for 2 → they likely 5 (18%): 20, a pair for 2 → you 9: 29"
        " → they likely go (69%) → you 1 for the go"
    )
    run = (LineStep(YOU, 3, 3, 9), LineStep(THEY, 3, 2, 12))
    assert line_words(run, [4, 2]) == "you 3: 9, a run of 3 for 3 → they 3: 12, a pair for 2 → …"
    won = (LineStep(YOU, 8, 4, 31, wins=True),)
    assert line_words(won, [10, 5, 8]) == "you 8: 31, thirty-one and a pair for 4, and the game"
    assert line_words((LineStep(YOU, 6, 0, 31),), [10, 10, 5]) == "you 6: 31"


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


def test_three_and_four_players_rank_every_throw_as_the_expert_values_it():
    from games.strategy.one_card_throw import analyze_throw
    from learn.board import many_seat_throws

    cards = parse_cards("5H 5D JS QC 2H")
    three = many_seat_throws(cards, players=3, own_crib=False)
    assert [(row.discard, row.analysis.total) for row in three] == [
        (result.discard, result.total) for result in analyze_throw(cards, crib_weight=-0.5)
    ]
    four = many_seat_throws(cards, players=4, own_crib=True)
    assert four[0].analysis == analyze_throw(cards, crib_weight=1.0)[0]
    assert len(three) == 5 and three[0].best and three[0].experts_choice
    six = many_seat_throws(parse_cards("5H 5D JS QC 2H 9C"), players=3, own_crib=True)
    assert len(six) == 15  # the dealer who takes six lays two away
    with pytest.raises(LearnError, match="dealt 5 cards"):
        many_seat_throws(parse_cards("5H 5D JS QC 2H 9C"), players=4, own_crib=True)


@pytest.mark.parametrize(
    ("players", "own_crib", "places"),
    [
        (3, False, [(0, 0), (1, 1)]),
        (3, True, [(2, 2)]),
        (4, False, [(0, 0), (2, 2)]),
        (4, True, [(1, 1), (3, 3)]),
    ],
)
def test_at_three_and_four_the_expert_s_throw_counts_what_the_kept_cards_peg(
    players, own_crib, places
):
    """The play column is the kept cards' play points for every seat, weighed as the expert
    weighs them, averaged over the places from the dealer's left whose crib it is (or is not);
    the expert's value adds it at the expert's weight, and the expert's throw is the best of
    those, which can differ from the best hand and crib."""
    from games.bots.expert_many_seats import fixed_weights, kept_play_weight, kept_play_worth
    from learn.board import many_seat_roles, many_seat_throws

    assert many_seat_roles(players, own_crib=own_crib) == places
    rows = many_seat_throws(parse_cards("TS 7D JD 7H 4S"), players=players, own_crib=own_crib)
    for row in rows:
        play = sum(
            kept_play_worth(row.keep, role=role, weights=fixed_weights(players, seat))
            for role, seat in places
        ) / len(places)
        assert row.play == pytest.approx(play)
        assert row.expert_value == pytest.approx(
            row.analysis.total + kept_play_weight(players) * play
        )
    choice = next(row for row in rows if row.experts_choice)
    assert choice.expert_value == max(row.expert_value for row in rows)
    assert sum(row.experts_choice for row in rows) == 1 and rows[0].best


def test_the_expert_at_three_keeps_the_four_where_hand_and_crib_alone_would_not():
    from learn.board import many_seat_throws

    rows = many_seat_throws(parse_cards("TS 7D JD 7H 4S"), players=3, own_crib=False)
    assert rows[0].discard == tuple(parse_cards("4S")) and rows[0].best
    assert not rows[0].experts_choice
    choice = next(row for row in rows if row.experts_choice)
    assert choice.discard == tuple(parse_cards("TS"))
