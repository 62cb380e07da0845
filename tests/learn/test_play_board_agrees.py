"""Every graded play of a review reads the same on the analysis board (issue 29), the expected
lines beside the values changing none of them."""

from __future__ import annotations

from games.engine import Discard, MatchOptions, Play, apply, new_match
from games.strategy.review import analyze_match
from learn.board import PlayPosition, play_card_values
from tests.strategy.review.matches import bot_match


def test_each_graded_play_has_the_reviews_values_on_the_board():
    options = MatchOptions(match_target=1)
    actions = bot_match(options, 21, levels=("easy", "hard"))
    review = analyze_match(options, actions)
    graded = {
        (hand["hand"], play["play"]): play for hand in review["hands"] for play in hand["plays"]
    }
    state = new_match(options)
    hand_index, plays_in_hand, compared = -1, 0, 0
    thrown: dict[int, tuple] = {}
    for action in actions:
        if isinstance(action, Discard):
            thrown[action.seat] = action.cards
        if isinstance(action, Play):
            entry = graded.get((hand_index, plays_in_hand))
            if entry is not None:
                seat, other = action.seat, 1 - action.seat
                position = PlayPosition(
                    hand=state.held[seat],
                    mine=tuple(card for who, card in state.played if who == seat),
                    theirs=tuple(card for who, card in state.played if who == other),
                    pile=tuple(card for _, card in state.series),
                    thrown=thrown[seat],
                    starter=state.starter,
                    opponent_holds=len(state.held[other]),
                    is_dealer=state.dealer == seat,
                    scores=(state.scores[seat], state.scores[other]),
                    they_said_go=state.said_go[other],
                )
                found = play_card_values(position, lines=True)  # as the page asks: with lines
                assert found.lines.keys() == found.values.keys()
                digits = 4 if entry["by_win_probability"] else 2
                assert {
                    str(card): round(value, digits) for card, value in found.values.items()
                } == entry["values"]
                assert found.depth == entry["depth"]
                compared += 1
            plays_in_hand += 1
        state, events = apply(state, action)
        if any(event.type == "hand_started" for event in events):
            hand_index += 1
            plays_in_hand = 0
    assert compared >= 10
