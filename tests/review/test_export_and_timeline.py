"""The export replays elsewhere, the transcript reads, and the replay's timeline is the match."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest

from games import engine, services
from games.engine.options import TimeControl
from games.fairness import deal_from_deck, verify_commitment
from games.models import Match, Shuffle
from games.services.clocks import clock_check_run
from review.analysis import match_actions, match_options
from review.stored import match_timeline_get
from review.timeline import timeline_build
from tests.review.conftest import finished_match
from tests.server.driving import random_move, users_by_seat
from tests.support.tasks import tasks_run_due

pytestmark = pytest.mark.django_db


def test_the_json_export_replays_through_the_engine_to_the_same_final_score(client, alice, bob):
    match = finished_match(alice, bob, seed=3, variant="six")
    client.force_login(alice)
    response = client.get(f"/matches/{match.pk}/review/export.json")
    assert response["Content-Disposition"].startswith("attachment")
    export = json.loads(response.content)
    assert (export["format"], export["version"]) == ("cribbage-match", 2)
    assert export["match"]["time_control"] == {"kind": "none", "bank": 0, "increment": 0}
    assert export["clocks"] is None

    options = engine.MatchOptions.from_dict(export["match"]["options"])
    actions = [engine.action_from_dict(action) for action in export["actions"]]
    state, _ = engine.replay(options, actions)
    assert list(state.scores) == export["final_scores"] == match.state["scores"]
    assert state.winner == export["match"]["winner_seat"] == match.winner_seat
    assert list(state.match_scores) == export["match"]["match_scores"]
    # Every deck hashes to its commitment, and the deals are the shuffles' decks in order.
    decks = [action["deck"] for action in export["actions"] if action["type"] == "shuffle"]
    assert decks == [shuffle["deck"] for shuffle in export["shuffles"]]
    assert all(
        verify_commitment(**{k: s[k] for k in ("deck", "salt", "commitment")})
        for s in export["shuffles"]
    )
    # The score after each hand is the next hand's score before (within a game).
    for before, after in zip(export["hands"], export["hands"][1:], strict=False):
        if before["game"] == after["game"]:
            assert before["scores_after"] == after["scores_before"]
    assert [seat["name"] for seat in export["seats"]] == ["alice", "bob"]


def test_the_transcript_lists_every_deal_throw_and_show(client, alice, bob):
    match = finished_match(alice, bob, seed=4)
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/review/transcript.txt")
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert text.startswith(f"Cribbage match {match.pk}: alice against bob")
    hands = text.count("\nGame 1, hand ")
    assert hands >= 2
    assert text.count("throws") == 2 * hands
    assert text.count("'s crib:") >= hands - 1
    assert "wins the match" in text.splitlines()[-1]


def test_the_timeline_has_a_step_per_action_and_the_shows_in_order_pone_dealer_crib(alice, bob):
    match = finished_match(alice, bob, seed=5, variant="six")
    actions = match_actions(match=match)
    timeline = timeline_build(options=match_options(match=match), actions=actions)
    steps, hands = timeline["steps"], timeline["hands"]
    assert steps[0]["kind"] == "start"
    assert steps[-1]["state"]["scores"] == match.state["scores"]
    # One step per action, and one more per hand laid open after the first of an action.
    assert sum(1 for step in steps if step["kind"] != "show") == len(actions) + 1
    deal_decks = list(
        Shuffle.objects.filter(match=match, purpose="deal")
        .order_by("number")
        .values_list("deck", flat=True)
    )
    for hand in hands:
        in_hand = [step for step in steps if step["hand"] == hand["hand"]]
        shown = [e["data"] for step in in_hand for e in step["events"] if e["type"] == "hand_shown"]
        if len(shown) == 3:
            pone = 1 - hand["dealer"]
            assert [(s["seat"], s["kind"]) for s in shown] == [
                (pone, "hand"),
                (hand["dealer"], "hand"),
                (hand["dealer"], "crib"),
            ]
            # Each show step lays one more hand open, with the score it reached.
            show_steps = [step for step in in_hand if step["kind"] == "show"]
            assert [len(step["state"]["shown"]) for step in show_steps][-2:] == [2, 3]
        plays = [step["play"] for step in in_hand if step["kind"] == "play"]
        assert plays == list(range(len(plays)))
        # Everything is face up: both seats' dealt cards are the deck's deal.
        started = next(e for e in steps[hand["step"]]["events"] if e["type"] == "hand_started")
        deal = deal_from_deck(deal_decks[hand["hand"]], dealer=hand["dealer"], hand_size=6)
        assert started["data"]["dealt"] == {str(seat): cards for seat, cards in deal.hands.items()}


def test_the_review_page_carries_the_timeline_and_links_to_the_exports(client, alice, bob):
    match = finished_match(alice, bob, seed=6)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/review/")
    data = page.context["review_data"]
    assert data["names"] == ["alice", "bob"]
    assert len(data["proofs"]) == len(data["hands"])
    assert all(proof["verified"] for proof in data["proofs"])
    assert f"/matches/{match.pk}/review/export.json".encode() in page.content
    assert b'id="review-data"' in page.content


def test_the_page_gets_each_steps_changes_only_and_they_rebuild_every_snapshot(alice, bob):
    from review.timeline import timeline_compact

    match = finished_match(alice, bob, seed=7)
    timeline = timeline_build(
        options=match_options(match=match), actions=match_actions(match=match)
    )
    compact = timeline_compact(timeline)
    state: dict = {}
    for full, step in zip(timeline["steps"], compact["steps"], strict=True):
        state = {**state, **step["state"]}  # what steps.js's expandSteps does
        assert state == full["state"]
    assert len(json.dumps(compact)) < 0.8 * len(json.dumps(timeline))


def test_the_pages_json_cannot_close_its_script_element():
    from review.views import _json_for_script

    text = _json_for_script({"name": "</script><b>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><b>&"}


def test_a_timed_match_shows_its_clocks_in_the_timeline_the_export_and_the_transcript(
    client, alice, bob
):
    match = services.match_create(
        creator=alice,
        options={"variant": "five", "match_target": 1},
        clock=TimeControl("realtime", 60, 2),
    )
    services.match_join(match=match, user=bob)
    users, rng = users_by_seat(match), random.Random(6)
    for _ in range(8):  # some throws and plays, then the player to move thinks too long
        seat, action = random_move(match, rng)
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    match = Match.objects.get(pk=match.pk)
    Match.objects.filter(pk=match.pk).update(clock_since=match.clock_since - timedelta(seconds=90))
    assert clock_check_run(match_id=match.pk, seq=match.last_seq)
    tasks_run_due()
    match = Match.objects.get(pk=match.pk)

    steps = match_timeline_get(match=match)["steps"]
    clocked = [step for step in steps[1:] if "clock" in step]
    assert len(clocked) == len(steps) - 1  # every step after the start carries the clocks
    assert all(len(step["clock"]) == 2 for step in clocked)
    assert clocked[0]["clock"] != clocked[-1]["clock"]

    client.force_login(alice)
    export = json.loads(client.get(f"/matches/{match.pk}/review/export.json").content)
    assert export["match"]["time_control"] == {"kind": "realtime", "bank": 60, "increment": 2}
    assert len(export["clocks"]) == len(export["actions"])
    assert export["clocks"][-1] == match.clock_remaining
    assert export["match"]["finish_reason"] == "time"
    text = client.get(f"/matches/{match.pk}/review/transcript.txt").content.decode()
    assert "Time control: 1 min + 2 s." in text
    assert "left]" in text
    winner, loser = ("alice", "bob") if match.winner_seat == 0 else ("bob", "alice")
    assert text.splitlines()[-1] == f"{winner} wins the match on time. [{loser}: 0:00 left]"


def test_the_transcript_settles_each_claim_under_it_with_muggins_in_order(client, alice, bob):
    match = finished_match(alice, bob, seed=6, scoring="manual", muggins=True)
    client.force_login(alice)
    lines = client.get(f"/matches/{match.pk}/review/transcript.txt").content.decode().splitlines()
    claim = re.compile(r"^(\w+) claims (\d+) for the (\w+)\.$")
    claims = [(index, claim.match(line)) for index, line in enumerate(lines) if claim.match(line)]
    assert len(claims) > 5
    calls = 0
    for index, found in claims:
        name, claimed, subject = found.groups()
        settling = []
        for line in lines[index + 1 :]:
            if not line.startswith("  "):
                break
            settling.append(line.strip())
        # Any Muggins call comes first, then the truth, naming the claim it settles.
        *muggins, revealed = settling
        calls += len(muggins)
        on = f" calls Muggins on {name}'s claim of {claimed} for the {subject}, for "
        assert all(on in line for line in muggins)
        assert revealed.startswith(f"The {subject} was worth ")
        assert f": {name}'s claim of {claimed} was " in revealed
    assert calls > 0
    assert not any("was worth" in line and not line.startswith("  ") for line in lines)
