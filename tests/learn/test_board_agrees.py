"""The board says what the hint and the review say about the same position (issue 29)."""

from __future__ import annotations

import pytest

from games import services
from games.engine import MatchOptions
from games.engine.cards import parse_cards
from games.hints import HINT_THROWS, discard_hint_get
from games.models import Match
from games.services.recording import load_state
from games.strategy.review import analyze_match
from learn.board import ThrowPosition, throws_ranked
from tests.strategy.review.matches import bot_match


@pytest.mark.django_db(transaction=True)
def test_the_boards_best_throws_are_the_hints(alice):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    state = load_state(Match.objects.get(pk=match.pk))
    hint = discard_hint_get(match=match, user=alice)
    rows = throws_ranked(ThrowPosition(state.held[0], is_dealer=state.dealer == 0))
    assert [row.analysis.to_dict() for row in rows[:HINT_THROWS]] == hint["throws"]


def test_every_graded_discard_of_a_review_reads_the_same_on_the_board():
    options = MatchOptions(match_target=1)
    review = analyze_match(options, bot_match(options, 21))
    near_end_seen = 0
    for hand in review["hands"]:
        for entry in hand["discards"]:
            seat = entry["seat"]
            scores = tuple(hand["scores_before"])
            position = ThrowPosition(
                parse_cards(" ".join(entry["dealt"])),
                is_dealer=hand["dealer"] == seat,
                scores=(scores[seat], scores[1 - seat]),
            )
            rows = throws_ranked(position)
            thrown = set(parse_cards(" ".join(entry["thrown"])))
            chosen = next(row for row in rows if set(row.discard) == thrown)
            assert round(chosen.analysis.hand, 2) == round(entry["value"]["hand"], 2)
            assert round(chosen.analysis.total, 2) == round(entry["value"]["total"], 2)
            if entry["by_win_probability"]:
                near_end_seen += 1
                assert chosen.win_chance is not None
                assert round(chosen.win_chance, 4) == entry["win_chance"]
                assert (
                    round(max(row.win_chance or 0 for row in rows), 4) == entry["best_win_chance"]
                )
            else:
                assert chosen.win_chance is None
    assert near_end_seen  # the match went to its end: some throws were graded by the race
