"""Games started from given scores (``play_match(start_scores=...)``), which
benchmarks/many_seat_strength.py uses to say what a head start is worth in wins."""

from __future__ import annotations

import random

from benchmarks.many_seat_strength import group_outcome
from games.bots import bot_for_level
from games.bots.simulate import play_match
from games.engine import MatchOptions


def test_a_game_started_from_given_scores_goes_on_from_them():
    record = play_match(
        [bot_for_level("easy"), bot_for_level("easy")],
        options=MatchOptions(match_target=1),
        deck_rng=random.Random(3),
        bot_rngs=[random.Random(4), random.Random(5)],
        start_scores=(0, 110),
    )
    pegged = [sum(points.values()) for points in record.points]
    # Seat 1 won on fewer points than a game needs: from its start, which the scores went on
    # from (the winner's stops at the target).
    assert record.winner == 1 and pegged[1] < 121
    assert record.scores == (pegged[0], min(121, 110 + pegged[1]))


def test_a_level_against_itself_is_exactly_fair_and_a_head_start_is_all_that_wins():
    for players, fair in ((3, 1 / 3), (4, 1 / 2)):
        for seed in (1, 2):
            even = group_outcome(("easy", "easy", players, seed, 0))
            assert even["score"] == fair  # same deals, same bots: the seat wins, not the level
            ahead = group_outcome(("easy", "easy", players, seed, 100))
            assert ahead["score"] == 1.0
