"""The review of a finished match of three or four players: every seat face up at every step,
the right board tracks, the fair-shuffle proof dealt at the match's own number of seats, the
export replaying to the same scores, and no "play this deal" (two-player only)."""

from __future__ import annotations

import json
import random
import re

import pytest

from games import engine, services
from games.models import Match
from tests.server.driving import random_move
from tests.support.tasks import tasks_run_due

pytestmark = pytest.mark.django_db(transaction=True)


def finished_computer_match(creator, *, players: int, seed: int) -> Match:
    """A match of ``players`` to one game, the computer in every other seat, hook run."""
    match = services.computer_match_create(
        creator=creator, options={"players": players, "match_target": 1}, level="medium"
    )
    rng = random.Random(seed)
    for _ in range(3000):
        move = random_move(match, rng)
        if move is None:
            break
        _, action = move  # the computer plays its own turns as each move is applied
        services.action_apply(match_id=match.pk, user=creator, action=action)
    tasks_run_due()  # the match-finished hook
    tasks_run_due()  # what its receivers queued: the analysis
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    return match


def review_data(client, match: Match) -> dict:
    response = client.get(f"/matches/{match.pk}/review/")
    assert response.status_code == 200
    found = re.search(
        r'<script id="review-data" type="application/json">(.*?)</script>',
        response.content.decode(),
        re.S,
    )
    return json.loads(found.group(1))


def expanded(steps: list[dict]) -> list[dict]:
    """Every step's whole state, as static/js/review/steps.js rebuilds it."""
    state: dict = {}
    whole = []
    for step in steps:
        state = {**state, **step["state"]}
        whole.append({**step, "state": state})
    return whole


@pytest.mark.parametrize("players", [3, 4])
def test_the_review_shows_every_seat_face_up_mid_hand(client, alice, players):
    match = finished_computer_match(alice, players=players, seed=players)
    client.force_login(alice)
    data = review_data(client, match)
    assert data["seats"] == players and len(data["names"]) == players
    assert data["partnership"] is (players == 4)
    # The analysis ran and says plainly it does not grade this table.
    assert data["analysis"] is not None and data["analysis"]["graded"] is False
    steps = expanded(data["steps"])
    mid = next(step for step in steps if step["kind"] == "play")
    assert len(mid["state"]["held"]) == players
    assert all(mid["state"]["held"][seat] for seat in range(players))
    # Every seat's cards are in the page's data (face up), and each hand's proof checks out
    # with the deal made at this number of seats.
    assert data["proofs"] and all(proof["verified"] for proof in data["proofs"])
    assert all(len(proof["dealt"]) == players for proof in data["proofs"])
    page = client.get(f"/matches/{match.pk}/review/").content.decode()
    assert 'data-testid="play-this-deal"' not in page
    assert "two-player matches only" in page


def test_the_export_of_a_three_seat_match_replays_to_the_same_final_scores(client, alice):
    match = finished_computer_match(alice, players=3, seed=7)
    client.force_login(alice)
    export = json.loads(client.get(f"/matches/{match.pk}/review/export.json").content)
    assert len(export["seats"]) == 3
    options = engine.MatchOptions.from_dict(export["match"]["options"])
    assert options.players == 3
    actions = [engine.action_from_dict(action) for action in export["actions"]]
    state, _ = engine.replay(options, actions)
    assert list(state.scores) == export["final_scores"] == match.state["scores"]
    assert state.winner == export["match"]["winner_seat"] == match.winner_seat
    transcript = client.get(f"/matches/{match.pk}/review/transcript.txt").content.decode()
    assert transcript.count(" is dealt ") >= 3


def test_a_four_seat_match_has_no_play_this_deal_and_a_transcript_by_partnership(client, alice):
    match = finished_computer_match(alice, players=4, seed=4)
    client.force_login(alice)
    before = Match.objects.count()
    response = client.post(f"/matches/{match.pk}/review/play-this-deal/")
    assert Match.objects.count() == before
    assert response.status_code in (302, 400)
    # The transcript names the partnerships and gives each side's score once.
    transcript = client.get(f"/matches/{match.pk}/review/transcript.txt").content.decode()
    names = [seat.display_name for seat in match.seats.order_by("number")]
    assert transcript.startswith(
        f"Cribbage match {match.pk}: {names[0]} & {names[2]} against {names[1]} & {names[3]}"
    )
    assert transcript.rstrip().endswith("win the match.")
    # The review's title names the same sides, not four players against each other.
    page = client.get(f"/matches/{match.pk}/review/").content.decode()
    assert f"Review: {names[0]} &amp; {names[2]} against {names[1]} &amp; {names[3]}" in page
    first_deal = next(
        line for line in transcript.splitlines() if line.startswith("Game 1, hand 1:")
    )
    assert "(score 0 to 0)" in first_deal
