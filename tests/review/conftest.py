"""Fixtures for the review tests: finished matches between alice and bob, a match in play, and
an analysis in games.strategy.review's format (docs/review.md) for the page to render."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import engine, services
from games.models import Match
from tests.server.driving import play_random_match, random_move, users_by_seat
from tests.support.tasks import tasks_run_due


def finished_match(first, second, *, seed: int = 1, private: bool = False, **options) -> Match:
    """A five-card match to one game point, played out with random legal moves, hook run."""
    options = {"variant": "five", "match_target": 1, **options}
    match = services.match_create(creator=first, options=options, private=private)
    services.match_join(match=match, user=second)
    play_random_match(match, random.Random(seed))
    tasks_run_due()  # the match-finished hook
    tasks_run_due()  # what its receivers queued: the analysis
    return Match.objects.get(pk=match.pk)


def match_in_play(first, second, *, private: bool = False, moves: int = 12) -> Match:
    """A match dealt and part-played: hands, crib and deck are still hidden."""
    match = services.match_create(
        creator=first, options={"variant": "six", "match_target": 1}, private=private
    )
    services.match_join(match=match, user=second)
    rng = random.Random(5)
    users = users_by_seat(match)
    for _ in range(moves):
        seat, action = random_move(match, rng)
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    return Match.objects.get(pk=match.pk)


def fake_analysis(options: engine.MatchOptions, actions: list[engine.Action]) -> dict[str, Any]:
    """An analysis of the documented shape, made from the log without any grading: every throw
    "best", every play with a choice "mistake" (1.5 lost), luck 0.5 a hand. Only for testing
    how the page stores and shows an analysis."""
    from review.timeline import timeline_build

    timeline = timeline_build(options=options, actions=actions)
    hands: list[dict[str, Any]] = []
    for hand in timeline["hands"]:
        steps = [step for step in timeline["steps"] if step["hand"] == hand["hand"]]
        dealt = next(
            e for e in timeline["steps"][hand["step"]]["events"] if e["type"] == "hand_started"
        )["data"]["dealt"]
        discards = []
        for step in steps:
            if step["kind"] == "discard":
                thrown = next(e for e in step["events"] if e["type"] == "discarded")["data"][
                    "cards"
                ]
                value = {"hand": 4.0, "crib": 1.0, "pegging": 0.0, "total": 5.0}
                discards.append(
                    {
                        "seat": step["seat"],
                        "dealt": dealt[str(step["seat"])],
                        "thrown": thrown,
                        "best": thrown,
                        "value": value,
                        "best_value": value,
                        "lost": 0.0,
                        "label": "best",
                        "by_win_probability": False,
                        "win_chance": None,
                        "best_win_chance": None,
                    }
                )
        plays = [
            {
                "seat": step["seat"],
                "play": step["play"],
                "card": next(e for e in step["events"] if e["type"] == "card_played")["data"][
                    "card"
                ],
                "best": None,
                "values": {},
                "lost": 1.5,
                "label": "mistake",
                "by_win_probability": False,
            }
            for step in steps
            if step["kind"] == "play"
        ]
        for play in plays:
            play["best"] = play["card"]
        end = steps[-1]["state"]["scores"]
        hands.append(
            {
                "hand": hand["hand"],
                "game": hand["game"],
                "dealer": hand["dealer"],
                "scores_before": hand["scores_before"],
                "scores_after": end,
                "starter": None,
                "discards": discards,
                "plays": plays,
                "luck": {
                    str(seat): {"deal": 0.5, "cut": 0.0, "pegging": 0.0, "show": 0.0, "total": 0.5}
                    for seat in range(2)
                },
                "claims": [],
            }
        )
    seats = ("0", "1")
    return {
        "version": 1,
        "seats": 2,
        "thresholds": {"inaccuracy": 0.5, "mistake": 1.5, "blunder": 3.0},
        "hands": hands,
        "players": {
            seat: {
                "discards_best": 1,
                "discards": 1,
                "discard_lost": 0.0,
                "plays_best": 0,
                "plays": 1,
                "play_lost": 1.5,
                "accuracy": 50.0,
                "luck_total": 0.5 * len(hands),
                "counting_accuracy": None,
            }
            for seat in seats
        },
        "luck_line": {seat: [0.5 * (n + 1) for n in range(len(hands))] for seat in seats},
        "score_line": {seat: [h["scores_after"][int(seat)] for h in hands] for seat in seats},
    }


@pytest.fixture
def analysis_fixture(monkeypatch):
    """Make the review use :func:`fake_analysis` (version 1) as games.strategy.review would."""
    calls: list[int] = []

    def analyze(options, actions):
        calls.append(len(actions))
        return fake_analysis(options, actions)

    monkeypatch.setattr("review.analysis._analyzer", lambda: (analyze, 1))
    return calls
